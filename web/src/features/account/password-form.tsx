import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/translation';
import { fieldIssues, isApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { applyServerIssues, translateValidation } from '@/lib/validation';
import { Button } from '@/components/ui/button';
import { PasswordInput } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { useChangePassword } from './account.api';

import type { PasswordFormValues } from './account.schemas';
import { PASSWORDS_MISMATCH } from './password-mismatch';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** Current password, new password twice; POST /api/user/password. */
export function PasswordForm({
  idPrefix,
  submitLabel,
  currentLabel,
  onDone,
}: {
  idPrefix: string;
  submitLabel: string;
  /** Label of the first field ("Current password" unless given). */
  currentLabel?: string;
  onDone?: () => void;
}) {
  const { t } = useTranslation('account');
  const change = useChangePassword();
  const form = useForm<PasswordFormValues>({
    resolver: lazyZodResolver<PasswordFormValues>(() => import('./account.schemas').then((m) => m.passwordForm)),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const err = (name: (typeof FIELDS)[number]) => {
    const message = errors[name]?.message;
    return message === PASSWORDS_MISMATCH ? t('password.mismatch') : translateValidation(message, t);
  };

  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) =>
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          toast({ variant: 'success', title: t('password.changedTitle'), description: t('password.changedBody') });
          onDone?.();
        },
        onError: (error) => {
          applyServerIssues(fieldIssues(error), FIELDS, form.setError);
          if (isApiError(error) && error.code === 'auth.wrong_password') {
            form.setError('currentPassword', { type: 'server', message: errorMessage(error, t) });
          } else if (isApiError(error) && error.code === 'auth.same_password') {
            form.setError('newPassword', { type: 'server', message: errorMessage(error, t) });
          }
          toast({ variant: 'destructive', title: t('password.failed'), description: errorMessage(error, t) });
        },
      },
    ),
  );

  const labels = {
    currentPassword: currentLabel ?? t('password.current'),
    newPassword: t('password.new'),
    confirmPassword: t('password.confirm'),
  };
  const autoComplete = { currentPassword: 'current-password', newPassword: 'new-password', confirmPassword: 'new-password' };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      {FIELDS.map((name) => {
        const id = `${idPrefix}-${name}`;
        const hint = name === 'newPassword' ? t('password.hint') : undefined;
        return (
          <Field key={name} id={id} label={labels[name]} error={err(name)} hint={hint}>
            <PasswordInput
              id={id}
              autoComplete={autoComplete[name]}
              showLabel={t('auth:fields.showPassword')}
              hideLabel={t('auth:fields.hidePassword')}
              aria-invalid={!!errors[name]}
              aria-describedby={describedBy(id, err(name), hint)}
              {...form.register(name)}
            />
          </Field>
        );
      })}
      <Button type="submit" className="w-full sm:w-auto sm:self-start" loading={change.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
