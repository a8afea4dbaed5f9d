import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from '@/lib/translation';
import { CalendarDays, LayoutGrid, ListChecks, RefreshCw, UserPlus, Users } from 'lucide-react';
import { usePermissions } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { usePagedList } from '@/lib/paging';
import { techniciansListKey } from '../workforce.api';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { EmptyState } from '@/components/ui/empty-state';
import { toast } from '@/components/ui/toast';
import type { Technician } from '../model';
import { TechnicianCard, TechnicianCardSkeleton } from './technician-card';
import { DEFAULT_FILTER, isFiltered, ViewControls, type TechnicianFilter } from './view-controls';
import type { DialogState } from './technician-dialogs';
import { useTechnicianSelection, type Selection } from './selection';

const TechnicianDialogs = lazy(() => import('./technician-dialogs'));
const WeekCalendar = lazy(() => import('./week-calendar'));

export const SKELETON_CARDS = 6;

function ViewToggle({ view, onChange }: { view: 'list' | 'calendar'; onChange: (view: 'list' | 'calendar') => void }) {
  const { t } = useTranslation('technicians');
  return (
    <div role="radiogroup" aria-label={t('views.label')} className="inline-flex rounded-md border bg-muted p-0.5">
      {(['list', 'calendar'] as const).map((option) => {
        const Icon = option === 'list' ? LayoutGrid : CalendarDays;
        return (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={view === option}
            onClick={() => onChange(option)}
            className={cn(
              'inline-flex h-10 items-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors md:h-8',
              view === option ? 'bg-card text-foreground shadow-card' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            <Icon className="size-4" aria-hidden />
            {t(`views.${option}`)}
          </button>
        );
      })}
    </div>
  );
}

/**
 * The technician list with its controls, bulk selection, paging and dialogs: the Technicians
 * screen (with the calendar view) and the dashboard (list only) both use it.
 */
export function TechnicianWorkspace({
  pageSize,
  withViews = false,
  selection: external,
  addLabel,
  gridClassName = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3',
}: {
  pageSize: number;
  withViews?: boolean;
  selection?: Selection;
  addLabel?: string;
  gridClassName?: string;
}) {
  const { t, i18n } = useTranslation('technicians');
  const permissions = usePermissions();
  const canManage = permissions.canManageTechnicians;
  const internal = useTechnicianSelection();
  const selection = external ?? internal;
  const [filter, setFilter] = useState<TechnicianFilter>(DEFAULT_FILTER);
  const [view, setView] = useState<'list' | 'calendar'>('list');
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const list = usePagedList<Technician>(
    techniciansListKey(
      {
        skill: filter.skill === 'all' ? undefined : filter.skill,
        status: filter.status === 'all' ? undefined : filter.status,
        sort: filter.sort === 'default' ? undefined : filter.sort,
      },
      pageSize,
    ),
  );
  const lang = i18n.language;
  const selectedIds = useMemo(() => [...selection.selected], [selection.selected]);

  const requireSelection = (next: () => void) => {
    if (selectedIds.length === 0) {
      toast({ variant: 'destructive', title: t('noSelection.title'), description: t('noSelection.body') });
      return;
    }
    next();
  };

  const onAdd = canManage ? () => setDialog({ kind: 'add' }) : undefined;
  const onEdit = canManage ? (technician: Technician) => setDialog({ kind: 'edit', technician }) : undefined;

  const bulkToggle = canManage && (
    <label className="inline-flex h-11 cursor-pointer items-center gap-2 rounded-md border bg-card px-3 text-sm font-medium shadow-card md:h-9">
      <Checkbox checked={selection.mode} onCheckedChange={(checked) => selection.setMode(checked === true)} data-testid="bulk-select" />
      {t('controls.bulkSelect')}
    </label>
  );

  const bulkBar = canManage && selection.mode && (
    <div className="flex flex-wrap items-center gap-2 rounded-md border border-primary/30 bg-primary/5 p-2" data-testid="bulk-bar">
      <span className="px-2 text-sm font-medium">{t('controls.selected', { n: formatNumber(selectedIds.length, lang) })}</span>
      <div className="ms-auto flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={() => requireSelection(() => setDialog({ kind: 'bulkAssign', technicianIds: selectedIds }))}
        >
          <ListChecks aria-hidden />
          {t('controls.assignTasks', { n: formatNumber(selectedIds.length, lang) })}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => requireSelection(() => setDialog({ kind: 'bulkStatus', technicianIds: selectedIds }))}
        >
          <RefreshCw aria-hidden />
          {t('controls.bulkUpdate')}
        </Button>
        {selectedIds.length > 0 && (
          <Button variant="ghost" size="sm" onClick={selection.clear}>
            {t('controls.clearSelection')}
          </Button>
        )}
      </div>
    </div>
  );

  let body;
  if (list.isLoading) {
    body = (
      <div className={gridClassName} data-testid="technicians-loading">
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <TechnicianCardSkeleton key={i} />
        ))}
      </div>
    );
  } else if (list.isError) {
    body = (
      <div className="flex flex-col items-center gap-3 rounded-md border px-6 py-12 text-center">
        <p className="font-medium">{t('loadFailed')}</p>
        <p className="text-sm text-muted-foreground">{errorMessage(list.error, t)}</p>
        <Button variant="outline" onClick={() => void list.refetch()}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  } else if (list.items.length === 0) {
    body = (
      <EmptyState
        icon={Users}
        title={t('empty.title')}
        body={isFiltered(filter) ? t('empty.filtered') : t('empty.none')}
        testId="technicians-empty"
        action={
          canManage && (
            <Button onClick={() => setDialog({ kind: 'add' })}>
              <UserPlus aria-hidden />
              {t('controls.addTechnician')}
            </Button>
          )
        }
      />
    );
  } else if (view === 'calendar') {
    body = (
      <Suspense fallback={<div className="h-64 animate-pulse rounded-md bg-muted" />}>
        <WeekCalendar technicians={list.items} onOpenTask={(taskId) => setDialog({ kind: 'task', taskId })} />
      </Suspense>
    );
  } else {
    body = (
      <div className={gridClassName} data-testid="technician-grid">
        {list.items.map((technician) => (
          <TechnicianCard
            key={technician.id}
            technician={technician}
            selectionMode={selection.mode}
            selected={selection.selected.has(technician.id)}
            onToggle={selection.toggle}
            onOpen={(tech) => setDialog({ kind: 'detail', technicianId: tech.id })}
            onEdit={onEdit}
            canManage={canManage}
          />
        ))}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4" data-testid="technician-workspace">
      <ViewControls filter={filter} onChange={setFilter} onAdd={onAdd} addLabel={addLabel ?? t('controls.addTechnician')}>
        {withViews && <ViewToggle view={view} onChange={setView} />}
        {bulkToggle}
      </ViewControls>
      {bulkBar}
      {body}
      {list.items.length > 0 && (
        <div className="flex flex-col items-center gap-2">
          <p className="text-xs text-muted-foreground" data-testid="technicians-count">
            {t('showing', { shown: formatNumber(list.items.length, lang), total: formatNumber(list.total, lang) })}
          </p>
          {list.hasNextPage && (
            <Button variant="outline" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage}>
              {t('loadMore')}
            </Button>
          )}
        </div>
      )}
      {dialog && (
        <Suspense fallback={null}>
          <TechnicianDialogs state={dialog} onChange={setDialog} onBulkDone={() => selection.setMode(false)} />
        </Suspense>
      )}
    </div>
  );
}
