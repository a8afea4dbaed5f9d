import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Download, ShieldAlert, UserX } from 'lucide-react';
import { useTranslation } from '@/lib/translation';
import { useAuth } from '@/lib/auth';
import { useFormatters } from '@/lib/tenant';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { DialogFrame } from '@/shared/dialog-frame';
import { ListError } from '@/shared/list-frame';
import { toastFailure, toastSuccess } from '@/shared/messages';
import { customerDataRequestsQuery, useEraseCustomer, useExportCustomerData, type DataRequest } from './data-rights.api';

const STATUS_VARIANT: Record<DataRequest['status'], BadgeVariant> = { pending: 'warning', completed: 'success', failed: 'destructive' };
/** "First Last" as the server compares it: spaces and case aside. */
const normalName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase();

/** The danger dialog of an erasure: the customer's full name typed again, and why. */
function EraseDialog({ customerId, name, onClose }: { customerId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation('customers');
  const erase = useEraseCustomer(customerId);
  const [typed, setTyped] = useState('');
  const [reason, setReason] = useState('');
  const matches = normalName(typed) === normalName(name);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    erase.mutate(
      { confirm: typed, reason: reason.trim() || undefined },
      {
        onSuccess: () => {
          toastSuccess(t, t('dataRights.erased'));
          onClose();
        },
        onError: (failure) => toastFailure(t, failure, t('dataRights.eraseFailed'), 'customers'),
      },
    );
  };
  return (
    <DialogFrame
      title={t('dataRights.eraseTitle', { name })}
      width="md"
      busy={erase.isPending}
      onClose={onClose}
      testId="erase-customer-dialog"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div role="note" className="flex gap-2 rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive">
          <ShieldAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>{t('dataRights.eraseWarning')}</p>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="erase-confirm" className="text-sm font-medium">
            {t('dataRights.typeName', { name })}
          </label>
          <Input
            id="erase-confirm"
            value={typed}
            autoComplete="off"
            maxLength={300}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={typed !== '' && !matches}
            data-testid="erase-confirm"
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="erase-reason" className="text-sm font-medium">
            {t('dataRights.reason')}
          </label>
          <Textarea id="erase-reason" rows={2} maxLength={500} value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onClose} disabled={erase.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" variant="destructive" disabled={!matches} loading={erase.isPending} data-testid="erase-submit">
            {t('dataRights.eraseConfirm')}
          </Button>
        </div>
      </form>
    </DialogFrame>
  );
}

/**
 * A customer's data rights, for admins and managers: the export of everything held about them
 * (a zip), the erasure of their personal data (admins), and the requests made so far. An erased
 * customer shows so here.
 */
export function CustomerDataRights({ customer }: { customer: { id: number; firstName: string; lastName: string } }) {
  const { t } = useTranslation('customers');
  const format = useFormatters();
  const role = useAuth().user?.role;
  const requests = useQuery({ ...customerDataRequestsQuery(customer.id), enabled: role === 'admin' || role === 'manager' });
  const exportData = useExportCustomerData(customer.id);
  const [erasing, setErasing] = useState(false);
  if (role !== 'admin' && role !== 'manager') return null;
  const name = `${customer.firstName} ${customer.lastName}`.trim();
  const erasure = requests.data?.find((r) => r.requestType === 'erase' && r.status === 'completed');

  const download = () =>
    exportData.mutate(undefined, {
      onSuccess: (file) => toastSuccess(t, t('dataRights.exported', { file })),
      onError: (failure) => toastFailure(t, failure, t('dataRights.exportFailed'), 'customers'),
    });

  return (
    <Card data-testid="customer-data-rights">
      <CardHeader>
        <CardTitle>{t('dataRights.title')}</CardTitle>
        <p className="text-sm text-muted-foreground">{t('dataRights.description')}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {erasure && (
          <p role="status" className="rounded-md border bg-muted p-3 text-sm" data-testid="customer-erased">
            {t('dataRights.erasedOn', {
              when: format.dateTime(erasure.completedAt),
              who: erasure.handledBy?.name ?? t('consents.someone'),
            })}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={download} loading={exportData.isPending} data-testid="export-customer-data">
            <Download className="size-4" aria-hidden />
            {t('dataRights.export')}
          </Button>
          {role === 'admin' && !erasure && (
            <Button variant="destructive" size="sm" onClick={() => setErasing(true)} disabled={!requests.data} data-testid="erase-customer">
              <UserX className="size-4" aria-hidden />
              {t('dataRights.erase')}
            </Button>
          )}
        </div>
        {requests.isError ? (
          <ListError title={t('dataRights.loadFailed')} error={requests.error} onRetry={() => void requests.refetch()} />
        ) : !requests.data ? (
          <Skeleton className="h-12 w-full" />
        ) : requests.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('dataRights.none')}</p>
        ) : (
          <ul className="flex flex-col divide-y text-sm" aria-label={t('dataRights.requests')} data-testid="data-requests">
            {requests.data.map((r) => (
              <li key={r.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
                <span className="font-medium">{t(`dataRights.types.${r.requestType}`)}</span>
                <Badge variant={STATUS_VARIANT[r.status]}>{t(`dataRights.statuses.${r.status}`)}</Badge>
                <span className="text-muted-foreground">
                  {t('dataRights.handled', {
                    who: r.handledBy?.name ?? t('consents.someone'),
                    when: format.dateTime(r.completedAt ?? r.createdAt),
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {erasing && <EraseDialog customerId={customer.id} name={name} onClose={() => setErasing(false)} />}
    </Card>
  );
}
