import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { CircleAlert, CircleCheck, Link2, MapPin, Pencil, Sparkles, Wrench } from 'lucide-react';
import { efficiency } from '@core/rules/efficiency.ts';
import { fieldIssues } from '@/lib/api';
import { useAuth, usePermissions } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { formatNumber, formatPercent } from '@/lib/format';
import { useFormatters } from '@/lib/tenant';
import { cn, fullName } from '@/lib/utils';
import { applyServerIssues, translateValidation } from '@/lib/validation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import {
  allTechniciansQuery,
  suggestionsQuery,
  taskQuery,
  technicianQuery,
  useAssignTask,
  useCompleteTask,
  useUpdateTask,
} from '../workforce.api';
import { Attachments } from '@/shared/attachments';
import { PriorityBadge, TaskStatusBadge } from '../workforce-badges';
import { dueDayToIso, zonedParts, zoneOr } from '../dates';
import { TASK_PRIORITIES, TASK_STATUSES, type Task, type TaskPriority, type TaskStatus } from '../model';
import type { TaskUpdateInput } from '@core/contracts/tasks.ts';

type FormValues = {
  title: string;
  description: string;
  priority: TaskPriority;
  status: TaskStatus;
  location: string;
  dueDay: string;
  scheduledDay: string;
  scheduledTime: string;
  estimatedHours: string;
  actualHours: string;
  notes: string;
};

const hoursText = (value: number | null) => (value === null || value === undefined ? '' : String(value));
const hoursValue = (text: string) => (text.trim() === '' ? null : Number(text));

function valuesOf(task: Task, timeZone: string): FormValues {
  const scheduled = zonedParts(task.scheduledDate, timeZone);
  return {
    title: task.title,
    description: task.description ?? '',
    priority: task.priority,
    status: task.status,
    location: task.location ?? '',
    dueDay: zonedParts(task.dueDate, timeZone).day,
    scheduledDay: scheduled.day,
    scheduledTime: scheduled.time,
    estimatedHours: hoursText(task.estimatedHours),
    actualHours: hoursText(task.actualHours),
    notes: task.notes ?? '',
  };
}

/** Only the fields that changed, in the API's terms (the edit form's day and time go as a pair). */
export function changesOf(values: FormValues, loaded: FormValues, timeZone: string): TaskUpdateInput {
  const patch: TaskUpdateInput = {};
  const blankToNull = (text: string) => (text.trim() ? text.trim() : null);
  if (values.title !== loaded.title) patch.title = values.title.trim();
  if (values.description !== loaded.description) patch.description = blankToNull(values.description);
  if (values.priority !== loaded.priority) patch.priority = values.priority;
  if (values.status !== loaded.status) patch.status = values.status;
  if (values.location !== loaded.location) patch.location = blankToNull(values.location);
  if (values.notes !== loaded.notes) patch.notes = blankToNull(values.notes);
  if (values.dueDay !== loaded.dueDay) patch.dueDate = dueDayToIso(values.dueDay, timeZone);
  if (values.scheduledDay !== loaded.scheduledDay || values.scheduledTime !== loaded.scheduledTime) {
    if (values.scheduledDay) {
      patch.scheduledDay = values.scheduledDay;
      patch.scheduledTime = values.scheduledTime || '09:00';
    } else {
      patch.scheduledDate = null;
    }
  }
  if (values.estimatedHours !== loaded.estimatedHours) patch.estimatedHours = hoursValue(values.estimatedHours);
  if (values.actualHours !== loaded.actualHours) patch.actualHours = hoursValue(values.actualHours);
  return patch;
}

function Row({ label, children, id }: { label: string; children: ReactNode; id?: string }) {
  return (
    <div className="flex flex-col gap-1" data-testid={id}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

function Suggestions({ taskId, chosen, onChoose }: { taskId: number; chosen: number | null; onChoose: (id: number) => void }) {
  const { t, i18n } = useTranslation('tasks');
  const { data, isLoading } = useQuery(suggestionsQuery(taskId));
  return (
    <div className="flex flex-col gap-2" data-testid="suggestions">
      <div>
        <p className="flex items-center gap-1.5 text-sm font-medium">
          <Sparkles className="size-4 text-primary" aria-hidden />
          {t('detail.suggestions')}
        </p>
        <p className="text-xs text-muted-foreground">{t('detail.suggestionsHint')}</p>
      </div>
      {isLoading && <Skeleton className="h-16" />}
      {data && data.length === 0 && <p className="text-sm text-muted-foreground">{t('detail.noSuggestions')}</p>}
      <ul className="flex flex-col gap-2">
        {data?.map((s) => {
          const on = chosen === s.technicianId;
          return (
            <li key={s.technicianId}>
              <button
                type="button"
                onClick={() => onChoose(s.technicianId)}
                aria-pressed={on}
                className={cn(
                  'flex w-full flex-col gap-2 rounded-md border p-3 text-start transition-colors hover:bg-accent/60',
                  on ? 'border-primary ring-2 ring-primary/25' : 'border-border',
                )}
                data-testid="suggestion"
              >
                <span className="flex items-center gap-2">
                  <span className="min-w-0 flex-1 truncate font-medium">{fullName(s.firstName, s.lastName)}</span>
                  {s.bestMatch && <Badge variant="success">{t('detail.bestMatch')}</Badge>}
                  <span className="text-sm font-semibold tabular-nums text-primary">
                    {t('detail.match', { percent: formatPercent(s.percent, i18n.language) })}
                  </span>
                </span>
                <span className="flex flex-wrap gap-1">
                  {s.reasons.map((reason) => (
                    <Badge key={reason} variant="outline">
                      {t(`detail.reasons.${reason}`)}
                    </Badge>
                  ))}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function AssignSection({ task, onAssigned }: { task: Task; onAssigned: (task: Task, technicianName: string) => void }) {
  const { t } = useTranslation('tasks');
  const { data: technicians } = useQuery(allTechniciansQuery);
  const [chosen, setChosen] = useState<number | null>(null);
  const assign = useAssignTask();
  const active = technicians?.filter((tech) => tech.status === 'active') ?? [];

  const submit = () => {
    if (!chosen) {
      toast({ variant: 'destructive', title: t('assignFailed'), description: t('detail.selectTechnician') });
      return;
    }
    assign.mutate(
      { taskId: task.id, technicianId: chosen },
      {
        onSuccess: (updated) =>
          onAssigned(updated, updated.technician ? fullName(updated.technician.firstName, updated.technician.lastName) : ''),
        onError: (error) => toast({ variant: 'destructive', title: t('assignFailed'), description: errorMessage(error, t) }),
      },
    );
  };

  return (
    <section
      className="flex flex-col gap-3 rounded-md border bg-muted/30 p-3"
      aria-label={t('detail.assignTask')}
      data-testid="assign-section"
    >
      <Suggestions taskId={task.id} chosen={chosen} onChoose={setChosen} />
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <Field
          id="assign-technician"
          label={t('detail.chooseTechnician')}
          className="flex-1"
          hint={chosen ? undefined : t('detail.selectTechnician')}
        >
          <Select value={chosen ? String(chosen) : ''} onValueChange={(v) => setChosen(Number(v))}>
            <SelectTrigger id="assign-technician" aria-describedby={chosen ? undefined : 'assign-technician-hint'}>
              <SelectValue placeholder={t('detail.selectTechnician')} />
            </SelectTrigger>
            <SelectContent>
              {active.map((tech) => (
                <SelectItem key={tech.id} value={String(tech.id)}>
                  {fullName(tech.firstName, tech.lastName)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </Field>
        <Button onClick={submit} disabled={!chosen} loading={assign.isPending} data-testid="assign-task">
          {t('detail.assignTask')}
        </Button>
      </div>
    </section>
  );
}

function DetailBody({
  task,
  onClose,
  onAssigned,
}: {
  task: Task;
  onClose: () => void;
  onAssigned: (task: Task, technicianName: string) => void;
}) {
  const { t, i18n } = useTranslation('tasks');
  const lang = i18n.language;
  const format = useFormatters();
  const timeZone = zoneOr(format.timeZone);
  const { user } = useAuth();
  const permissions = usePermissions();
  const staff = permissions.canEditAllTasks;
  const { data: owner } = useQuery({ ...technicianQuery(task.technicianId ?? 0), enabled: !staff && !!task.technicianId });
  const own = !!owner && owner.userId === user?.id;
  const canEdit = staff || own;
  const [editing, setEditing] = useState(false);
  const loaded = useMemo(() => valuesOf(task, timeZone), [task, timeZone]);
  const form = useForm<FormValues>({ defaultValues: loaded });
  const update = useUpdateTask();
  const complete = useCompleteTask();
  const { errors, isDirty } = form.formState;

  // A newer copy of the task (live update, save) becomes the values to compare with.
  useEffect(() => {
    if (!editing) form.reset(loaded);
  }, [loaded, editing, form]);

  const err = (name: keyof FormValues) => translateValidation(errors[name]?.message, t);
  const readOnly = !editing;
  const staffOnly = !staff; // technicians change status, hours and notes only

  const onSave = form.handleSubmit((values) => {
    const patch = changesOf(values, loaded, timeZone);
    update.mutate(
      { id: task.id, ...patch },
      {
        onSuccess: (saved) => {
          setEditing(false);
          form.reset(valuesOf(saved, timeZone));
          toast({ variant: 'success', title: t('toast.success'), description: t('toast.updated') });
        },
        onError: (error) => {
          applyServerIssues(fieldIssues(error), Object.keys(loaded) as Array<keyof FormValues>, form.setError);
          toast({ variant: 'destructive', title: t('toast.error'), description: errorMessage(error, t) });
        },
      },
    );
  });

  const onComplete = () => {
    const actual = hoursValue(form.getValues('actualHours'));
    complete.mutate(
      { taskId: task.id, actualHours: actual !== null && Number.isFinite(actual) ? actual : task.actualHours },
      {
        onSuccess: () => {
          setEditing(false);
          toast({ variant: 'success', title: t('toast.success'), description: t('toast.completed') });
        },
        onError: (error) => toast({ variant: 'destructive', title: t('toast.error'), description: errorMessage(error, t) }),
      },
    );
  };

  const watched = form.watch(['status', 'estimatedHours', 'actualHours']);
  const showEfficiency = watched[0] === 'in_progress' || watched[0] === 'completed';
  const eff = efficiency(hoursValue(watched[1]), hoursValue(watched[2]));
  const hoursRules = {
    validate: (text: string) => {
      if (text.trim() === '') return true;
      const n = Number(text);
      if (!Number.isFinite(n) || n < 0) return 'Hours must be 0 or more';
      return n <= 1000 || 'Hours must be at most 1000';
    },
  };
  const [first, ...others] = task.dependencies;

  const selectField = <K extends 'priority' | 'status'>(name: K, options: readonly string[], disabled: boolean) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select value={field.value} onValueChange={field.onChange} disabled={disabled}>
          <SelectTrigger id={`task-${name}`} size="sm">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option} value={option}>
                {t(`${name}.${option}`)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );

  return (
    <form
      onSubmit={onSave}
      noValidate
      className="flex flex-col gap-5"
      data-testid="task-detail"
      data-task-id={task.id}
      data-editing={editing}
    >
      <DialogHeader>
        <p className="text-xs font-medium text-muted-foreground">{t('detail.taskNumber', { id: task.id })}</p>
        {editing && staff ? (
          <Field id="task-title" label={t('fields.title')} error={err('title')}>
            <Input
              id="task-title"
              aria-invalid={!!errors.title}
              aria-describedby={describedBy('task-title', err('title'))}
              {...form.register('title', { validate: (v) => v.trim() !== '' || 'Title is required' })}
            />
          </Field>
        ) : (
          <DialogTitle>{task.title}</DialogTitle>
        )}
        {editing && staff && <DialogTitle className="sr-only">{task.title}</DialogTitle>}
        <DialogDescription className="sr-only">{t('detail.taskNumber', { id: task.id })}</DialogDescription>
        <div className="flex flex-wrap items-center gap-1.5 pt-1">
          <PriorityBadge priority={task.priority} />
          <TaskStatusBadge status={task.status} />
          {task.skillRequired && (
            <Badge variant="outline">
              <Wrench aria-hidden />
              {task.skillRequired}
            </Badge>
          )}
          {task.location && (
            <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
              <MapPin className="size-3.5" aria-hidden />
              {task.location}
            </span>
          )}
        </div>
      </DialogHeader>

      <dl className="grid gap-4 sm:grid-cols-2">
        <Row label={t('fields.dueDate')} id="task-due">
          {editing && staff ? (
            <Input type="date" aria-label={t('fields.dueDate')} {...form.register('dueDay')} />
          ) : task.dueDate ? (
            format.date(task.dueDate)
          ) : (
            <span className="text-muted-foreground">{t('detail.noDueDate')}</span>
          )}
        </Row>
        <Row label={t('fields.assignedTo')} id="task-assignee">
          {task.technician ? (
            fullName(task.technician.firstName, task.technician.lastName)
          ) : (
            <span className="text-muted-foreground">{t('detail.notAssigned')}</span>
          )}
        </Row>
        <div className="sm:col-span-2">
          <Row label={t('fields.description')}>
            {editing && staff ? (
              <Textarea rows={3} aria-label={t('fields.description')} {...form.register('description')} />
            ) : task.description ? (
              <span className="whitespace-pre-line">{task.description}</span>
            ) : (
              <span className="text-muted-foreground">{t('detail.noDescription')}</span>
            )}
          </Row>
        </div>
        <Field id="task-status" label={t('fields.status')}>
          {selectField('status', TASK_STATUSES, readOnly)}
        </Field>
        <Field id="task-priority" label={t('fields.priority')}>
          {selectField('priority', TASK_PRIORITIES, readOnly || staffOnly)}
        </Field>
        <Field id="task-scheduled-day" label={t('fields.scheduledDate')}>
          <Input id="task-scheduled-day" type="date" readOnly={readOnly || staffOnly} {...form.register('scheduledDay')} />
        </Field>
        <Field id="task-scheduled-time" label={t('fields.scheduledTime')} error={err('scheduledTime')}>
          <Input
            id="task-scheduled-time"
            type="time"
            readOnly={readOnly || staffOnly}
            aria-invalid={!!errors.scheduledTime}
            {...form.register('scheduledTime', { pattern: { value: /^([01]\d|2[0-3]):[0-5]\d$/, message: 'Must be in HH:MM format' } })}
          />
        </Field>
        <Field id="task-estimated" label={t('fields.estimatedHours')} error={err('estimatedHours')}>
          <Input
            id="task-estimated"
            type="number"
            inputMode="decimal"
            step={0.5}
            min={0}
            readOnly={readOnly || staffOnly}
            aria-invalid={!!errors.estimatedHours}
            aria-describedby={describedBy('task-estimated', err('estimatedHours'))}
            {...form.register('estimatedHours', hoursRules)}
          />
        </Field>
        <Field id="task-actual" label={t('fields.actualHours')} error={err('actualHours')}>
          <Input
            id="task-actual"
            type="number"
            inputMode="decimal"
            step={0.5}
            min={0}
            readOnly={readOnly}
            aria-invalid={!!errors.actualHours}
            aria-describedby={describedBy('task-actual', err('actualHours'))}
            {...form.register('actualHours', hoursRules)}
          />
        </Field>
        {showEfficiency && (
          <Row label={t('detail.efficiency')} id="task-efficiency">
            {eff ? (
              <span className={cn('inline-flex items-center gap-1.5 font-semibold', eff.onTarget ? 'text-success' : 'text-warning')}>
                {eff.onTarget ? (
                  <CircleCheck className="size-4" aria-label={t('detail.onTarget')} />
                ) : (
                  <CircleAlert className="size-4" aria-label={t('detail.overTarget')} />
                )}
                {formatPercent(eff.percent, lang)}
              </span>
            ) : (
              <span className="text-muted-foreground">{t('detail.notMeasured')}</span>
            )}
          </Row>
        )}
        <Row label={t('fields.dependencies')} id="task-dependencies">
          {first ? (
            <span className="inline-flex items-center gap-1.5">
              <Link2 className="size-4 text-muted-foreground" aria-hidden />
              {t('detail.dependsOn', { id: first.dependsOnTaskId })}
              {others.length > 0 && (
                <span className="text-muted-foreground">{t('detail.alsoDependsOn', { n: formatNumber(others.length, lang) })}</span>
              )}
            </span>
          ) : (
            <span className="text-muted-foreground">{t('detail.noDependencies')}</span>
          )}
        </Row>
        {editing && staff && (
          <Field id="task-location" label={t('fields.location')}>
            <Input id="task-location" {...form.register('location')} />
          </Field>
        )}
        <div className="sm:col-span-2">
          <Field id="task-notes" label={t('fields.notes')}>
            <Textarea
              id="task-notes"
              rows={3}
              readOnly={readOnly}
              placeholder={readOnly ? t('detail.noNotes') : undefined}
              {...form.register('notes')}
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Row label={t('detail.attachments')}>
            <Attachments entityType="task" entityId={task.id} canChange={canEdit} />
          </Row>
        </div>
      </dl>

      {!staff && !own && <p className="text-xs text-muted-foreground">{t('detail.readOnlyHint')}</p>}

      {!task.technicianId && permissions.canAssignTasks && task.status !== 'completed' && task.status !== 'cancelled' && (
        <AssignSection task={task} onAssigned={onAssigned} />
      )}

      <DialogFooter className="sm:justify-between">
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {canEdit &&
            (editing ? (
              <Button
                variant="outline"
                onClick={() => {
                  form.reset(loaded);
                  setEditing(false);
                }}
              >
                {t('detail.cancel')}
              </Button>
            ) : (
              <Button variant="outline" onClick={() => setEditing(true)} data-testid="edit-task">
                <Pencil aria-hidden />
                {t('detail.edit')}
              </Button>
            ))}
          {canEdit && task.status !== 'completed' && (
            <Button variant="secondary" onClick={onComplete} loading={complete.isPending} data-testid="mark-complete">
              {!complete.isPending && <CircleCheck aria-hidden />}
              {t('detail.markComplete')}
            </Button>
          )}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="ghost" onClick={onClose}>
            {t('detail.close')}
          </Button>
          {canEdit && (
            <Button type="submit" disabled={!editing || !isDirty} loading={update.isPending} data-testid="save-task">
              {t('detail.save')}
            </Button>
          )}
        </div>
      </DialogFooter>
    </form>
  );
}

/** Everything about one task: read-only until Edit; complete, assign with suggestions, files. */
export function TaskDetailDialog({
  taskId,
  onClose,
  onAssigned,
}: {
  taskId: number;
  onClose: () => void;
  onAssigned: (task: Task, technicianName: string) => void;
}) {
  const { t } = useTranslation('tasks');
  const { data: task, isLoading, isError, error } = useQuery(taskQuery(taskId));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent width="lg" data-testid="task-dialog">
        {task ? (
          <DetailBody task={task} onClose={onClose} onAssigned={onAssigned} />
        ) : (
          <>
            <DialogTitle className={isLoading ? 'sr-only' : undefined}>
              {isError ? t('detail.loadFailed') : t('detail.taskNumber', { id: taskId })}
            </DialogTitle>
            <DialogDescription className={isLoading ? 'sr-only' : undefined}>{isError ? errorMessage(error, t) : ''}</DialogDescription>
            {isLoading && (
              <div className="flex flex-col gap-3">
                <Skeleton className="h-6 w-2/3" />
                <Skeleton className="h-4 w-1/3" />
                <Skeleton className="h-40" />
              </div>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
