import { lazy, Suspense, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { AddButton } from '@/shared/add-button';
import { FilterSelect } from '@/shared/option-select';
import { useNewParam } from '@/shared/use-new-param';
import { Link, useSearch } from 'wouter';
import { Users } from 'lucide-react';
import { usePermissions } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { useLiveMessages } from '@/lib/live';
import { fullName } from '@/lib/utils';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { allTechniciansQuery, refreshWorkforce, tasksQuery, useAssignTask } from '../workforce.api';
import { TASK_PRIORITIES, TASK_STATUSES } from '../model';
import { isTaskMessage, useOwnChanges } from '../own-changes';
import { assignedState, type TaskDialogState } from './dialog-state';
// The board (and dnd-kit) is part of the page: loaded lazily it showed a fallback after the tasks
// had arrived, and React keeps content that replaces a fallback back for 300 ms.
import AssignmentBoard from './board';

const TaskDialogs = lazy(() => import('./task-dialogs'));

const BOARD_SKELETONS = 6;
type Assignment = 'all' | 'assigned' | 'unassigned';
const BOARD_STATUSES = TASK_STATUSES.filter((s) => s !== 'cancelled');

function initialAssignment(search: string): Assignment {
  const value = new URLSearchParams(search).get('assignment');
  return value === 'assigned' || value === 'unassigned' ? value : 'all';
}

function BoardSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2 2xl:grid-cols-3" data-testid="board-loading">
      {Array.from({ length: BOARD_SKELETONS }, (_, i) => (
        <Card key={i} className="flex flex-col gap-3 p-3">
          <div className="flex items-center gap-3">
            <Skeleton className="size-8 rounded-full" />
            <div className="flex flex-1 flex-col gap-1.5">
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-3 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </Card>
      ))}
    </div>
  );
}

/** /tasks: filters, the unassigned panel and the board of tasks per technician. */
export default function TasksPage() {
  const { t } = useTranslation('tasks');
  const permissions = usePermissions();
  const canAssign = permissions.canAssignTasks;
  const queryClient = useQueryClient();
  const search = useSearch();
  const [status, setStatus] = useState('all');
  const [priority, setPriority] = useState('all');
  const [assignment, setAssignment] = useState<Assignment>(() => initialAssignment(search));
  const [dialog, setDialog] = useState<TaskDialogState | null>(null);
  useNewParam(() => setDialog({ kind: 'new' }), permissions.canEditAllTasks);
  const [moving, setMoving] = useState<{ taskId: number; technicianId: number } | null>(null);
  const assign = useAssignTask();
  const isOwnEcho = useOwnChanges();
  const lastToast = useRef(0);

  const filter = { status: status === 'all' ? undefined : status, priority: priority === 'all' ? undefined : priority };
  const technicians = useQuery(allTechniciansQuery);
  const assigned = useQuery({ ...tasksQuery({ ...filter, assignmentStatus: 'assigned' }), enabled: assignment !== 'unassigned' });
  const unassigned = useQuery({ ...tasksQuery({ ...filter, assignmentStatus: 'unassigned' }), enabled: assignment !== 'assigned' });

  useLiveMessages((message) => {
    if (!isTaskMessage(message) || isOwnEcho() || Date.now() - lastToast.current < 2000) return;
    lastToast.current = Date.now();
    toast({ title: t('realtime.title'), description: t('realtime.body') });
  });

  const onAssign = async (taskId: number, technicianId: number) => {
    setMoving({ taskId, technicianId });
    try {
      const task = await assign.mutateAsync({ taskId, technicianId });
      await refreshWorkforce(queryClient);
      const tech = technicians.data?.find((x) => x.id === technicianId);
      setDialog(assignedState(task, tech ? fullName(tech.firstName, tech.lastName) : undefined));
    } catch (error) {
      toast({ variant: 'destructive', title: t('assignFailed'), description: errorMessage(error, t) });
    } finally {
      setMoving(null);
    }
  };

  const visibleTechnicians = (technicians.data ?? []).filter((x) => x.status !== 'inactive');
  const loading =
    technicians.isLoading || (assignment !== 'unassigned' && assigned.isLoading) || (assignment !== 'assigned' && unassigned.isLoading);
  const failed = technicians.error ?? assigned.error ?? unassigned.error;
  const filtered = status !== 'all' || priority !== 'all';

  let body;
  if (loading) body = <BoardSkeleton />;
  else if (failed)
    body = (
      <div className="flex flex-col items-center gap-3 rounded-md border px-6 py-12 text-center">
        <p className="font-medium">{t('board.loadFailed')}</p>
        <p className="text-sm text-muted-foreground">{errorMessage(failed, t)}</p>
        <Button variant="outline" onClick={() => void refreshWorkforce(queryClient)}>
          {t('common:actions.retry')}
        </Button>
      </div>
    );
  else if (visibleTechnicians.length === 0)
    body = (
      <EmptyState
        icon={Users}
        title={t('board.emptyTitle')}
        body={t('board.emptyBody')}
        testId="board-empty"
        action={
          <Link href="/technicians" className={buttonClasses({ variant: 'outline' })}>
            {t('board.addTechnicians')}
          </Link>
        }
      />
    );
  else
    body = (
      <AssignmentBoard
        technicians={visibleTechnicians}
        assigned={assigned.data ?? []}
        unassigned={unassigned.data ?? []}
        showAssigned={assignment !== 'unassigned'}
        showPanel={assignment !== 'assigned'}
        canAssign={canAssign}
        moving={moving}
        onAssign={(taskId, technicianId) => void onAssign(taskId, technicianId)}
        onOpen={(taskId) => setDialog({ kind: 'task', taskId })}
        panelEmpty={filtered ? t('panel.emptyFiltered') : t('panel.empty')}
      />
    );

  return (
    <div className="flex flex-col gap-4" data-testid="tasks-page">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
          <FilterSelect
            value={status}
            onChange={setStatus}
            label={t('filters.status')}
            all={t('filters.allStatuses')}
            options={BOARD_STATUSES}
            text={(s) => t(`status.${s}`)}
            testId="task-status-filter"
          />
          <FilterSelect
            value={priority}
            onChange={setPriority}
            label={t('filters.priority')}
            all={t('filters.allPriorities')}
            options={TASK_PRIORITIES}
            text={(p) => t(`priority.${p}`)}
            testId="task-priority-filter"
          />
          <FilterSelect
            value={assignment}
            onChange={(v) => setAssignment(v as Assignment)}
            label={t('filters.assignment')}
            all={t('filters.allTasks')}
            options={['assigned', 'unassigned']}
            text={(v) => t(`filters.${v}`)}
            testId="task-assignment-filter"
            className="col-span-2 sm:col-span-1 sm:w-44"
          />
        </div>
        {permissions.canEditAllTasks && <AddButton label={t('newTask')} onClick={() => setDialog({ kind: 'new' })} testId="new-task" />}
      </div>
      {body}
      {dialog && (
        <Suspense fallback={null}>
          <TaskDialogs state={dialog} onChange={setDialog} />
        </Suspense>
      )}
    </div>
  );
}
