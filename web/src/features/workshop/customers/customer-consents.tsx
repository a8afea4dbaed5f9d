import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useTranslation } from '@/lib/translation';
import { usePermissions } from '@/lib/auth';
import { useFormatters } from '@/lib/tenant';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { ListError } from '@/shared/list-frame';
import { toastFailure, toastSuccess } from '@/shared/messages';
import {
  CONSENT_SOURCES,
  CONSENT_TYPES,
  customerConsentsQuery,
  useSetConsents,
  type ConsentRecord,
  type ConsentSource,
  type ConsentType,
} from './data-rights.api';

/** When, how and by whom the choice in force was recorded; "never asked" counts as no. */
function LastChange({ record }: { record: ConsentRecord | null }) {
  const { t } = useTranslation('customers');
  const format = useFormatters();
  if (!record) return <>{t('consents.neverAsked')}</>;
  return (
    <>
      {t('consents.lastChange', {
        when: format.dateTime(record.createdAt),
        source: t(`consents.sources.${record.source}`),
        who: record.recordedBy?.name ?? t('consents.someone'),
      })}
    </>
  );
}

/**
 * The customer's choices about marketing (and service reminders) by e-mail and SMS: a switch
 * each for admins and managers, recorded with the source picked beside them; each change is a
 * new entry of the history the server keeps. Messages go only where the switch is on.
 */
export function CustomerConsents({ customerId }: { customerId: number }) {
  const { t } = useTranslation('customers');
  const canEdit = usePermissions().canEditCustomers;
  const consents = useQuery(customerConsentsQuery(customerId));
  const save = useSetConsents(customerId);
  const [source, setSource] = useState<ConsentSource>('in_person');
  const [saving, setSaving] = useState<ConsentType | null>(null);

  const change = (type: ConsentType, given: boolean) => {
    setSaving(type);
    save.mutate(
      { [type]: given, source },
      {
        onSuccess: () => toastSuccess(t, t('consents.saved')),
        onError: (failure) => toastFailure(t, failure, t('consents.saveFailed'), 'customers'),
        onSettled: () => setSaving(null),
      },
    );
  };

  return (
    <Card data-testid="customer-consents">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BellRing className="size-4 text-muted-foreground" aria-hidden />
          {t('consents.title')}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t('consents.description')}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {consents.isError ? (
          <ListError title={t('consents.loadFailed')} error={consents.error} onRetry={() => void consents.refetch()} />
        ) : !consents.data ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <>
            <ul className="flex flex-col gap-3">
              {CONSENT_TYPES.map((type) => {
                const record = consents.data.current[type];
                const id = `consent-${type}`;
                return (
                  <li key={type} className="flex items-start justify-between gap-3">
                    <div className="min-w-0">
                      <label htmlFor={id} className="text-sm font-medium">
                        {t(`consents.types.${type}`)}
                      </label>
                      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
                        <LastChange record={record} />
                      </p>
                    </div>
                    <Switch
                      id={id}
                      checked={record?.consentGiven ?? false}
                      disabled={!canEdit || saving !== null}
                      aria-describedby={`${id}-hint`}
                      onCheckedChange={(given) => change(type, given)}
                      data-testid={id}
                    />
                  </li>
                );
              })}
            </ul>
            {canEdit && (
              <div className="flex flex-wrap items-center gap-2 border-t pt-3">
                <span id="consent-source-label" className="text-xs text-muted-foreground">
                  {t('consents.sourceLabel')}
                </span>
                <Select value={source} onValueChange={(value) => setSource(value as ConsentSource)}>
                  <SelectTrigger size="sm" className="w-36" aria-labelledby="consent-source-label" data-testid="consent-source">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {CONSENT_SOURCES.map((s) => (
                      <SelectItem key={s} value={s}>
                        {t(`consents.sources.${s}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
