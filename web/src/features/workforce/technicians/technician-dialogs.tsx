import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { OptionSelect } from '@/shared/option-select';
import { DialogFrame } from '@/shared/dialog-frame';
import { Search } from 'lucide-react';
import { errorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { cn, fullName } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DialogFooter } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { notifyAssignment, tasksQuery, useAssignTask, useBulkAssign, useBulkStatus } from '../workforce.api';
import { PriorityBadge } from '../workforce-badges';
import { TECHNICIAN_STATUSES, type Task, type Technician, type TechnicianStatus } from '../model';
import { AssignedDialog, ChannelSwitches, chosenChannels, DEFAULT_CHANNELS } from '../tasks/assigned-dialog';
import { TaskDetailDialog } from '../tasks/task-detail';
import { TechnicianDetailDialog } from './technician-detail';
import { TechnicianForm } from './technician-form';

export type DialogState =
  | { kind: 'add' }
  | { kind: 'edit'; technician: Technician }
  | { kind: 'detail'; technicianId: number }
  | { kind: 'bulkAssign'; technicianIds: number[] }
  | { kind: 'bulkStatus'; technicianIds: number[] }
  | { kind: 'assignTask'; technician: Technician }
  | { kind: 'task'; taskId: number }
  | { kind: 'assigned'; taskId: number; taskTitle: string; technicianName: string };

function TechnicianFormDialog({ technician, onClose }: { technician?: Technician; onClose: () => void }) {
  const { t } = useTranslation('technicians');
  const name = technician ? fullName(technician.firstName, technician.lastName) : '';
  return (
    <DialogFrame
      title={technician ? t('edit.title') : t('add.title')}
      description={<>{technician ? t('edit.description', { name }) : t('add.description')}</>}
      width="lg"
      testId="technician-form-dialog"
      onClose={onClose}
    >
      <TechnicianForm technician={technician} onClose={onClose} />
    </DialogFrame>
  );
}

/** A list of unassigned tasks to tick (bulk) or pick (one), with a title search. */
function UnassignedTasks({
  selected,
  onToggle,
  multiple,
  onToggleAll,
}: {
  selected: ReadonlySet<number>;
  onToggle: (id: number) => void;
  multiple: boolean;
  onToggleAll?: (ids: number[]) => void;
}) {
  const { t } = useTranslation('technicians');
  const format = useFormatters();
  const [q, setQ] = useState('');
  const { data, isLoading } = useQuery(tasksQuery({ assignmentStatus: 'unassigned' }));
  const open = useMemo(
    () =>
      (data ?? []).filter(
        (task) => task.status !== 'completed' && task.status !== 'cancelled' && task.title.toLowerCase().includes(q.trim().toLowerCase()),
      ),
    [data, q],
  );
  if (isLoading) return <Skeleton className="h-40" />;
  if (!data || data.filter((task) => task.status !== 'completed' && task.status !== 'cancelled').length === 0) {
    return <p className="rounded-md border border-dashed py-8 text-center text-sm text-muted-foreground">{t('bulkAssign.none')}</p>;
  }
  const allOn = open.length > 0 && open.every((task) => selected.has(task.id));
  return (
    <div className="flex flex-col gap-2">
      <div className="relative">
        <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="ps-9"
          placeholder={t('assignDialog.search')}
          aria-label={t('assignDialog.search')}
          type="search"
        />
      </div>
      {multiple && onToggleAll && (
        <label className="flex h-9 items-center gap-2 px-1 text-sm font-medium">
          <Checkbox checked={allOn} onCheckedChange={() => onToggleAll(allOn ? [] : open.map((task) => task.id))} />
          {t('bulkAssign.selectAll')}
        </label>
      )}
      <ul className="flex max-h-72 flex-col divide-y overflow-y-auto rounded-md border" data-testid="unassigned-choices">
        {open.map((task) => {
          const on = selected.has(task.id);
          return (
            <li key={task.id}>
              <label className={cn('flex min-h-12 cursor-pointer items-center gap-3 px-3 py-2', on && 'bg-primary/5')}>
                {multiple ? (
                  <Checkbox checked={on} onCheckedChange={() => onToggle(task.id)} aria-label={task.title} />
                ) : (
                  <input
                    type="radio"
                    name="task-choice"
                    className="size-4 accent-[var(--primary)]"
                    checked={on}
                    onChange={() => onToggle(task.id)}
                  />
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm font-medium">{task.title}</span>
                  <span className="block text-xs text-muted-foreground">
                    {[task.skillRequired, task.dueDate ? format.date(task.dueDate) : null].filter(Boolean).join(' · ')}
                  </span>
                </span>
                <PriorityBadge priority={task.priority} />
              </label>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function BulkAssignDialog({ technicianIds, onClose, onDone }: { technicianIds: number[]; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation('technicians');
  const lang = i18n.language;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [channels, setChannels] = useState(DEFAULT_CHANNELS);
  const [sending, setSending] = useState(false);
  const bulk = useBulkAssign();
  const { data: unassigned } = useQuery(tasksQuery({ assignmentStatus: 'unassigned' }));
  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = () => {
    if (selected.size === 0) {
      toast({ variant: 'destructive', title: t('toast.error'), description: t('bulkAssign.chooseTasks') });
      return;
    }
    bulk.mutate(
      { taskIds: [...selected], technicianIds },
      {
        onSuccess: async (result) => {
          const chosen = chosenChannels(channels);
          if (chosen.length > 0 && result.assigned.length > 0) {
            setSending(true);
            await Promise.allSettled(result.assigned.map((a) => notifyAssignment(a.taskId, chosen)));
            setSending(false);
          }
          onDone();
          onClose();
          // Tasks gone from the workshop meanwhile (refused) are not placed either.
          const notPlaced = [...result.unplaced, ...result.refused];
          if (notPlaced.length > 0) {
            const titles = notPlaced.map((id) => unassigned?.find((task) => task.id === id)?.title ?? `#${id}`);
            toast({
              variant: result.assigned.length > 0 ? 'default' : 'destructive',
              title: t('bulkAssign.unplacedTitle'),
              description: `${t('bulkAssign.resultBody', { assigned: formatNumber(result.assigned.length, lang) })}. ${t('bulkAssign.unplacedBody', { tasks: titles.join(', ') })}`,
            });
          } else {
            toast({
              variant: 'success',
              title: t('bulkAssign.resultTitle'),
              description: t('bulkAssign.resultBody', { assigned: formatNumber(result.assigned.length, lang) }),
            });
          }
        },
        onError: (error) => toast({ variant: 'destructive', title: t('tasks:assignFailed'), description: errorMessage(error, t) }),
      },
    );
  };

  return (
    <DialogFrame
      title={t('bulkAssign.title')}
      description={<>{t('bulkAssign.description', { n: formatNumber(technicianIds.length, lang) })}</>}
      width="lg"
      testId="bulk-assign-dialog"
      onClose={onClose}
    >
      <UnassignedTasks selected={selected} onToggle={toggle} multiple onToggleAll={(ids) => setSelected(new Set(ids))} />
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium">{t('bulkAssign.channels')}</p>
        <ChannelSwitches value={channels} onChange={setChannels} />
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={submit} loading={bulk.isPending || sending} data-testid="submit-bulk-assign">
          {t('bulkAssign.submit')} ({formatNumber(selected.size, lang)})
        </Button>
      </DialogFooter>
    </DialogFrame>
  );
}

function BulkStatusDialog({ technicianIds, onClose, onDone }: { technicianIds: number[]; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation('technicians');
  const lang = i18n.language;
  const [status, setStatus] = useState<TechnicianStatus>('active');
  const update = useBulkStatus();
  const submit = () =>
    update.mutate(
      { technicianIds, status },
      {
        onSuccess: (result) => {
          onDone();
          onClose();
          toast({
            variant: 'success',
            title: t('toast.bulkUpdatedTitle'),
            description: t('toast.bulkUpdatedBody', { status: t(`status.${status}`), n: formatNumber(result.updated.length, lang) }),
          });
        },
        onError: (error) => toast({ variant: 'destructive', title: t('toast.error'), description: errorMessage(error, t) }),
      },
    );
  return (
    <DialogFrame
      title={t('bulkStatus.title')}
      description={<>{t('bulkStatus.description', { n: formatNumber(technicianIds.length, lang) })}</>}
      width="sm"
      testId="bulk-status-dialog"
      onClose={onClose}
    >
      <OptionSelect
        value={status}
        onChange={(v) => setStatus(v as TechnicianStatus)}
        options={TECHNICIAN_STATUSES}
        text={(s) => t(`status.${s}`)}
        label={t('fields.status')}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={submit} loading={update.isPending}>
          {t('bulkStatus.submit')}
        </Button>
      </DialogFooter>
    </DialogFrame>
  );
}

function AssignTaskDialog({
  technician,
  onClose,
  onAssigned,
}: {
  technician: Technician;
  onClose: () => void;
  onAssigned: (task: Task) => void;
}) {
  const { t } = useTranslation('technicians');
  const name = fullName(technician.firstName, technician.lastName);
  const [chosen, setChosen] = useState<number | null>(null);
  const assign = useAssignTask();
  const submit = () => {
    if (!chosen) return;
    assign.mutate(
      { taskId: chosen, technicianId: technician.id },
      {
        onSuccess: (task) => onAssigned(task),
        onError: (error) => toast({ variant: 'destructive', title: t('tasks:assignFailed'), description: errorMessage(error, t) }),
      },
    );
  };
  return (
    <DialogFrame
      title={<>{t('assignDialog.title', { name })}</>}
      description={t('assignDialog.description')}
      width="lg"
      testId="assign-task-dialog"
      onClose={onClose}
    >
      <UnassignedTasks selected={new Set(chosen ? [chosen] : [])} onToggle={setChosen} multiple={false} />
      <DialogFooter>
        <Button variant="outline" onClick={onClose}>
          {t('common:actions.cancel')}
        </Button>
        <Button onClick={submit} disabled={!chosen} loading={assign.isPending}>
          {t('assignDialog.assign')}
        </Button>
      </DialogFooter>
    </DialogFrame>
  );
}

/** Every dialog of the technician screens, loaded the first time one opens. */
export default function TechnicianDialogs({
  state,
  onChange,
  onBulkDone,
}: {
  state: DialogState;
  onChange: (state: DialogState | null) => void;
  onBulkDone: () => void;
}) {
  const close = () => onChange(null);
  const assigned = (task: Task, technicianName?: string) =>
    onChange({
      kind: 'assigned',
      taskId: task.id,
      taskTitle: task.title,
      technicianName: technicianName ?? (task.technician ? fullName(task.technician.firstName, task.technician.lastName) : ''),
    });
  switch (state.kind) {
    case 'add':
      return <TechnicianFormDialog onClose={close} />;
    case 'edit':
      return <TechnicianFormDialog technician={state.technician} onClose={close} />;
    case 'detail':
      return (
        <TechnicianDetailDialog
          technicianId={state.technicianId}
          onClose={close}
          onEdit={(technician) => onChange({ kind: 'edit', technician })}
          onAssign={(technician) => onChange({ kind: 'assignTask', technician })}
          onOpenTask={(taskId) => onChange({ kind: 'task', taskId })}
        />
      );
    case 'bulkAssign':
      return <BulkAssignDialog technicianIds={state.technicianIds} onClose={close} onDone={onBulkDone} />;
    case 'bulkStatus':
      return <BulkStatusDialog technicianIds={state.technicianIds} onClose={close} onDone={onBulkDone} />;
    case 'assignTask':
      return <AssignTaskDialog technician={state.technician} onClose={close} onAssigned={(task) => assigned(task)} />;
    case 'task':
      return <TaskDetailDialog taskId={state.taskId} onClose={close} onAssigned={assigned} />;
    case 'assigned':
      return <AssignedDialog taskId={state.taskId} taskTitle={state.taskTitle} technicianName={state.technicianName} onClose={close} />;
  }
}
