import { useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { TextField } from '@/shared/text-field';
import { FormSelect } from '@/shared/form-select';
import { FormActions } from '@/shared/dialog-frame';
import { useLocation } from 'wouter';
import { Camera, CircleCheck, Plus, X } from 'lucide-react';
import type { EmployeeOption } from '@core/contracts/users.ts';
import { fieldIssues } from '@/lib/api';
import { usePermissions } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { cn, fullName } from '@/lib/utils';
import { applyServerIssues, translateValidation } from '@/lib/validation';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/toast';
import {
  refreshWorkforce,
  skillsQuery,
  useCreateSkill,
  useCreateTechnician,
  useUpdateTechnician,
  type TechnicianPayload,
} from '../workforce.api';
import { uploadAttachment } from '@/shared/attachments';
import { TECHNICIAN_STATUSES, type Technician, type TechnicianStatus } from '../model';

type FormValues = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  title: string;
  skills: number[];
  employeeId: string;
  location: string;
  notes: string;
  status: TechnicianStatus;
  rating: string;
  userId: number | null;
};

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'title',
  'skills',
  'employeeId',
  'location',
  'notes',
  'status',
  'rating',
  'userId',
] as const;
const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

function valuesOf(technician?: Technician): FormValues {
  return {
    firstName: technician?.firstName ?? '',
    lastName: technician?.lastName ?? '',
    email: technician?.email ?? '',
    phone: technician?.phone ?? '',
    title: technician?.title ?? '',
    skills: technician?.skills.map((s) => s.skill.id) ?? [],
    employeeId: technician?.employeeId ?? '',
    location: technician?.location ?? '',
    notes: technician?.notes ?? '',
    status: technician?.status ?? 'active',
    rating: technician ? String(Number(technician.rating) || 0) : '0',
    userId: technician?.userId ?? null,
  };
}

/** The form's values as the API takes them: blank optional texts are cleared (null). */
function payloadOf(values: FormValues): TechnicianPayload {
  const optional = (text: string) => (text.trim() ? text.trim() : null);
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    phone: values.phone.trim(),
    title: values.title.trim(),
    skills: values.skills,
    employeeId: optional(values.employeeId),
    location: optional(values.location),
    notes: optional(values.notes),
    status: values.status,
    rating: Number(values.rating) || 0,
    userId: values.userId,
  };
}

function SkillPicker({
  value,
  onChange,
  invalid,
  errorId,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  invalid: boolean;
  errorId?: string;
}) {
  const { t } = useTranslation('technicians');
  const { data: skills } = useQuery(skillsQuery);
  const queryClient = useQueryClient();
  const createSkill = useCreateSkill();
  const [custom, setCustom] = useState('');
  const name = custom.trim();
  const toggle = (id: number) => onChange(value.includes(id) ? value.filter((v) => v !== id) : [...value, id]);

  const add = () => {
    if (!name) return;
    const existing = skills?.find((s) => s.name.toLocaleLowerCase() === name.toLocaleLowerCase());
    if (existing) {
      if (!value.includes(existing.id)) onChange([...value, existing.id]);
      setCustom('');
      return;
    }
    createSkill.mutate(name, {
      onSuccess: (skill) => {
        queryClient.setQueryData(skillsQuery.queryKey, (list: typeof skills) => (list ? [...list, skill] : [skill]));
        onChange([...value, skill.id]);
        setCustom('');
        toast({ variant: 'success', title: t('skillCreated'), description: skill.name });
      },
      onError: (error) => toast({ variant: 'destructive', title: t('toast.error'), description: errorMessage(error, t) }),
    });
  };

  return (
    <div className="flex flex-col gap-2">
      <div
        role="group"
        aria-labelledby="technician-skills-label"
        aria-describedby={errorId}
        aria-invalid={invalid || undefined}
        className={cn('flex min-h-11 flex-wrap gap-1.5 rounded-md border p-2', invalid ? 'border-destructive' : 'border-input')}
        data-testid="skill-picker"
      >
        {skills && skills.length === 0 && <p className="px-1 text-sm text-muted-foreground">{t('fields.noSkills')}</p>}
        {skills?.map((skill) => {
          const on = value.includes(skill.id);
          return (
            <button
              key={skill.id}
              type="button"
              aria-pressed={on}
              onClick={() => toggle(skill.id)}
              className={cn(
                'inline-flex h-9 items-center gap-1 rounded-md border px-2.5 text-sm transition-colors md:h-7 md:text-xs',
                on ? 'border-primary bg-primary text-primary-foreground' : 'border-input bg-card hover:bg-accent',
              )}
            >
              {on && <CircleCheck className="size-3.5" aria-hidden />}
              {skill.name}
            </button>
          );
        })}
      </div>
      <div className="flex gap-2">
        <Input
          value={custom}
          onChange={(e) => setCustom(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
          placeholder={t('fields.customSkillPlaceholder')}
          aria-label={t('fields.customSkill')}
          maxLength={100}
        />
        <Button variant="outline" onClick={add} disabled={!name} loading={createSkill.isPending} data-testid="add-custom-skill">
          {!createSkill.isPending && <Plus aria-hidden />}
          {t('fields.addSkill')}
        </Button>
      </div>
    </div>
  );
}

function PhotoPicker({
  file,
  onFile,
  current,
  names,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  current?: string | null;
  names: [string, string];
}) {
  const { t } = useTranslation('technicians');
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  return (
    <div className="flex items-center gap-3">
      <Avatar firstName={names[0]} lastName={names[1]} src={preview ?? current} size="lg" />
      <div className="flex flex-col gap-1">
        <div className="flex gap-2">
          <input
            ref={input}
            id="technician-photo"
            type="file"
            accept={IMAGE_TYPES}
            className="sr-only"
            onChange={(e) => onFile(e.target.files?.[0] ?? null)}
            data-testid="photo-input"
          />
          <Button variant="outline" size="sm" onClick={() => input.current?.click()}>
            <Camera aria-hidden />
            {t('fields.photo')}
          </Button>
          {file && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                onFile(null);
                if (input.current) input.current.value = '';
              }}
            >
              <X aria-hidden />
              {t('fields.removePhoto')}
            </Button>
          )}
        </div>
        <p className="text-xs text-muted-foreground">{file ? file.name : t('fields.photoHint')}</p>
      </div>
    </div>
  );
}

/** Add or edit a technician. Add ends on a success view; edit closes. */
export function TechnicianForm({ technician, onClose }: { technician?: Technician; onClose: () => void }) {
  const { t } = useTranslation('technicians');
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const create = useCreateTechnician();
  const update = useUpdateTechnician();
  const [photo, setPhoto] = useState<File | null>(null);
  const [saved, setSaved] = useState<Technician | null>(null);
  const [uploading, setUploading] = useState(false);
  const { data: staff } = useQuery<EmployeeOption[]>({ queryKey: ['/api/users'], enabled: permissions.canViewReports });
  const accounts = staff?.filter((u) => u.role === 'technician') ?? [];
  const form = useForm<FormValues>({
    resolver: lazyZodResolver<FormValues>(() => import('../workforce.schemas').then((m) => m.technicianInput)),
    defaultValues: valuesOf(technician),
  });
  const { errors } = form.formState;
  const err = (name: (typeof FIELDS)[number]) => {
    const message = errors[name]?.message;
    return name === 'skills' && message ? t('addTechnicianModal.skillsError') : translateValidation(message, t);
  };
  const pending = create.isPending || update.isPending || uploading;

  /** Uploads the chosen photo and makes it the profile picture. */
  const savePhoto = async (id: number) => {
    if (!photo) return;
    setUploading(true);
    try {
      const file = await uploadAttachment('technician', id, photo);
      await update.mutateAsync({ id, profileImageUrl: `/api/attachments/${file.id}/download` });
    } catch (error) {
      toast({ variant: 'destructive', title: t('toast.error'), description: errorMessage(error, t) });
    } finally {
      setUploading(false);
      void refreshWorkforce(queryClient);
    }
  };

  const onError = (error: unknown) => {
    applyServerIssues(fieldIssues(error), FIELDS, form.setError);
    toast({ variant: 'destructive', title: t('toast.error'), description: errorMessage(error, t) });
  };

  const onSubmit = form.handleSubmit((values) => {
    const payload = payloadOf(values);
    if (technician) {
      update.mutate(
        { id: technician.id, ...payload },
        {
          onSuccess: async (result) => {
            await savePhoto(result.id);
            onClose();
            toast({
              variant: 'success',
              title: t('toast.updatedTitle'),
              description: t('toast.updatedBody', { name: fullName(result.firstName, result.lastName) }),
            });
          },
          onError,
        },
      );
      return;
    }
    create.mutate(payload, {
      onSuccess: async (result) => {
        await savePhoto(result.id);
        setSaved(result);
      },
      onError,
    });
  });

  if (saved) {
    return (
      <div className="flex flex-col items-center gap-4 py-6 text-center" data-testid="technician-added">
        <div className="flex size-14 items-center justify-center rounded-full bg-success/10 text-success">
          <CircleCheck className="size-8" aria-hidden />
        </div>
        <div className="flex flex-col gap-1">
          <h3 className="text-lg font-semibold">{t('add.successTitle')}</h3>
          <p className="text-sm text-muted-foreground">{t('add.successBody', { name: fullName(saved.firstName, saved.lastName) })}</p>
        </div>
        <div className="flex w-full flex-col-reverse gap-2 sm:w-auto sm:flex-row">
          <Button
            variant="outline"
            onClick={() => {
              onClose();
              navigate('/');
            }}
          >
            {t('add.returnToDashboard')}
          </Button>
          <Button
            onClick={() => {
              form.reset(valuesOf());
              setPhoto(null);
              setSaved(null);
              toast({ title: t('add.readyTitle'), description: t('add.readyBody') });
            }}
          >
            <Plus aria-hidden />
            {t('add.addAnother')}
          </Button>
        </div>
      </div>
    );
  }

  const text = (
    name: 'firstName' | 'lastName' | 'email' | 'phone' | 'title' | 'employeeId' | 'location',
    props: { type?: string; ltr?: boolean; optional?: boolean; maxLength?: number } = {},
  ) => (
    <TextField
      id={`technician-${name}`}
      label={t(`fields.${name}`)}
      error={err(name)}
      optional={props.optional ? t('fields.optional') : undefined}
      type={props.type}
      ltr={props.ltr}
      maxLength={props.maxLength}
      autoComplete="off"
      register={form.register(name)}
    />
  );

  const [first, last] = form.watch(['firstName', 'lastName']);

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" data-testid="technician-form">
      <PhotoPicker file={photo} onFile={setPhoto} current={technician?.profileImageUrl} names={[first, last]} />
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', { maxLength: 100 })}
        {text('lastName', { maxLength: 100 })}
        {text('email', { type: 'email', ltr: true, maxLength: 255 })}
        {text('phone', { type: 'tel', ltr: true, maxLength: 20 })}
        <div className="sm:col-span-2">{text('title', { maxLength: 200 })}</div>
        <div className="flex flex-col gap-1.5 sm:col-span-2">
          <div className="flex items-baseline justify-between gap-2">
            <span id="technician-skills-label" className="text-sm font-medium leading-none">
              {t('fields.skills')}
            </span>
            <span className="text-xs text-muted-foreground">{t('fields.skillsHint')}</span>
          </div>
          <Controller
            control={form.control}
            name="skills"
            render={({ field }) => (
              <SkillPicker
                value={field.value}
                onChange={(ids) => field.onChange(ids)}
                invalid={!!errors.skills}
                errorId={err('skills') ? 'technician-skills-error' : undefined}
              />
            )}
          />
          {err('skills') && (
            <p id="technician-skills-error" role="alert" className="text-xs font-medium text-destructive">
              {err('skills')}
            </p>
          )}
        </div>
        {text('employeeId', { optional: true, ltr: true, maxLength: 50 })}
        {text('location', { optional: true, maxLength: 200 })}
        <Field id="technician-status" label={t('fields.status')}>
          <FormSelect
            control={form.control}
            name="status"
            id="technician-status"
            options={TECHNICIAN_STATUSES}
            text={(status) => t(`status.${status}`)}
          />
        </Field>
        <Field id="technician-rating" label={t('fields.rating')} error={err('rating')}>
          <Input
            id="technician-rating"
            type="number"
            inputMode="decimal"
            min={0}
            max={5}
            step={0.1}
            aria-invalid={!!errors.rating}
            aria-describedby={describedBy('technician-rating', err('rating'))}
            {...form.register('rating')}
          />
        </Field>
        {permissions.canViewReports && (
          <Field id="technician-account" label={t('fields.account')} hint={t('fields.accountHint')} className="sm:col-span-2">
            <Controller
              control={form.control}
              name="userId"
              render={({ field }) => (
                <Select
                  value={field.value ? String(field.value) : 'none'}
                  onValueChange={(v) => field.onChange(v === 'none' ? null : Number(v))}
                >
                  <SelectTrigger id="technician-account" aria-describedby="technician-account-hint">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="none">{t('fields.noAccount')}</SelectItem>
                    {accounts.map((account) => (
                      <SelectItem key={account.id} value={String(account.id)}>
                        {fullName(account.firstName, account.lastName, `#${account.id}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </Field>
        )}
        <Field id="technician-notes" label={t('fields.notes')} optional={t('fields.optional')} className="sm:col-span-2">
          <Textarea id="technician-notes" rows={3} maxLength={2000} {...form.register('notes')} />
        </Field>
      </div>
      <FormActions
        onCancel={onClose}
        pending={pending}
        submitLabel={technician ? t('edit.submit') : t('add.submit')}
        submitTestId="submit-technician"
      />
    </form>
  );
}
