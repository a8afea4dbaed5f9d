import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { DialogFrame, FormActions } from '@/shared/dialog-frame';
import { Search } from 'lucide-react';
import { fieldIssues } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { applyServerIssues, translateValidation } from '@/lib/validation';
import { Checkbox } from '@/components/ui/checkbox';
import { Input, Textarea } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import { allTechniciansQuery, skillsQuery, tasksQuery, useCreateTask } from '../workforce.api';
import { dueDayToIso, scheduledToIso, zoneOr } from '../dates';
import { TASK_PRIORITIES, type Task, type TaskPriority } from '../model';

type FormValues = {
  title: string;
  description: string;
  priority: TaskPriority;
  skillRequired: string;
  location: string;
  dueDay: string;
  scheduledDay: string;
  scheduledTime: string;
  estimatedHours: string;
  technicianId: string;
  dependencies: number[];
};

const EMPTY: FormValues = {
  title: '',
  description: '',
  priority: 'medium',
  skillRequired: '',
  location: '',
  dueDay: '',
  scheduledDay: '',
  scheduledTime: '',
  estimatedHours: '',
  technicianId: '',
  dependencies: [],
};
const FIELDS = Object.keys(EMPTY) as Array<keyof FormValues>;
const NONE = 'none';

function DependencyPicker({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation('tasks');
  const [q, setQ] = useState('');
  const { data: tasks = [] } = useQuery(tasksQuery({}));
  const open = useMemo(
    () => tasks.filter((task) => task.status !== 'cancelled' && task.title.toLowerCase().includes(q.trim().toLowerCase())),
    [tasks, q],
  );
  if (tasks.length === 0) return <p className="text-sm text-muted-foreground">{t('fields.noDependencies')}</p>;
  return (
    <div className="flex flex-col gap-2">
      <div className="relative">
        <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
        <Input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          className="ps-9"
          aria-label={t('filters.search')}
          placeholder={t('filters.search')}
        />
      </div>
      <ul className="flex max-h-40 flex-col divide-y overflow-y-auto rounded-md border" data-testid="dependency-choices">
        {open.slice(0, 100).map((task) => (
          <li key={task.id}>
            <label className="flex min-h-10 cursor-pointer items-center gap-3 px-3 py-1.5 text-sm">
              <Checkbox
                checked={value.includes(task.id)}
                onCheckedChange={(on) => onChange(on === true ? [...value, task.id] : value.filter((id) => id !== task.id))}
                aria-label={task.title}
              />
              <span className="text-xs text-muted-foreground tabular-nums">#{task.id}</span>
              <span className="min-w-0 flex-1 truncate" dir="auto">
                {task.title}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** "New Task": what to do, by when, by whom (optional), and what it waits for. */
export function NewTaskDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (task: Task) => void }) {
  const { t } = useTranslation('tasks');
  const format = useFormatters();
  const timeZone = zoneOr(format.timeZone);
  const { data: skills = [] } = useQuery(skillsQuery);
  const { data: technicians = [] } = useQuery(allTechniciansQuery);
  const create = useCreateTask();
  const form = useForm<FormValues>({ defaultValues: EMPTY });
  const { errors } = form.formState;
  const err = (name: keyof FormValues) => translateValidation(errors[name]?.message, t);
  const hours = {
    validate: (text: string) => {
      if (text.trim() === '') return true;
      const n = Number(text);
      if (!Number.isFinite(n) || n < 0) return 'Hours must be 0 or more';
      return n <= 1000 || 'Hours must be at most 1000';
    },
  };

  const onSubmit = form.handleSubmit((values) => {
    const text = (value: string) => (value.trim() ? value.trim() : undefined);
    create.mutate(
      {
        title: values.title.trim(),
        description: text(values.description),
        priority: values.priority,
        skillRequired: text(values.skillRequired),
        location: text(values.location),
        dueDate: dueDayToIso(values.dueDay, timeZone) ?? undefined,
        scheduledDate: scheduledToIso(values.scheduledDay, values.scheduledTime, timeZone) ?? undefined,
        estimatedHours: values.estimatedHours.trim() ? Number(values.estimatedHours) : undefined,
        technicianId: values.technicianId ? Number(values.technicianId) : undefined,
        dependencies: values.dependencies.length ? values.dependencies : undefined,
      },
      {
        onSuccess: (task) => onCreated(task),
        onError: (error) => {
          applyServerIssues(fieldIssues(error), FIELDS, form.setError);
          toast({ variant: 'destructive', title: t('create.failed'), description: errorMessage(error, t) });
        },
      },
    );
  });

  const select = (name: 'priority' | 'skillRequired' | 'technicianId', options: Array<[string, string]>, id: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Select value={field.value || NONE} onValueChange={(v) => field.onChange(v === NONE ? '' : v)}>
          <SelectTrigger id={id}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map(([value, label]) => (
              <SelectItem key={value} value={value}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );

  return (
    <DialogFrame title={t('create.title')} description={t('create.description')} width="lg" testId="new-task-dialog" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="new-task-title" label={t('fields.title')} error={err('title')} className="sm:col-span-2">
            <Input
              id="new-task-title"
              maxLength={200}
              aria-invalid={!!errors.title}
              aria-describedby={describedBy('new-task-title', err('title'))}
              {...form.register('title', { validate: (v) => v.trim() !== '' || 'Title is required' })}
            />
          </Field>
          <Field id="new-task-description" label={t('fields.description')} className="sm:col-span-2">
            <Textarea id="new-task-description" rows={3} maxLength={5000} {...form.register('description')} />
          </Field>
          <Field id="new-task-priority" label={t('fields.priority')}>
            {select(
              'priority',
              TASK_PRIORITIES.map((p) => [p, t(`priority.${p}`)]),
              'new-task-priority',
            )}
          </Field>
          <Field id="new-task-skill" label={t('fields.skillRequired')}>
            {select(
              'skillRequired',
              [[NONE, t('fields.anySkill')], ...skills.map((s): [string, string] => [s.name, s.name])],
              'new-task-skill',
            )}
          </Field>
          <Field id="new-task-location" label={t('fields.location')}>
            <Input id="new-task-location" maxLength={200} {...form.register('location')} />
          </Field>
          <Field id="new-task-due" label={t('fields.dueDate')}>
            <Input id="new-task-due" type="date" {...form.register('dueDay')} />
          </Field>
          <Field id="new-task-scheduled-day" label={t('fields.scheduledDate')}>
            <Input id="new-task-scheduled-day" type="date" {...form.register('scheduledDay')} />
          </Field>
          <Field id="new-task-scheduled-time" label={t('fields.scheduledTime')}>
            <Input id="new-task-scheduled-time" type="time" {...form.register('scheduledTime')} />
          </Field>
          <Field id="new-task-estimated" label={t('fields.estimatedHours')} error={err('estimatedHours')}>
            <Input
              id="new-task-estimated"
              type="number"
              inputMode="decimal"
              step={0.5}
              min={0}
              aria-invalid={!!errors.estimatedHours}
              aria-describedby={describedBy('new-task-estimated', err('estimatedHours'))}
              {...form.register('estimatedHours', hours)}
            />
          </Field>
          <Field id="new-task-technician" label={t('fields.technician')}>
            {select(
              'technicianId',
              [
                [NONE, t('fields.unassigned')],
                ...technicians
                  .filter((x) => x.status === 'active')
                  .map((x): [string, string] => [String(x.id), fullName(x.firstName, x.lastName)]),
              ],
              'new-task-technician',
            )}
          </Field>
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <span className="text-sm font-medium">{t('fields.dependencies')}</span>
            <span className="text-xs text-muted-foreground">{t('fields.dependenciesHint')}</span>
            <Controller
              control={form.control}
              name="dependencies"
              render={({ field }) => <DependencyPicker value={field.value} onChange={field.onChange} />}
            />
          </div>
        </div>
        <FormActions onCancel={onClose} pending={create.isPending} submitLabel={t('create.submit')} submitTestId="submit-task" />
      </form>
    </DialogFrame>
  );
}
