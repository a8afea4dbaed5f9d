import { Controller, useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { FormSelect } from '@/shared/form-select';
import { DialogFrame, FormActions } from '@/shared/dialog-frame';
import type { Conflict } from '@core/contracts/bookings.ts';
import type { Shift, ShiftAssignment } from '@core/contracts/shifts.ts';
import { fieldIssues } from '@/lib/api';
import { useTenantId } from '@/lib/auth';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { useFormatters } from '@/lib/tenant';
import { fullName } from '@/lib/utils';
import { applyServerIssues } from '@/lib/validation';
import { ConfirmDialog } from '@/shared/confirm-dialog';
import { Input, Textarea } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { failureText, validationText } from '@/shared/messages';
import { formatClock, formatInstantClock, todayIn } from '../shared/time';
import {
  SHIFT_ASSIGNMENT_STATUSES,
  shiftsQuery,
  staffQuery,
  useCreateAssignment,
  useCreateShift,
  useDeleteShift,
  useUpdateAssignment,
  useUpdateShift,
  type AssignmentStatus,
  type SavedAssignment,
} from './shifts.api';

export type ShiftDialogState =
  | { kind: 'addShift' }
  | { kind: 'editShift'; shift: Shift }
  | { kind: 'deleteShift'; shift: Shift }
  | { kind: 'addAssignment' }
  | { kind: 'editAssignment'; assignment: ShiftAssignment };

type ShiftValues = { name: string; startTime: string; endTime: string; isActive: boolean };
const SHIFT_FIELDS = ['name', 'startTime', 'endTime', 'isActive'] as const;

function ShiftDialog({ shift, onClose }: { shift?: Shift; onClose: () => void }) {
  const { t } = useTranslation('shifts');
  const create = useCreateShift();
  const update = useUpdateShift();
  const pending = create.isPending || update.isPending;
  const form = useForm<ShiftValues>({
    defaultValues: {
      name: shift?.name ?? '',
      startTime: shift?.startTime ?? '',
      endTime: shift?.endTime ?? '',
      isActive: shift?.isActive ?? true,
    },
    resolver: lazyZodResolver<ShiftValues>(() => import('./shifts.schemas').then((m) => m.shiftInput)),
  });
  const { errors } = form.formState;
  const err = (name: keyof ShiftValues) => validationText(errors[name]?.message, t);

  const onSubmit = form.handleSubmit((values) => {
    const input = { name: values.name.trim(), startTime: values.startTime, endTime: values.endTime, isActive: values.isActive };
    const options = (success: string, fallback: string) => ({
      onSuccess: () => {
        toast({ variant: 'success', title: t('toast.success'), description: success });
        onClose();
      },
      onError: (error: unknown) => {
        applyServerIssues(fieldIssues(error), SHIFT_FIELDS, form.setError);
        toast({ variant: 'destructive', title: t('toast.error'), description: failureText(error, t, 'shifts', fallback) });
      },
    });
    if (shift) update.mutate({ id: shift.id, ...input }, options(t('toast.shiftUpdated'), t('toast.shiftUpdateFailed')));
    else create.mutate(input, options(t('toast.shiftCreated'), t('toast.shiftCreateFailed')));
  });

  const time = (name: 'startTime' | 'endTime') => (
    <Field id={`shift-${name}`} label={t(`fields.${name}`)} error={err(name)}>
      <Input
        id={`shift-${name}`}
        type="time"
        aria-invalid={!!errors[name]}
        aria-describedby={describedBy(`shift-${name}`, err(name))}
        {...form.register(name)}
      />
    </Field>
  );

  return (
    <DialogFrame
      title={shift ? t('shiftDialog.editTitle') : t('shiftDialog.addTitle')}
      description={t('shiftDialog.description')}
      width="md"
      testId="shift-dialog"
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="shift-form">
        <Field id="shift-name" label={t('fields.name')} error={err('name')}>
          <Input
            id="shift-name"
            maxLength={100}
            dir="auto"
            aria-invalid={!!errors.name}
            aria-describedby={describedBy('shift-name', err('name'))}
            {...form.register('name')}
          />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          {time('startTime')}
          {time('endTime')}
        </div>
        <label className="flex cursor-pointer items-center gap-3 text-sm font-medium">
          <Controller
            control={form.control}
            name="isActive"
            render={({ field }) => <Switch checked={field.value} onCheckedChange={field.onChange} data-testid="shift-active" />}
          />
          {t('fields.isActive')}
        </label>
        <FormActions
          onCancel={onClose}
          pending={pending}
          submitLabel={shift ? t('shiftDialog.save') : t('shiftDialog.create')}
          submitTestId="submit-shift"
        />
      </form>
    </DialogFrame>
  );
}

function DeleteShiftDialog({ shift, onClose }: { shift: Shift; onClose: () => void }) {
  const { t } = useTranslation('shifts');
  const remove = useDeleteShift();
  const confirm = () => {
    remove.mutate(shift.id, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('toast.success'), description: t('toast.shiftDeleted') });
        onClose();
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: t('toast.error'),
          description: failureText(error, t, 'shifts', t('toast.shiftDeleteFailed')),
        });
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      title={t('deleteDialog.title')}
      body={t('deleteDialog.body', { name: shift.name })}
      confirmLabel={t('deleteDialog.confirm')}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
      testId="delete-shift-dialog"
      confirmTestId="confirm-delete-shift"
    />
  );
}

type AssignmentValues = { shiftId: number; userId: string; date: string; status: AssignmentStatus; notes: string };
const ASSIGNMENT_FIELDS = ['shiftId', 'userId', 'date', 'status', 'notes'] as const;
const NONE = 'none';

/** A conflict's warning line: what overlaps and when. */
function useConflictText() {
  const { t, i18n } = useTranslation('shifts');
  const format = useFormatters();
  return (conflicts: Conflict[]) =>
    conflicts
      .map((c) =>
        t('toast.conflictItem', {
          label: c.label,
          date: format.date(c.start),
          start: formatInstantClock(c.start, i18n.language, format.timeZone),
          end: formatInstantClock(c.end, i18n.language, format.timeZone),
        }),
      )
      .join('; ');
}

function AssignmentDialog({ assignment, onClose }: { assignment?: ShiftAssignment; onClose: () => void }) {
  const { t, i18n } = useTranslation('shifts');
  const format = useFormatters();
  const tenantId = useTenantId();
  const shifts = useQuery({ ...shiftsQuery(tenantId), enabled: tenantId > 0 });
  const staff = useQuery(staffQuery);
  const create = useCreateAssignment();
  const update = useUpdateAssignment();
  const conflictText = useConflictText();
  const pending = create.isPending || update.isPending;
  const form = useForm<AssignmentValues>({
    defaultValues: {
      shiftId: assignment?.shiftId ?? 0,
      userId: assignment ? String(assignment.userId) : '',
      date: assignment?.date ?? todayIn(format.timeZone),
      status: assignment?.status ?? 'scheduled',
      notes: assignment?.notes ?? '',
    },
    resolver: lazyZodResolver<AssignmentValues>(() => import('./shifts.schemas').then((m) => m.shiftAssignmentInput)),
  });
  const { errors } = form.formState;
  const err = (name: keyof AssignmentValues) => validationText(errors[name]?.message, t);
  // Active shifts, plus the one already chosen (it may have been made inactive since).
  const shiftChoices = (shifts.data ?? []).filter((s) => s.isActive || s.id === assignment?.shiftId);
  // Active accounts, plus the one already chosen (it may have been deactivated since).
  const employees = (staff.data ?? []).map((u) => ({
    id: u.id,
    label: `${fullName(u.firstName, u.lastName, `#${u.id}`)} · ${t(`roles.${u.role}`)}`,
  }));
  if (assignment && !employees.some((e) => e.id === assignment.userId)) {
    employees.push({
      id: assignment.userId,
      label: fullName(assignment.employee.firstName, assignment.employee.lastName, assignment.employee.username),
    });
  }

  const onSubmit = form.handleSubmit((values) => {
    const payload = {
      shiftId: Number(values.shiftId),
      userId: Number(values.userId),
      date: String(values.date),
      status: values.status,
      notes: values.notes === null || values.notes === undefined ? null : String(values.notes).trim() || null,
    };
    const options = (success: string, fallback: string) => ({
      onSuccess: (saved: SavedAssignment) => {
        // One toast at a time: a conflict turns the success into a warning that says both.
        if (saved.conflicts.length > 0) {
          toast({
            title: t('toast.conflictTitle'),
            description: t('toast.savedWithConflicts', { saved: success, conflicts: conflictText(saved.conflicts) }),
          });
        } else {
          toast({ variant: 'success', title: t('toast.success'), description: success });
        }
        onClose();
      },
      onError: (error: unknown) => {
        applyServerIssues(fieldIssues(error), ASSIGNMENT_FIELDS, form.setError);
        toast({ variant: 'destructive', title: t('toast.error'), description: failureText(error, t, 'shifts', fallback) });
      },
    });
    if (assignment)
      update.mutate({ id: assignment.id, ...payload }, options(t('toast.assignmentUpdated'), t('toast.assignmentUpdateFailed')));
    else create.mutate(payload, options(t('toast.assignmentCreated'), t('toast.assignmentCreateFailed')));
  });

  return (
    <DialogFrame
      title={assignment ? t('assignmentDialog.editTitle') : t('assignmentDialog.addTitle')}
      description={t('assignmentDialog.description')}
      width="md"
      testId="assignment-dialog"
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="assignment-form">
        <Field id="assignment-shift" label={t('fields.shift')} error={err('shiftId')}>
          <Controller
            control={form.control}
            name="shiftId"
            render={({ field }) => (
              <Select value={field.value ? String(field.value) : NONE} onValueChange={(v) => field.onChange(v === NONE ? 0 : Number(v))}>
                <SelectTrigger
                  id="assignment-shift"
                  aria-invalid={!!errors.shiftId}
                  aria-describedby={describedBy('assignment-shift', err('shiftId'))}
                  data-testid="assignment-shift"
                >
                  <SelectValue placeholder={t('fields.chooseShift')} />
                </SelectTrigger>
                <SelectContent>
                  {shiftChoices.map((s) => (
                    <SelectItem key={s.id} value={String(s.id)}>
                      {`${s.name} (${formatClock(s.startTime, i18n.language)} – ${formatClock(s.endTime, i18n.language)})`}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field
          id="assignment-employee"
          label={t('fields.employee')}
          error={err('userId') ?? (staff.isError ? t('toast.fetchUsersFailed') : undefined)}
        >
          <Controller
            control={form.control}
            name="userId"
            render={({ field }) => (
              <Select value={field.value || NONE} onValueChange={(v) => field.onChange(v === NONE ? '' : v)}>
                <SelectTrigger
                  id="assignment-employee"
                  aria-invalid={!!errors.userId}
                  aria-describedby={describedBy('assignment-employee', err('userId'))}
                  data-testid="assignment-employee"
                >
                  <SelectValue placeholder={t('fields.chooseEmployee')} />
                </SelectTrigger>
                <SelectContent>
                  {employees.map((u) => (
                    <SelectItem key={u.id} value={String(u.id)}>
                      {u.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <div className="grid grid-cols-2 gap-4">
          <Field id="assignment-date" label={t('fields.date')} error={err('date')}>
            <Input
              id="assignment-date"
              type="date"
              aria-invalid={!!errors.date}
              aria-describedby={describedBy('assignment-date', err('date'))}
              {...form.register('date')}
            />
          </Field>
          <Field id="assignment-status" label={t('fields.status')}>
            <FormSelect
              control={form.control}
              name="status"
              id="assignment-status"
              testId="assignment-status-select"
              options={SHIFT_ASSIGNMENT_STATUSES}
              text={(s) => t(`status.${s}`)}
            />
          </Field>
        </div>
        <Field id="assignment-notes" label={t('fields.notes')}>
          <Textarea id="assignment-notes" rows={3} maxLength={2000} dir="auto" {...form.register('notes')} />
        </Field>
        <FormActions
          onCancel={onClose}
          pending={pending}
          submitLabel={assignment ? t('assignmentDialog.save') : t('assignmentDialog.create')}
          submitTestId="submit-assignment"
        />
      </form>
    </DialogFrame>
  );
}

/** Every dialog of the shifts screen, loaded the first time one opens. */
export default function ShiftDialogs({ state, onClose }: { state: ShiftDialogState; onClose: () => void }) {
  switch (state.kind) {
    case 'addShift':
      return <ShiftDialog onClose={onClose} />;
    case 'editShift':
      return <ShiftDialog shift={state.shift} onClose={onClose} />;
    case 'deleteShift':
      return <DeleteShiftDialog shift={state.shift} onClose={onClose} />;
    case 'addAssignment':
      return <AssignmentDialog onClose={onClose} />;
    case 'editAssignment':
      return <AssignmentDialog assignment={state.assignment} onClose={onClose} />;
  }
}
