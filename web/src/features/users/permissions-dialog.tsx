import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, Trash2 } from 'lucide-react';
import { useTranslation } from '@/lib/translation';
import { PERMISSIONS, type Permission } from '@core/permissions.ts';
import type { StaffUser } from '@core/contracts/users.ts';
import { errorMessage } from '@/lib/errors';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { permissionOverridesQuery, useSaveOverride } from './users.api';

/** A permission's label key (dictionary keys hold no dots): "invoices.view" is permissions.names.invoices_view. */
const nameKey = (permission: Permission) => `permissions.names.${permission.replace('.', '_')}`;

/** The end of a chosen day in the browser's time zone, as the API takes it. */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

function OverrideForm({ userId }: { userId: number }) {
  const { t } = useTranslation('users');
  const save = useSaveOverride(userId);
  const [permission, setPermission] = useState<Permission>(PERMISSIONS[0]);
  const [allowed, setAllowed] = useState<'allow' | 'deny'>('allow');
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');

  const submit = () =>
    save.mutate(
      {
        permission,
        input: { allowed: allowed === 'allow', reason: reason.trim() || null, expiresAt: until ? endOfDay(until) : null },
      },
      {
        onSuccess: () => {
          setReason('');
          setUntil('');
          toast({ variant: 'success', title: t('permissions.savedTitle') });
        },
        onError: (error) => toast({ variant: 'destructive', title: t('toast.updateFailed'), description: errorMessage(error, t) }),
      },
    );

  return (
    <form
      className="grid gap-3 rounded-md border p-3 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      data-testid="override-form"
    >
      <Field id="override-permission" label={t('permissions.permission')}>
        <Select value={permission} onValueChange={(v) => setPermission(v as Permission)}>
          <SelectTrigger id="override-permission" data-testid="override-permission">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {PERMISSIONS.map((p) => (
              <SelectItem key={p} value={p}>
                {t(nameKey(p))}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <Field id="override-effect" label={t('permissions.effect')}>
        <Select value={allowed} onValueChange={(v) => setAllowed(v as 'allow' | 'deny')}>
          <SelectTrigger id="override-effect" data-testid="override-effect">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="allow">{t('permissions.allow')}</SelectItem>
            <SelectItem value="deny">{t('permissions.deny')}</SelectItem>
          </SelectContent>
        </Select>
      </Field>
      <Field id="override-reason" label={t('permissions.reason')} optional={t('permissions.optional')}>
        <Input
          id="override-reason"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
          data-testid="override-reason"
        />
      </Field>
      <Field id="override-until" label={t('permissions.until')} hint={t('permissions.untilHint')}>
        <Input
          id="override-until"
          type="date"
          min={tomorrow()}
          value={until}
          onChange={(e) => setUntil(e.target.value)}
          dir="ltr"
          className="text-start"
          data-testid="override-until"
        />
      </Field>
      <div className="flex justify-end sm:col-span-2">
        <Button type="submit" loading={save.isPending} data-testid="override-save">
          {t('permissions.save')}
        </Button>
      </div>
    </form>
  );
}

function OverrideList({ userId }: { userId: number }) {
  const { t } = useTranslation('users');
  const format = useFormatters();
  const { data, isLoading, isError, error } = useQuery(permissionOverridesQuery(userId));
  const save = useSaveOverride(userId);
  if (isLoading) return <Skeleton className="h-16" />;
  if (isError) return <p className="text-sm text-destructive">{errorMessage(error, t)}</p>;
  if (!data?.length) return <p className="text-sm text-muted-foreground">{t('permissions.none')}</p>;
  return (
    <ul className="flex flex-col divide-y rounded-md border" data-testid="override-list">
      {data.map((o) => (
        <li
          key={o.permission}
          className="flex items-start justify-between gap-3 p-3"
          data-testid="override-row"
          data-permission={o.permission}
        >
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
              {t(nameKey(o.permission))}
              <Badge variant={o.allowed ? 'success' : 'destructive'}>
                {o.allowed ? t('permissions.allowed') : t('permissions.denied')}
              </Badge>
              {!o.active && <Badge variant="neutral">{t('permissions.expired')}</Badge>}
            </p>
            <p className="text-xs text-muted-foreground">
              {o.expiresAt ? t('permissions.untilDate', { date: format.date(o.expiresAt) }) : t('permissions.noEnd')}
              {o.reason && <> · {o.reason}</>}
            </p>
          </div>
          <Button
            variant="ghost"
            size="sm"
            aria-label={t('permissions.remove', { name: t(nameKey(o.permission)) })}
            loading={save.isPending && save.variables?.permission === o.permission}
            onClick={() =>
              save.mutate(
                { permission: o.permission, input: null },
                { onError: (err) => toast({ variant: 'destructive', title: t('toast.updateFailed'), description: errorMessage(err, t) }) },
              )
            }
            data-testid="override-remove"
          >
            <Trash2 aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** "Permissions" for one manager or technician: the admin grants or denies single permissions, optionally until a date. */
export function PermissionsDialog({ member }: { member: StaffUser }) {
  const { t } = useTranslation('users');
  const [open, setOpen] = useState(false);
  const name = fullName(member.firstName, member.lastName, member.username);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => setOpen(true)}
        aria-label={t('permissions.openNamed', { name })}
        data-testid="open-permissions"
      >
        <KeyRound aria-hidden />
        <span className="hidden lg:inline">{t('permissions.open')}</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent width="lg">
          <DialogHeader>
            <DialogTitle>{t('permissions.title', { name })}</DialogTitle>
            <DialogDescription>{t('permissions.description', { role: t(`common:roles.${member.role}`) })}</DialogDescription>
          </DialogHeader>
          {open && (
            <div className="flex flex-col gap-4">
              <OverrideList userId={member.id} />
              <OverrideForm userId={member.id} />
            </div>
          )}
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)}>
              {t('common:actions.close')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
