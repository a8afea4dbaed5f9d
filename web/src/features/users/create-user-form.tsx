import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/translation';
import { TextField } from '@/shared/text-field';
import { FormActions } from '@/shared/dialog-frame';
import { Info, RefreshCw } from 'lucide-react';
import type { CreateStaffInput } from '@core/contracts/users.ts';
import { fieldIssues, isApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { fullName } from '@/lib/utils';
import { applyServerIssues, translateValidation } from '@/lib/validation';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { generatePassword, useCreateStaff } from './users.api';
import { RoleSelect } from './role-select';

const FIELDS = ['firstName', 'lastName', 'username', 'email', 'role', 'password'] as const;
const EMPTY: CreateStaffInput = { firstName: '', lastName: '', username: '', email: '', role: 'technician', password: '' };

/** The form inside the "Add User" dialog, loaded when the dialog opens. */
export default function CreateUserForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('users');
  const create = useCreateStaff();
  const form = useForm<CreateStaffInput>({
    resolver: lazyZodResolver<CreateStaffInput>(() => import('./users.schemas').then((m) => m.createStaffInput)),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;
  const err = (name: (typeof FIELDS)[number]) => translateValidation(errors[name]?.message, t);

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (created) => {
        onClose();
        toast({
          variant: 'success',
          title: t('create.createdTitle'),
          description: t('create.createdBody', { name: fullName(created.firstName, created.lastName, created.username) }),
        });
      },
      onError: (error) => {
        applyServerIssues(fieldIssues(error), FIELDS, form.setError);
        if (isApiError(error) && error.code === 'auth.username_taken') {
          form.setError('username', { type: 'server', message: errorMessage(error, t) });
        }
        toast({ variant: 'destructive', title: t('create.failed'), description: errorMessage(error, t) });
      },
    }),
  );

  const text = (name: Exclude<(typeof FIELDS)[number], 'role'>, props: { type?: string; autoComplete?: string; ltr?: boolean }) => (
    <TextField
      id={`new-user-${name}`}
      label={t(`fields.${name}`)}
      error={err(name)}
      type={props.type}
      autoComplete={props.autoComplete ?? 'off'}
      ltr={props.ltr}
      register={form.register(name)}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', { autoComplete: 'off' })}
        {text('lastName', { autoComplete: 'off' })}
        {text('username', { ltr: true })}
        {text('email', { type: 'email', ltr: true })}
        <Field id="new-user-role" label={t('fields.role')} error={err('role')}>
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => <RoleSelect id="new-user-role" value={field.value} onChange={field.onChange} invalid={!!errors.role} />}
          />
        </Field>
        <Field id="new-user-password" label={t('fields.password')} error={err('password')}>
          <div className="flex gap-2">
            <Input
              id="new-user-password"
              autoComplete="new-password"
              dir="ltr"
              className="text-start font-mono"
              aria-invalid={!!errors.password}
              aria-describedby={describedBy('new-user-password', err('password'))}
              {...form.register('password')}
            />
            <Button
              variant="outline"
              size="icon"
              aria-label={t('create.generate')}
              title={t('create.generate')}
              onClick={() => form.setValue('password', generatePassword(), { shouldValidate: true, shouldDirty: true })}
            >
              <RefreshCw aria-hidden />
            </Button>
          </div>
        </Field>
      </div>
      <div className="flex gap-3 rounded-md border border-info/30 bg-info/10 p-3 text-sm">
        <Info className="mt-0.5 size-4 shrink-0 text-info" aria-hidden />
        <p>{t('create.passwordNote')}</p>
      </div>
      <FormActions onCancel={onClose} pending={create.isPending} submitLabel={t('create.submit')} />
    </form>
  );
}
