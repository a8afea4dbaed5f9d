import { useState } from 'react';
import { Download, LogIn, ScrollText } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import type { AuditAction, AuditResource } from '@core/contracts/audit.ts';
import { usePermissions, useTenantId } from '@/lib/auth';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { useTranslation } from '@/lib/translation';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { DayRangeFilter, PersonFilter } from './filters';
import { TableCell, TableRow } from '@/components/ui/table';
import { emptyView, PagedTable } from '@/shared/list-frame';
import { ALL } from '@/shared/list-filter';
import { FilterSelect } from '@/shared/option-select';
import { NoAccessCard } from '@/shared/no-access-card';
import { AUDIT_ACTION_TONE, AuditChanges } from '@/shared/audit-changes';
import { AUDIT_ACTIONS, AUDIT_RESOURCES, auditExportUrl, auditKey, type AuditEntry, type AuditFilter } from './audit.api';
import { withParam } from '@/shared/use-search-param';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { SignInHistory } from './sign-ins';

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation('audit');
  const format = useFormatters();
  return (
    <TableRow data-testid="audit-row" data-action={entry.action} data-resource={entry.resourceType}>
      <TableCell className="whitespace-nowrap align-top text-sm tabular-nums">{format.dateTime(entry.at)}</TableCell>
      <TableCell className="align-top">
        {entry.user ? <bdi className="font-medium">{entry.user.name}</bdi> : <span className="text-muted-foreground">{t('system')}</span>}
      </TableCell>
      <TableCell className="align-top">
        <Badge variant={AUDIT_ACTION_TONE[entry.action] ?? 'neutral'}>{t(`actions.${entry.action}`, { defaultValue: entry.action })}</Badge>
      </TableCell>
      <TableCell className="align-top">
        <span className="block">{t(`resources.${entry.resourceType}`, { defaultValue: entry.resourceType })}</span>
        {entry.resourceId && (
          <span className="text-xs text-muted-foreground" dir="ltr">
            #{entry.resourceId}
          </span>
        )}
      </TableCell>
      <TableCell className="min-w-56 align-top">
        <AuditChanges entry={entry} />
      </TableCell>
      <TableCell className="hidden align-top text-xs text-muted-foreground lg:table-cell">
        {entry.ipAddress && <span dir="ltr">{entry.ipAddress}</span>}
      </TableCell>
    </TableRow>
  );
}

const VIEWS = ['changes', 'sign-ins'] as const;
type View = (typeof VIEWS)[number];

/**
 * /audit-log (admins): who changed what and when (`?view=sign-ins`: who signed in, from where,
 * and the refused attempts).
 */
export default function AuditPage() {
  const { t } = useTranslation('audit');
  const allowed = usePermissions().canManageUsers;
  const search = useSearch();
  const [location, navigate] = useLocation();
  const asked = new URLSearchParams(search).get('view');
  const view: View = VIEWS.includes(asked as View) ? (asked as View) : 'changes';
  if (!allowed) return <NoAccessCard title={t('noAccess.title')} body={t('noAccess.body')} testId="audit-no-access" />;
  return (
    <Tabs
      value={view}
      onValueChange={(next) => navigate(withParam(location, search, 'view', next === 'changes' ? null : next), { replace: true })}
    >
      <TabsList className="w-full sm:w-auto">
        <TabsTrigger value="changes" data-testid="audit-tab-changes">
          <ScrollText className="size-4" aria-hidden />
          {t('tabs.changes')}
        </TabsTrigger>
        <TabsTrigger value="sign-ins" data-testid="audit-tab-sign-ins">
          <LogIn className="size-4" aria-hidden />
          {t('tabs.signIns')}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="changes">{view === 'changes' && <AuditEntries />}</TabsContent>
      <TabsContent value="sign-ins">{view === 'sign-ins' && <SignInHistory />}</TabsContent>
    </Tabs>
  );
}

/** Who changed what and when, filtered by record, action, person and days; CSV of what the filter keeps. */
function AuditEntries() {
  const { t } = useTranslation('audit');
  const tenantId = useTenantId();
  const allowed = usePermissions().canManageUsers;
  const [resourceType, setResourceType] = useState(ALL);
  const [action, setAction] = useState(ALL);
  const [userId, setUserId] = useState(ALL);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filter: AuditFilter = {
    resourceType: resourceType === ALL ? undefined : (resourceType as AuditResource),
    action: action === ALL ? undefined : (action as AuditAction),
    userId: userId === ALL ? undefined : Number(userId),
    from: from || undefined,
    to: to || undefined,
  };
  const list = usePagedList<AuditEntry>(auditKey(tenantId, filter), { enabled: allowed && tenantId > 0, keepPrevious: true });
  const filtered = Object.values(filter).some((value) => value !== undefined);

  return (
    <div className="flex flex-col gap-4" data-testid="audit-page">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-end">
        <div className="grid flex-1 grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end">
          <FilterSelect
            value={resourceType}
            onChange={setResourceType}
            label={t('filters.resource')}
            all={t('filters.allResources')}
            options={AUDIT_RESOURCES}
            text={(r) => t(`resources.${r}`)}
            testId="audit-resource-filter"
            className="sm:w-52"
          />
          <FilterSelect
            value={action}
            onChange={setAction}
            label={t('filters.action')}
            all={t('filters.allActions')}
            options={AUDIT_ACTIONS}
            text={(a) => t(`actions.${a}`)}
            testId="audit-action-filter"
          />
          <PersonFilter value={userId} onChange={setUserId} enabled={allowed} testId="audit-user-filter" />
          <DayRangeFilter from={from} to={to} onFrom={setFrom} onTo={setTo} prefix="audit" />
        </div>
        <a href={auditExportUrl(tenantId, filter)} download className={buttonClasses({ variant: 'outline' })} data-testid="audit-export">
          <Download aria-hidden />
          {t('export')}
        </a>
      </div>
      <PagedTable
        list={list}
        testId="audit"
        label={t('tableLabel')}
        columns={[
          { label: t('table.when') },
          { label: t('table.who') },
          { label: t('table.action') },
          { label: t('table.record') },
          { label: t('table.changes') },
          { label: t('table.address'), at: 'lg' },
        ]}
        row={(entry) => <AuditRow key={entry.id} entry={entry} />}
        empty={emptyView(filtered, { icon: ScrollText, title: t('empty.title'), body: t('empty.body') }, t)}
        t={t}
        namespace="audit"
      />
    </div>
  );
}
