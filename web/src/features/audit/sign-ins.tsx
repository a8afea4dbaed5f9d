import { useState } from 'react';
import { LogIn } from 'lucide-react';
import { usePermissions, useTenantId } from '@/lib/auth';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { useTranslation } from '@/lib/translation';
import { Badge } from '@/components/ui/badge';
import { TableCell, TableRow } from '@/components/ui/table';
import { emptyView, PagedTable } from '@/shared/list-frame';
import { ALL } from '@/shared/list-filter';
import { FilterSelect } from '@/shared/option-select';
import { signInsKey, SIGN_IN_OUTCOMES, type SignInEntry, type SignInFilter } from './audit.api';
import { DayRangeFilter, PersonFilter } from './filters';

function SignInRow({ entry }: { entry: SignInEntry }) {
  const { t } = useTranslation('audit');
  const format = useFormatters();
  const device = [entry.browser, entry.os].filter(Boolean).join(' · ');
  const failed = entry.outcome === 'failed';
  return (
    <TableRow data-testid="sign-in-row" data-outcome={entry.outcome}>
      <TableCell className="align-top text-sm tabular-nums sm:whitespace-nowrap">{format.dateTime(entry.at)}</TableCell>
      <TableCell className="align-top">
        <bdi className="font-medium">{entry.user.name}</bdi>
        {/* On a phone the device and address go under the name. */}
        <span className="block text-xs text-muted-foreground sm:hidden">
          {t(`common:devices.${entry.deviceType}`)}
          {device && (
            <>
              {' · '}
              <bdi>{device}</bdi>
            </>
          )}
        </span>
        {entry.ipAddress && (
          <span className="block text-xs text-muted-foreground sm:hidden">
            <bdi>{entry.ipAddress}</bdi>
          </span>
        )}
      </TableCell>
      <TableCell className="align-top">
        <Badge variant={failed ? 'warning' : 'success'}>{t(`signIns.outcomes.${entry.outcome}`)}</Badge>
        {failed && entry.failureReason && (
          <span className="mt-1 block text-xs text-muted-foreground">
            {t(`signIns.failureReasons.${entry.failureReason.replace(/^auth\./, '')}`, {
              defaultValue: t(`common:serverErrors.${entry.failureReason}`, { defaultValue: entry.failureReason }),
            })}
          </span>
        )}
      </TableCell>
      <TableCell className="hidden align-top text-sm sm:table-cell">
        <span className="block">{t(`common:devices.${entry.deviceType}`)}</span>
        {device && (
          <span className="text-xs text-muted-foreground">
            <bdi>{device}</bdi>
          </span>
        )}
        {entry.ipAddress && (
          <span className="hidden text-xs text-muted-foreground sm:block md:hidden">
            <bdi>{entry.ipAddress}</bdi>
          </span>
        )}
      </TableCell>
      <TableCell className="hidden align-top text-xs text-muted-foreground md:table-cell">
        {entry.ipAddress && <span dir="ltr">{entry.ipAddress}</span>}
      </TableCell>
      <TableCell className="hidden align-top text-xs lg:table-cell">
        {failed ? (
          <span className="text-muted-foreground">—</span>
        ) : entry.endedAt ? (
          <>
            <span className="block tabular-nums">{format.dateTime(entry.endedAt)}</span>
            {entry.endReason && <span className="text-muted-foreground">{t(`signIns.endReasons.${entry.endReason}`)}</span>}
          </>
        ) : (
          <span className="text-muted-foreground">{t('signIns.active')}</span>
        )}
      </TableCell>
    </TableRow>
  );
}

/** The workshop's sign-ins (admins): who, when, on what and from where, and the refused attempts; by person, outcome and days. */
export function SignInHistory() {
  const { t } = useTranslation('audit');
  const tenantId = useTenantId();
  const allowed = usePermissions().canManageUsers;
  const [outcome, setOutcome] = useState(ALL);
  const [userId, setUserId] = useState(ALL);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter: SignInFilter = {
    outcome: outcome === ALL ? undefined : (outcome as SignInFilter['outcome']),
    userId: userId === ALL ? undefined : Number(userId),
    from: from || undefined,
    to: to || undefined,
  };
  const list = usePagedList<SignInEntry>(signInsKey(tenantId, filter), { enabled: allowed && tenantId > 0, keepPrevious: true });
  const filtered = Object.values(filter).some((value) => value !== undefined);

  return (
    <div className="flex flex-col gap-4" data-testid="sign-ins">
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end">
        <FilterSelect
          value={outcome}
          onChange={setOutcome}
          label={t('signIns.filters.outcome')}
          all={t('signIns.filters.allOutcomes')}
          options={SIGN_IN_OUTCOMES}
          text={(o) => t(`signIns.outcomes.${o}`)}
          testId="sign-ins-outcome-filter"
        />
        <PersonFilter value={userId} onChange={setUserId} enabled={allowed} testId="sign-ins-user-filter" />
        <DayRangeFilter from={from} to={to} onFrom={setFrom} onTo={setTo} prefix="sign-ins" />
      </div>
      <PagedTable
        list={list}
        testId="sign-ins"
        label={t('signIns.tableLabel')}
        columns={[
          { label: t('signIns.table.when') },
          { label: t('signIns.table.who') },
          { label: t('signIns.table.outcome') },
          { label: t('signIns.table.device'), at: 'sm' },
          { label: t('signIns.table.address'), at: 'md' },
          { label: t('signIns.table.ended'), at: 'lg' },
        ]}
        row={(entry) => <SignInRow key={entry.id} entry={entry} />}
        empty={emptyView(filtered, { icon: LogIn, title: t('signIns.empty.title'), body: t('signIns.empty.body') }, t)}
        t={t}
        namespace="audit"
      />
    </div>
  );
}
