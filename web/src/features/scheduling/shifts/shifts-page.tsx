import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CalendarClock, Clock, LogIn, LogOut, Pencil, Plus, SearchX, Trash2 } from 'lucide-react';
import type { Shift, ShiftAssignment } from '@core/contracts/shifts.ts';
import { useAuth, usePermissions } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { SearchField } from '@/components/ui/search-input';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast';
import { failureText } from '@/shared/messages';
import { formatClock, formatInstantClock } from '../shared/time';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { assignmentsKey, SHIFT_ASSIGNMENT_STATUSES, shiftsQuery, useCheck, type AssignmentFilter, type AssignmentStatus } from './shifts.api';

const ShiftDialogs = lazy(() => import('./shift-dialogs'));

/** Loading shows this many skeleton rows (spec section 9). */
export const SKELETON_ROWS = 5;
const ALL = 'all';

export type ShiftDialogState =
  | { kind: 'addShift' }
  | { kind: 'editShift'; shift: Shift }
  | { kind: 'deleteShift'; shift: Shift }
  | { kind: 'addAssignment' }
  | { kind: 'editAssignment'; assignment: ShiftAssignment };

export const ASSIGNMENT_STATUS_VARIANT: Record<AssignmentStatus, BadgeVariant> = {
  scheduled: 'info',
  checked_in: 'primary',
  checked_out: 'success',
  absent: 'destructive',
};

function SkeletonRows({ columns, testId }: { columns: number; testId: string }) {
  return (
    <>
      {Array.from({ length: SKELETON_ROWS }, (_, i) => (
        <TableRow key={i} data-testid={testId}>
          <TableCell colSpan={columns}>
            <Skeleton className="h-9" />
          </TableCell>
        </TableRow>
      ))}
    </>
  );
}

function LoadError({ message, onRetry, testId }: { message: string; onRetry: () => void; testId: string }) {
  const { t } = useTranslation('shifts');
  return (
    <div className="flex flex-col items-center gap-3 px-6 py-12 text-center" data-testid={testId}>
      <p className="font-medium">{t('loadFailed')}</p>
      <p className="text-sm text-muted-foreground">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('common:actions.retry')}
      </Button>
    </div>
  );
}

function DefinitionsTab({ canPlan, onDialog }: { canPlan: boolean; onDialog: (state: ShiftDialogState) => void }) {
  const { t, i18n } = useTranslation('shifts');
  const { user } = useAuth();
  const tenantId = user?.tenantId ?? 0;
  const shifts = useQuery({ ...shiftsQuery(tenantId), enabled: tenantId > 0 });
  const lang = i18n.language;
  const columns = canPlan ? 5 : 4;

  let body;
  if (shifts.isError) {
    body = <LoadError message={failureText(shifts.error, t, 'shifts', t('fetchShiftsFailed'))} onRetry={() => void shifts.refetch()} testId="shifts-error" />;
  } else if (!shifts.isLoading && (shifts.data ?? []).length === 0) {
    body = (
      <div className="p-4">
        <EmptyState
          icon={Clock}
          title={t('definitions.emptyTitle')}
          body={canPlan ? t('definitions.emptyBody') : t('definitions.emptyReadOnly')}
          testId="shifts-empty"
          action={
            canPlan && (
              <Button onClick={() => onDialog({ kind: 'addShift' })}>
                <Plus aria-hidden />
                {t('definitions.add')}
              </Button>
            )
          }
        />
      </div>
    );
  } else {
    body = (
      <Table data-testid="shifts-table">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{t('definitions.name')}</TableHead>
            <TableHead>{t('definitions.start')}</TableHead>
            <TableHead>{t('definitions.end')}</TableHead>
            <TableHead>{t('definitions.status')}</TableHead>
            {canPlan && (
              <TableHead className="text-end">
                <span className="sr-only">{t('actions.label')}</span>
              </TableHead>
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {shifts.isLoading ? (
            <SkeletonRows columns={columns} testId="shift-skeleton" />
          ) : (
            (shifts.data ?? []).map((shift) => (
              <TableRow key={shift.id} data-testid="shift-row" data-shift-name={shift.name}>
                <TableCell className="font-medium">
                  <bdi>{shift.name}</bdi>
                </TableCell>
                <TableCell className="tabular-nums">{formatClock(shift.startTime, lang)}</TableCell>
                <TableCell className="tabular-nums">{formatClock(shift.endTime, lang)}</TableCell>
                <TableCell>
                  <Badge variant={shift.isActive ? 'success' : 'neutral'} data-active={shift.isActive}>
                    {shift.isActive ? t('definitions.active') : t('definitions.inactive')}
                  </Badge>
                </TableCell>
                {canPlan && (
                  <TableCell className="text-end">
                    <div className="flex justify-end gap-0.5">
                      <Button variant="ghost" size="icon" onClick={() => onDialog({ kind: 'editShift', shift })} aria-label={t('actions.editNamed', { name: shift.name })} data-testid="edit-shift">
                        <Pencil aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="icon"
                        onClick={() => onDialog({ kind: 'deleteShift', shift })}
                        aria-label={t('actions.deleteNamed', { name: shift.name })}
                        data-testid="delete-shift"
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </div>
                  </TableCell>
                )}
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {canPlan && (
        <div className="flex justify-end">
          <Button onClick={() => onDialog({ kind: 'addShift' })} data-testid="add-shift">
            <Plus aria-hidden />
            {t('definitions.add')}
          </Button>
        </div>
      )}
      <Card className="overflow-hidden">{body}</Card>
      {shifts.data && shifts.data.length > 0 && (
        <p className="text-center text-xs text-muted-foreground">{t('definitions.count', { n: formatNumber(shifts.data.length, lang) })}</p>
      )}
    </div>
  );
}

function AssignmentRow({ assignment, canPlan, onDialog }: { assignment: ShiftAssignment; canPlan: boolean; onDialog: (state: ShiftDialogState) => void }) {
  const { t, i18n } = useTranslation('shifts');
  const { user } = useAuth();
  const format = useFormatters();
  const check = useCheck();
  const lang = i18n.language;
  const mine = assignment.userId === user?.id;
  const canCheck = canPlan || mine;
  const employee = fullName(assignment.employee.firstName, assignment.employee.lastName, assignment.employee.username);
  const dash = <span className="text-muted-foreground">—</span>;

  const run = (action: 'check-in' | 'check-out') =>
    check.mutate(
      { id: assignment.id, action },
      {
        onSuccess: () => toast({ variant: 'success', title: t('toast.success'), description: action === 'check-in' ? t('toast.checkedIn') : t('toast.checkedOut') }),
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: t('toast.error'),
            description: failureText(error, t, 'shifts', action === 'check-in' ? t('toast.checkInFailed') : t('toast.checkOutFailed')),
          }),
      },
    );

  return (
    <TableRow data-testid="assignment-row" data-assignment-id={assignment.id} data-status={assignment.status}>
      <TableCell>
        <span className="block whitespace-nowrap">{format.date(assignment.date)}</span>
        {/* Phones: who and which shift under the date (their columns are hidden). */}
        <span className="block text-xs text-muted-foreground md:hidden">
          {!mine && (
            <>
              <bdi>{employee}</bdi> ·{' '}
            </>
          )}
          <bdi>{assignment.shift.name}</bdi> {formatClock(assignment.shift.startTime, lang)}–{formatClock(assignment.shift.endTime, lang)}
        </span>
      </TableCell>
      <TableCell className="hidden font-medium md:table-cell">
        <bdi>{employee}</bdi>
      </TableCell>
      <TableCell className="hidden md:table-cell">
        <span className="block">
          <bdi>{assignment.shift.name}</bdi>
        </span>
        <span className="block text-xs tabular-nums text-muted-foreground">
          {formatClock(assignment.shift.startTime, lang)} – {formatClock(assignment.shift.endTime, lang)}
        </span>
      </TableCell>
      <TableCell>
        <Badge variant={ASSIGNMENT_STATUS_VARIANT[assignment.status]} data-testid="assignment-status">
          {t(`status.${assignment.status}`)}
        </Badge>
        {assignment.checkInTime && (
          <span className="mt-1 block whitespace-nowrap text-xs tabular-nums text-muted-foreground sm:hidden">
            {formatInstantClock(assignment.checkInTime, lang, format.timeZone)}
            {assignment.checkOutTime && ` – ${formatInstantClock(assignment.checkOutTime, lang, format.timeZone)}`}
          </span>
        )}
      </TableCell>
      <TableCell className="hidden tabular-nums sm:table-cell" data-testid="check-in-time" title={assignment.checkInTime ? format.dateTime(assignment.checkInTime) : undefined}>
        {assignment.checkInTime ? formatInstantClock(assignment.checkInTime, lang, format.timeZone) : dash}
      </TableCell>
      <TableCell className="hidden tabular-nums sm:table-cell" data-testid="check-out-time" title={assignment.checkOutTime ? format.dateTime(assignment.checkOutTime) : undefined}>
        {assignment.checkOutTime ? formatInstantClock(assignment.checkOutTime, lang, format.timeZone) : dash}
      </TableCell>
      <TableCell className="tabular-nums" data-testid="hours">
        {assignment.hoursWorked !== null ? t('hoursValue', { n: formatNumber(assignment.hoursWorked, lang) }) : dash}
      </TableCell>
      <TableCell className="text-end">
        <div className="flex items-center justify-end gap-1">
          {canCheck && assignment.status === 'scheduled' && (
            <Button size="sm" variant="outline" onClick={() => run('check-in')} loading={check.isPending} data-testid="check-in">
              <LogIn className="rtl:-scale-x-100" aria-hidden />
              {t('actions.checkIn')}
            </Button>
          )}
          {canCheck && assignment.status === 'checked_in' && (
            <Button size="sm" variant="outline" onClick={() => run('check-out')} loading={check.isPending} data-testid="check-out">
              <LogOut className="rtl:-scale-x-100" aria-hidden />
              {t('actions.checkOut')}
            </Button>
          )}
          {canPlan && (
            <Button
              variant="ghost"
              size="icon"
              onClick={() => onDialog({ kind: 'editAssignment', assignment })}
              aria-label={t('actions.editAssignment', { name: employee })}
              data-testid="edit-assignment"
            >
              <Pencil aria-hidden />
            </Button>
          )}
        </div>
      </TableCell>
    </TableRow>
  );
}

function AssignmentsTab({ canPlan, onDialog }: { canPlan: boolean; onDialog: (state: ShiftDialogState) => void }) {
  const { t, i18n } = useTranslation('shifts');
  const { user } = useAuth();
  const tenantId = user?.tenantId ?? 0;
  const [q, setQ] = useState('');
  const debouncedQ = useDebouncedValue(q.trim(), 300);
  const [status, setStatus] = useState(ALL);
  const filter: AssignmentFilter = {
    q: debouncedQ || undefined,
    status: status === ALL ? undefined : status,
    // Technicians see their own shifts.
    mine: canPlan ? undefined : 'true',
  };
  const list = usePagedList<ShiftAssignment>(assignmentsKey(tenantId, filter), { enabled: tenantId > 0 });
  const filtered = !!q.trim() || status !== ALL;
  const lang = i18n.language;

  let body;
  if (list.isError) {
    body = <LoadError message={failureText(list.error, t, 'shifts', t('fetchAssignmentsFailed'))} onRetry={() => void list.refetch()} testId="assignments-error" />;
  } else if (!list.isLoading && list.items.length === 0) {
    body = (
      <div className="p-4">
        <EmptyState
          icon={filtered ? SearchX : CalendarClock}
          title={filtered ? t('assignments.filteredTitle') : t('assignments.emptyTitle')}
          body={filtered ? t('assignments.filteredBody') : canPlan ? t('assignments.emptyBody') : t('assignments.emptyMine')}
          testId="assignments-empty"
          action={
            canPlan &&
            !filtered && (
              <Button onClick={() => onDialog({ kind: 'addAssignment' })}>
                <Plus aria-hidden />
                {t('assignments.add')}
              </Button>
            )
          }
        />
      </div>
    );
  } else {
    body = (
      <Table data-testid="assignments-table">
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>{t('assignments.date')}</TableHead>
            <TableHead className="hidden md:table-cell">{t('assignments.employee')}</TableHead>
            <TableHead className="hidden md:table-cell">{t('assignments.shift')}</TableHead>
            <TableHead>{t('assignments.status')}</TableHead>
            <TableHead className="hidden sm:table-cell">{t('assignments.checkIn')}</TableHead>
            <TableHead className="hidden sm:table-cell">{t('assignments.checkOut')}</TableHead>
            <TableHead>{t('assignments.hours')}</TableHead>
            <TableHead className="text-end">
              <span className="sr-only">{t('actions.label')}</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {list.isLoading ? (
            <SkeletonRows columns={8} testId="assignment-skeleton" />
          ) : (
            list.items.map((assignment) => <AssignmentRow key={assignment.id} assignment={assignment} canPlan={canPlan} onDialog={onDialog} />)
          )}
        </TableBody>
      </Table>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
          <SearchField className="col-span-2 sm:w-80" clearLabel={t('common:actions.clearSearch')} value={q} onChange={setQ} placeholder={t('assignments.searchPlaceholder')} label={t('assignments.search')} testId="assignment-search" />
          <Select value={status} onValueChange={setStatus}>
            <SelectTrigger size="sm" className="col-span-2 sm:w-44" aria-label={t('assignments.statusFilter')} data-testid="assignment-status-filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>{t('assignments.allStatuses')}</SelectItem>
              {SHIFT_ASSIGNMENT_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {t(`status.${s}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {canPlan && (
          <Button onClick={() => onDialog({ kind: 'addAssignment' })} data-testid="add-assignment">
            <Plus aria-hidden />
            {t('assignments.add')}
          </Button>
        )}
      </div>
      <Card className="overflow-hidden">{body}</Card>
      {list.items.length > 0 && (
        <div className="flex flex-col items-center gap-2">
          <p className="text-xs text-muted-foreground" data-testid="assignments-count">
            {t('showing', { shown: formatNumber(list.items.length, lang), total: formatNumber(list.total, lang) })}
          </p>
          {list.hasNextPage && (
            <Button variant="outline" onClick={() => void list.fetchNextPage()} loading={list.isFetchingNextPage} data-testid="load-more">
              {t('loadMore')}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

/** /shifts: shift definitions and shift assignments (check-in and check-out), with their dialogs. */
export default function ShiftsPage() {
  const { t } = useTranslation('shifts');
  const canPlan = usePermissions().canEditWorkshopData;
  const [tab, setTab] = useState<'assignments' | 'definitions'>(canPlan ? 'definitions' : 'assignments');
  const [dialog, setDialog] = useState<ShiftDialogState | null>(null);
  return (
    <div className="flex flex-col gap-4" data-testid="shifts-page">
      <Tabs value={tab} onValueChange={(v) => setTab(v as typeof tab)}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="definitions" data-testid="tab-definitions">
            {t('tabs.definitions')}
          </TabsTrigger>
          <TabsTrigger value="assignments" data-testid="tab-assignments">
            {t('tabs.assignments')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="definitions">
          <DefinitionsTab canPlan={canPlan} onDialog={setDialog} />
        </TabsContent>
        <TabsContent value="assignments">
          <AssignmentsTab canPlan={canPlan} onDialog={setDialog} />
        </TabsContent>
      </Tabs>
      {dialog && (
        <Suspense fallback={null}>
          <ShiftDialogs state={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </div>
  );
}
