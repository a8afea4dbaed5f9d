import { Link } from 'wouter';
import { useQuery } from '@tanstack/react-query';
import { ArrowUpRight, UsersRound } from 'lucide-react';
import type { StaffUser } from '@core/contracts/users.ts';
import { ROLES, type Role } from '@core/permissions.ts';
import { useAuth, usePermissions } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { useTranslation } from '@/lib/translation';
import { initialsOf } from '@/lib/utils';
import { NoAccessCard } from '@/shared/no-access-card';
import { staffQuery, useRoleSelect } from '@/shared/staff-role';
import { OptionSelect } from '@/shared/option-select';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

const ROLE_BADGE: Record<Role, 'primary' | 'info' | 'neutral'> = { admin: 'primary', manager: 'info', technician: 'neutral' };

function MemberRow({ member, isSelf }: { member: StaffUser; isSelf: boolean }) {
  const { t } = useTranslation('account');
  const { onRole, pending, name } = useRoleSelect(member, 'account', {
    updated: 'users.roleUpdated',
    updatedBody: 'users.roleUpdatedBody',
    failed: 'users.failed',
  });
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0" data-testid="profile-user-row">
      <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-muted text-sm font-semibold text-muted-foreground">
        {initialsOf(member.firstName, member.lastName, member.username)}
      </span>
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {name}
          {isSelf && <span className="text-xs font-normal text-muted-foreground">({t('users.you')})</span>}
          <Badge variant={ROLE_BADGE[member.role]}>{t(`common:roles.${member.role}`)}</Badge>
          {!member.isActive && <Badge variant="neutral">{t('users.inactive')}</Badge>}
        </span>
        <span className="truncate text-xs text-muted-foreground">
          <span dir="ltr">{member.email ?? `@${member.username}`}</span>
        </span>
      </div>
      <div className="w-32 shrink-0 sm:w-40">
        <OptionSelect
          value={member.role}
          onChange={(role) => onRole(role as Role)}
          options={ROLES}
          text={(role) => t(`common:roles.${role}`)}
          label={t('users.roleOf', { name })}
          size="sm"
          disabled={pending}
        />
      </div>
    </li>
  );
}

/**
 * The profile's Users tab (admins): everyone in the workshop with a role badge and a role select
 * (spec/garage.md, Profile and section 6); adding, deactivating and the rest are on the Users screen.
 */
export function UsersTab() {
  const { t } = useTranslation('account');
  const { user } = useAuth();
  const isAdmin = usePermissions().canManageUsers;
  // Read only for admins, as the spec says.
  const { data, isLoading, isError, error, refetch } = useQuery({ ...staffQuery, enabled: isAdmin });
  if (!isAdmin) return <NoAccessCard testId="profile-users-denied" title={t('users.title')} body={t('users.noPermission')} />;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <CardTitle className="flex items-center gap-2">
            <UsersRound className="size-4 text-muted-foreground" aria-hidden />
            {t('users.title')}
          </CardTitle>
          <CardDescription>{t('users.description')}</CardDescription>
        </div>
        <Button variant="outline" size="sm" asChild>
          <Link href="/users">
            {t('users.manage')}
            <ArrowUpRight className="rtl:-scale-x-100" aria-hidden />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        {isLoading && (
          <div className="flex flex-col gap-3">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        )}
        {isError && (
          <div className="flex items-center justify-between gap-3 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm">
            <span>
              {t('users.loadFailed')} {errorMessage(error, t)}
            </span>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              {t('common:actions.retry')}
            </Button>
          </div>
        )}
        {data && (
          <ul className="divide-y" data-testid="profile-users">
            {data.map((member) => (
              <MemberRow key={member.id} member={member} isSelf={member.id === user?.id} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
