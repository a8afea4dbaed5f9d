import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { useLocation, useSearch } from 'wouter';
import { ClipboardList, Pencil } from 'lucide-react';
import { useAuth, usePermissions } from '@/lib/auth';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { cn, fullName } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { useDetailId } from '@/shared/use-detail-id';
import { emptyView, ListToolbar, PagedTable, type EmptyView } from '@/shared/list-frame';
import { AddButton } from '@/shared/add-button';
import { FilterSelect } from '@/shared/option-select';
import { useSearchParam } from '@/shared/use-search-param';
import { PriorityBadge } from './job-card-badges';
import type { JobCardDialogState } from './job-card-dialogs';
import { jobCardsKey, myTechnicianId, type JobCardFilter } from './job-cards.api';
import { techniciansQuery } from '@/shared/technician-select';
import { useNewParam } from '@/shared/use-new-param';
import { JOB_CARD_PRIORITIES, JOB_CARD_STATUSES, type JobCard } from './model';
import { StatusSelect } from './status-select';

const JobCardDialogs = lazy(() => import('./job-card-dialogs'));

type Scope = 'mine' | 'all';

function ScopeToggle({ scope, onChange }: { scope: Scope; onChange: (scope: Scope) => void }) {
  const { t } = useTranslation('job-cards');
  return (
    <div role="radiogroup" aria-label={t('scope.label')} className="col-span-2 inline-flex rounded-md border bg-muted p-0.5 sm:col-span-1">
      {(['mine', 'all'] as const).map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={scope === option}
          onClick={() => onChange(option)}
          className={cn(
            'inline-flex h-10 flex-1 items-center justify-center whitespace-nowrap rounded-md px-3 text-sm font-medium transition-colors md:h-7',
            scope === option ? 'bg-card text-foreground shadow-card' : 'text-muted-foreground hover:text-foreground',
          )}
        >
          {t(`scope.${option}`)}
        </button>
      ))}
    </div>
  );
}

function JobCardRow({ card, canEdit, onOpen, onEdit }: { card: JobCard; canEdit: boolean; onOpen: () => void; onEdit: () => void }) {
  const { t } = useTranslation('job-cards');
  const format = useFormatters();
  const customer = fullName(card.customer.firstName, card.customer.lastName);
  const vehicle = `${card.vehicle.make} ${card.vehicle.model}`;
  return (
    <TableRow data-testid="job-card-row" data-job-number={card.jobNumber}>
      {/* w-full + max-w-0 below lg: this column takes the room left and stacks what the hidden columns show. */}
      <TableCell className="w-full max-w-0 lg:w-auto lg:max-w-none">
        <button
          type="button"
          onClick={onOpen}
          className="font-mono font-medium text-primary hover:underline"
          dir="ltr"
          data-testid="open-job-card"
        >
          {card.jobNumber}
        </button>
        <div className="mt-0.5 flex min-w-0 flex-col gap-0.5 text-xs text-muted-foreground lg:hidden">
          <span className="truncate text-sm text-foreground" dir="auto">
            {card.serviceType}
          </span>
          <span className="truncate" dir="auto">
            {customer} · {vehicle} · {card.vehicle.plateNumber}
          </span>
          <span className="flex flex-wrap items-center gap-2 pt-0.5">
            <PriorityBadge priority={card.priority} testId="priority-badge-compact" />
            {card.estimatedCost && <span className="tabular-nums">{format.money(card.estimatedCost)}</span>}
          </span>
        </div>
      </TableCell>
      <TableCell className="hidden lg:table-cell">
        <span dir="auto">{customer}</span>
      </TableCell>
      <TableCell className="hidden lg:table-cell">
        <span className="block">
          <span dir="auto">{vehicle}</span>
        </span>
        <span className="block text-xs text-muted-foreground">
          <span dir="ltr">{card.vehicle.plateNumber}</span>
        </span>
      </TableCell>
      <TableCell className="hidden xl:table-cell">
        <span dir="auto">{card.serviceType}</span>
      </TableCell>
      <TableCell>
        <StatusSelect card={card} canChange={canEdit} className="w-32 sm:w-36" />
      </TableCell>
      <TableCell className="hidden lg:table-cell">
        <PriorityBadge priority={card.priority} />
      </TableCell>
      <TableCell className="hidden text-end tabular-nums lg:table-cell" data-testid="estimated-cost">
        {card.estimatedCost ? format.money(card.estimatedCost) : <span className="text-muted-foreground">—</span>}
      </TableCell>
      <TableCell className="text-end">
        {canEdit && (
          <Button
            variant="ghost"
            size="icon"
            onClick={onEdit}
            aria-label={t('table.editNamed', { jobNumber: card.jobNumber })}
            data-testid="edit-job-card"
          >
            <Pencil aria-hidden />
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** /job-cards: search, status and priority filters, the table with inline status, paging, dialogs. */
export default function JobCardsPage() {
  const { t } = useTranslation('job-cards');
  const { user } = useAuth();
  const permissions = usePermissions();
  const staff = permissions.canEditWorkshopData;
  const tenantId = user?.tenantId ?? 0;
  // The search lives in the URL (?q=), so links (a vehicle's job cards) and the back button keep it.
  const search = useSearchParam();
  const query = useSearch();
  const [, navigate] = useLocation();
  // /job-cards/<id>: that card's detail over the list.
  const detailId = useDetailId('/job-cards');
  const [status, setStatus] = useState('all');
  const [priority, setPriority] = useState('all');
  const [scope, setScope] = useState<Scope>('mine');
  const [dialog, setDialogState] = useState<JobCardDialogState | null>(null);
  const technicians = useQuery({ ...techniciansQuery, enabled: !staff });
  const mine = staff ? null : myTechnicianId(technicians.data, user?.id);

  const filter: JobCardFilter = {
    q: search.q || undefined,
    status: status === 'all' ? undefined : status,
    priority: priority === 'all' ? undefined : priority,
    mine: !staff && scope === 'mine' ? 'true' : undefined,
  };
  const list = usePagedList<JobCard>(jobCardsKey(tenantId, filter), { enabled: tenantId > 0 });
  const filtered = !!filter.q || !!filter.status || !!filter.priority;
  const canEdit = (card: Pick<JobCard, 'assignedTo'>) => staff || (mine !== null && card.assignedTo === mine);

  const listPath = query ? `/job-cards?${query}` : '/job-cards';
  /** The detail has its own address (back closes it); the other dialogs are the page's state. */
  const setDialog = (next: JobCardDialogState | null) => {
    if (next?.kind === 'detail') {
      navigate(query ? `/job-cards/${next.jobCardId}?${query}` : `/job-cards/${next.jobCardId}`);
      return;
    }
    if (detailId !== null) navigate(listPath);
    setDialogState(next);
  };
  useNewParam(() => setDialog({ kind: 'new' }), staff);
  const shown: JobCardDialogState | null = dialog ?? (detailId !== null ? { kind: 'detail', jobCardId: detailId } : null);

  let empty: EmptyView = {
    icon: ClipboardList,
    title: t('empty.title'),
    body: staff ? t('empty.body') : t('empty.bodyReadOnly'),
    action: staff && <AddButton label={t('create')} onClick={() => setDialog({ kind: 'new' })} />,
  };
  if (filter.mine) empty = { icon: ClipboardList, title: t('empty.mineTitle'), body: t('empty.mineBody') };

  return (
    <div className="flex flex-col gap-4" data-testid="job-cards-page">
      <ListToolbar
        search={{
          value: search.text,
          onChange: search.setText,
          label: t('search'),
          placeholder: t('searchPlaceholder'),
          busy: search.searching,
          testId: 'job-card-search',
        }}
        filters={
          <>
            <FilterSelect
              value={status}
              onChange={setStatus}
              label={t('filters.status')}
              testId="job-card-status-filter"
              className="sm:w-40"
              all={t('filters.allStatuses')}
              options={JOB_CARD_STATUSES}
              text={(s) => t(`status.${s}`)}
            />
            <FilterSelect
              value={priority}
              onChange={setPriority}
              label={t('filters.priority')}
              testId="job-card-priority-filter"
              className="sm:w-40"
              all={t('filters.allPriorities')}
              options={JOB_CARD_PRIORITIES}
              text={(p) => t(`priority.${p}`)}
            />
            {!staff && <ScopeToggle scope={scope} onChange={setScope} />}
          </>
        }
        actions={staff && <AddButton label={t('create')} onClick={() => setDialog({ kind: 'new' })} testId="create-job-card" />}
      />
      <PagedTable
        list={list}
        testId="job-cards"
        columns={[
          { label: t('table.jobNumber') },
          { label: t('table.customer'), at: 'lg' },
          { label: t('table.vehicle'), at: 'lg' },
          { label: t('table.serviceType'), at: 'xl' },
          { label: t('table.status') },
          { label: t('table.priority'), at: 'lg' },
          { label: t('table.estimatedCost'), end: true, at: 'lg' },
          { label: t('table.actions'), srOnly: true, end: true },
        ]}
        row={(card) => (
          <JobCardRow
            key={card.id}
            card={card}
            canEdit={canEdit(card)}
            onOpen={() => setDialog({ kind: 'detail', jobCardId: card.id })}
            onEdit={() => setDialog({ kind: 'edit', jobCardId: card.id })}
          />
        )}
        empty={emptyView(filtered, empty, t)}
        t={t}
        namespace="job-cards"
      />
      {shown && (
        <Suspense fallback={null}>
          <JobCardDialogs state={shown} onChange={setDialog} canEdit={canEdit} />
        </Suspense>
      )}
    </div>
  );
}
