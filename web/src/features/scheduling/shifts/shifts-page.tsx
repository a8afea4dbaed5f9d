import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import type { ShiftDialogState } from './shift-dialogs';
import { StatusBadge } from '@/shared/status-badge';
import { CalendarClock, Clock, LogIn, LogOut, Pencil, Trash2, SearchX } from 'lucide-react';
import type { ShiftAssignment } from '@core/contracts/shifts.ts';
import { useAuth, usePermissions } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { usePagedList } from '@/lib/paging';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { ListToolbar, PagedTable, wholeList } from '@/shared/list-frame';
import { AddButton } from '@/shared/add-button';
import { useListFilter } from '@/shared/list-filter';
import { FilterSelect } from '@/shared/option-select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast';
import { failureText } from '@/shared/messages';
import { formatClock, formatInstantClock } from '../shared/time';
import { assignmentsKey, SHIFT_ASSIGNMENT_STATUSES, shiftsQuery, useCheck, type AssignmentFilter } from './shifts.api';

const ShiftDialogs = lazy(() => import('./shift-dialogs'));

function DefinitionsTab({ canPlan, onDialog }: { canPlan: boolean; onDialog: (state: ShiftDialogState) => void }) {
  const { t, i18n } = useTranslation('shifts');
  const { user } = useAuth();
  const tenantId = user?.tenantId ?? 0;
  const shifts = useQuery({ ...shiftsQuery(tenantId), enabled: tenantId > 0 });
  const lang = i18n.language;

  return (
    <div className="flex flex-col gap-4">
      {canPlan && (
        <div className="flex justify-end">
          <AddButton label={t('definitions.add')} onClick={() => onDialog({ kind: 'addShift' })} testId="add-shift" />
        </div>
      )}
      <PagedTable
        list={wholeList(shifts)}
        whole
        testId="shifts"
        columns={[
          { label: t('definitions.name') },
          { label: t('definitions.start') },
          { label: t('definitions.end') },
          { label: t('definitions.status') },
          canPlan && { label: t('actions.label'), srOnly: true, end: true },
        ]}
        row={(shift) => (
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
                  <Button
                    variant="ghost"
                    size="icon"
                    onClick={() => onDialog({ kind: 'editShift', shift })}
                    aria-label={t('actions.editNamed', { name: shift.name })}
                    data-testid="edit-shift"
                  >
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
        )}
        empty={{
          icon: Clock,
          title: t('definitions.emptyTitle'),
          body: canPlan ? t('definitions.emptyBody') : t('definitions.emptyReadOnly'),
          action: canPlan && <AddButton label={t('definitions.add')} onClick={() => onDialog({ kind: 'addShift' })} />,
        }}
        t={t}
        namespace="shifts"
      />
      {shifts.data && shifts.data.length > 0 && (
        <p className="text-center text-xs text-muted-foreground">{t('definitions.count', { n: formatNumber(shifts.data.length, lang) })}</p>
      )}
    </div>
  );
}

function AssignmentRow({
  assignment,
  canPlan,
  onDialog,
}: {
  assignment: ShiftAssignment;
  canPlan: boolean;
  onDialog: (state: ShiftDialogState) => void;
}) {
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
        onSuccess: () =>
          toast({
            variant: 'success',
            title: t('toast.success'),
            description: action === 'check-in' ? t('toast.checkedIn') : t('toast.checkedOut'),
          }),
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
        <StatusBadge kind="assignment" value={assignment.status} testId="assignment-status">
          {t(`status.${assignment.status}`)}
        </StatusBadge>
        {assignment.checkInTime && (
          <span className="mt-1 block whitespace-nowrap text-xs tabular-nums text-muted-foreground sm:hidden">
            {formatInstantClock(assignment.checkInTime, lang, format.timeZone)}
            {assignment.checkOutTime && ` – ${formatInstantClock(assignment.checkOutTime, lang, format.timeZone)}`}
          </span>
        )}
      </TableCell>
      <TableCell
        className="hidden tabular-nums sm:table-cell"
        data-testid="check-in-time"
        title={assignment.checkInTime ? format.dateTime(assignment.checkInTime) : undefined}
      >
        {assignment.checkInTime ? formatInstantClock(assignment.checkInTime, lang, format.timeZone) : dash}
      </TableCell>
      <TableCell
        className="hidden tabular-nums sm:table-cell"
        data-testid="check-out-time"
        title={assignment.checkOutTime ? format.dateTime(assignment.checkOutTime) : undefined}
      >
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
  const { t } = useTranslation('shifts');
  const { user } = useAuth();
  const tenantId = user?.tenantId ?? 0;
  const { text: q, setText: setQ, status, setStatus, filter: search, filtered } = useListFilter();
  // Technicians see their own shifts.
  const filter: AssignmentFilter = { ...search, mine: canPlan ? undefined : 'true' };
  const list = usePagedList<ShiftAssignment>(assignmentsKey(tenantId, filter), { enabled: tenantId > 0 });

  return (
    <div className="flex flex-col gap-4">
      <ListToolbar
        search={{
          value: q,
          onChange: setQ,
          label: t('assignments.search'),
          placeholder: t('assignments.searchPlaceholder'),
          testId: 'assignment-search',
        }}
        filters={
          <FilterSelect
            value={status}
            onChange={setStatus}
            label={t('assignments.statusFilter')}
            all={t('assignments.allStatuses')}
            options={SHIFT_ASSIGNMENT_STATUSES}
            text={(s) => t(`status.${s}`)}
            testId="assignment-status-filter"
            className="col-span-2 sm:w-44"
          />
        }
        actions={
          canPlan && <AddButton label={t('assignments.add')} onClick={() => onDialog({ kind: 'addAssignment' })} testId="add-assignment" />
        }
      />
      <PagedTable
        list={list}
        testId="assignments"
        columns={[
          { label: t('assignments.date') },
          { label: t('assignments.employee'), at: 'md' },
          { label: t('assignments.shift'), at: 'md' },
          { label: t('assignments.status') },
          { label: t('assignments.checkIn'), at: 'sm' },
          { label: t('assignments.checkOut'), at: 'sm' },
          { label: t('assignments.hours') },
          { label: t('actions.label'), srOnly: true, end: true },
        ]}
        row={(assignment) => <AssignmentRow key={assignment.id} assignment={assignment} canPlan={canPlan} onDialog={onDialog} />}
        empty={
          filtered
            ? { icon: SearchX, title: t('assignments.filteredTitle'), body: t('assignments.filteredBody') }
            : {
                icon: CalendarClock,
                title: t('assignments.emptyTitle'),
                body: canPlan ? t('assignments.emptyBody') : t('assignments.emptyMine'),
                action: canPlan && <AddButton label={t('assignments.add')} onClick={() => onDialog({ kind: 'addAssignment' })} />,
              }
        }
        t={t}
        namespace="shifts"
      />
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
