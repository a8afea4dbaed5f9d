import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Info, ShieldAlert, ShieldOff, UserCheck, UserX } from 'lucide-react';
import type { StaffUser } from '@core/contracts/users.ts';
import type { Role } from '@core/permissions.ts';
import { useAuth, usePermissions } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { fullName, initialsOf } from '@/lib/utils';
import { ConfirmDialog } from '@/shared/confirm-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toast';
import { Tooltip } from '@/components/ui/tooltip';
import { CreateUserDialog } from './create-user-dialog';
import { RoleSelect } from './role-select';
import { PermissionsDialog } from './permissions-dialog';
import { staffQuery, useResetTwoFactor, useSetActive } from './users.api';
import { useRoleSelect } from '@/shared/staff-role';

const ROLE_BADGE: Record<Role, 'primary' | 'info' | 'neutral'> = { admin: 'primary', manager: 'info', technician: 'neutral' };

function NoPermission() {
  const { t } = useTranslation('users');
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 px-6 py-14 text-center md:px-6 md:py-16">
        <div className="flex size-12 items-center justify-center rounded-full bg-warning/12 text-warning">
          <ShieldAlert className="size-6" aria-hidden />
        </div>
        <h2 className="text-lg font-semibold">{t('noPermission.title')}</h2>
        <p className="max-w-md text-sm text-muted-foreground">{t('noPermission.body')}</p>
      </CardContent>
    </Card>
  );
}

function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation('users');
  return <Badge variant={active ? 'success' : 'neutral'}>{active ? t('status.active') : t('status.inactive')}</Badge>;
}

function ActiveToggle({ member, isSelf }: { member: StaffUser; isSelf: boolean }) {
  const { t } = useTranslation('users');
  const [open, setOpen] = useState(false);
  const setActive = useSetActive();
  const name = fullName(member.firstName, member.lastName, member.username);
  const deactivating = member.isActive;

  const confirm = () =>
    setActive.mutate(
      { userId: member.id, isActive: !member.isActive },
      {
        onSuccess: (saved) =>
          toast({
            variant: 'success',
            title: saved.isActive ? t('active.reactivatedTitle') : t('active.deactivatedTitle'),
            description: saved.isActive ? t('active.reactivatedBody', { name }) : t('active.deactivatedBody', { name }),
          }),
        onError: (error) => toast({ variant: 'destructive', title: t('toast.updateFailed'), description: errorMessage(error, t) }),
      },
    );

  const button = (
    <Button
      variant="outline"
      size="sm"
      onClick={() => setOpen(true)}
      disabled={isSelf || setActive.isPending}
      loading={setActive.isPending}
      aria-label={deactivating ? t('active.deactivateNamed', { name }) : t('active.reactivateNamed', { name })}
    >
      {!setActive.isPending && (deactivating ? <UserX aria-hidden /> : <UserCheck aria-hidden />)}
      <span className="hidden sm:inline">{deactivating ? t('active.deactivate') : t('active.reactivate')}</span>
    </Button>
  );

  return (
    <>
      {isSelf ? (
        <Tooltip content={t('active.notSelf')}>
          <span tabIndex={0} className="inline-flex">
            {button}
          </span>
        </Tooltip>
      ) : (
        button
      )}
      <ConfirmDialog
        open={open}
        title={deactivating ? t('active.confirmDeactivateTitle', { name }) : t('active.confirmReactivateTitle', { name })}
        body={deactivating ? t('active.confirmDeactivateBody') : t('active.confirmReactivateBody')}
        confirmLabel={deactivating ? t('active.deactivate') : t('active.reactivate')}
        destructive={deactivating}
        onConfirm={() => {
          setOpen(false);
          confirm();
        }}
        onClose={() => setOpen(false)}
        confirmTestId="confirm-active"
      />
    </>
  );
}

/** "Reset two-factor" for a user who has it on: they then sign in with the password alone. */
function ResetTwoFactor({ member }: { member: StaffUser }) {
  const { t } = useTranslation('users');
  const [open, setOpen] = useState(false);
  const reset = useResetTwoFactor();
  const name = fullName(member.firstName, member.lastName, member.username);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        disabled={reset.isPending}
        loading={reset.isPending}
        aria-label={t('twoFactor.resetNamed', { name })}
        data-testid="reset-two-factor"
      >
        {!reset.isPending && <ShieldOff aria-hidden />}
        <span className="hidden lg:inline">{t('twoFactor.reset')}</span>
      </Button>
      <ConfirmDialog
        open={open}
        title={t('twoFactor.confirmTitle', { name })}
        body={t('twoFactor.confirmBody')}
        confirmLabel={t('twoFactor.reset')}
        destructive
        onConfirm={() => {
          setOpen(false);
          reset.mutate(
            { userId: member.id },
            {
              onSuccess: () =>
                toast({ variant: 'success', title: t('twoFactor.doneTitle'), description: t('twoFactor.doneBody', { name }) }),
              onError: (error) => toast({ variant: 'destructive', title: t('toast.updateFailed'), description: errorMessage(error, t) }),
            },
          );
        }}
        onClose={() => setOpen(false)}
        confirmTestId="confirm-reset-two-factor"
      />
    </>
  );
}

function MemberRow({ member, isSelf, canManage }: { member: StaffUser; isSelf: boolean; canManage: boolean }) {
  const { t } = useTranslation('users');
  const { onRole, pending, name } = useRoleSelect(member, 'users', {
    updated: 'toast.roleUpdated',
    updatedBody: 'toast.roleUpdatedBody',
    failed: 'toast.updateFailed',
  });

  return (
    <TableRow data-testid="user-row" data-username={member.username} className={member.isActive ? undefined : 'bg-muted/30'}>
      {/* w-full + max-w-0: this column takes the room left and truncates, so role and action stay on a phone screen. */}
      <TableCell className="w-full max-w-0">
        <div className="flex items-center gap-3">
          <div className="hidden size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-xs font-semibold text-primary sm:flex">
            {initialsOf(member.firstName, member.lastName, member.username)}
          </div>
          <div className="min-w-0">
            <p className="flex min-w-0 items-center gap-2 font-medium">
              <span className="truncate">{name}</span>
              {isSelf && <Badge variant="outline">{t('you')}</Badge>}
              {member.twoFactorEnabled && (
                <Badge variant="success" className="shrink-0" data-testid="two-factor-badge">
                  {t('twoFactor.badge')}
                </Badge>
              )}
            </p>
            <p className="truncate text-xs text-muted-foreground" dir="ltr">
              @{member.username}
            </p>
            {member.email && (
              <p className="truncate text-xs text-muted-foreground md:hidden" dir="ltr">
                {member.email}
              </p>
            )}
            <div className="mt-1 sm:hidden">
              <StatusBadge active={member.isActive} />
            </div>
          </div>
        </div>
      </TableCell>
      <TableCell className="hidden text-muted-foreground md:table-cell">
        <span dir="ltr">{member.email}</span>
      </TableCell>
      <TableCell>
        {canManage ? (
          <RoleSelect
            value={member.role}
            onChange={onRole}
            disabled={pending}
            size="sm"
            className="w-28 sm:w-36"
            label={t('roleFor', { name })}
          />
        ) : (
          <Badge variant={ROLE_BADGE[member.role]}>{t(`common:roles.${member.role}`)}</Badge>
        )}
      </TableCell>
      <TableCell className="hidden sm:table-cell">
        <StatusBadge active={member.isActive} />
      </TableCell>
      {canManage && (
        <TableCell className="text-end">
          <div className="flex justify-end gap-2">
            {/* One's own is turned off from the profile, with the password and a code. */}
            {member.twoFactorEnabled && !isSelf && <ResetTwoFactor member={member} />}
            {/* Admins hold every permission: overrides are for managers and technicians. */}
            {member.role !== 'admin' && <PermissionsDialog member={member} />}
            <ActiveToggle member={member} isSelf={isSelf} />
          </div>
        </TableCell>
      )}
    </TableRow>
  );
}

/** /users: admins manage staff accounts; managers see the list; technicians are told they cannot. */
export default function UsersPage() {
  const { t, i18n } = useTranslation('users');
  const { user } = useAuth();
  const permissions = usePermissions();
  const canView = permissions.canManageUsers || permissions.canViewStaff;
  const canManage = permissions.canManageUsers;
  const { data, isLoading, isError, error, refetch } = useQuery({ ...staffQuery, enabled: canView });

  if (!canView) return <NoPermission />;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold">{t('heading')}</h2>
          <p className="text-sm text-muted-foreground">
            {data ? t('count', { total: formatNumber(data.length, i18n.language) }) : t('subheading')}
          </p>
        </div>
        {canManage && <CreateUserDialog />}
      </div>

      {!canManage && (
        <div role="note" className="flex gap-3 rounded-md border border-info/30 bg-info/10 p-3 text-sm">
          <Info className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
          <p>{t('readOnlyNotice')}</p>
        </div>
      )}

      <Card className="overflow-hidden">
        {isError ? (
          <div className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <p className="font-medium">{t('loadFailed')}</p>
            <p className="text-sm text-muted-foreground">{errorMessage(error, t)}</p>
            <Button variant="outline" onClick={() => void refetch()}>
              {t('common:actions.retry')}
            </Button>
          </div>
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>{t('columns.user')}</TableHead>
                <TableHead className="hidden md:table-cell">{t('columns.email')}</TableHead>
                <TableHead>{t('columns.role')}</TableHead>
                <TableHead className="hidden sm:table-cell">{t('columns.status')}</TableHead>
                {canManage && (
                  <TableHead className="text-end">
                    <span className="sr-only">{t('columns.actions')}</span>
                  </TableHead>
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {isLoading &&
                Array.from({ length: 5 }, (_, i) => (
                  <TableRow key={i}>
                    <TableCell colSpan={canManage ? 5 : 4}>
                      <Skeleton className="h-9" />
                    </TableCell>
                  </TableRow>
                ))}
              {data?.map((member) => (
                <MemberRow key={member.id} member={member} isSelf={member.id === user?.id} canManage={canManage} />
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
    </div>
  );
}
