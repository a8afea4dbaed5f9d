import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/translation';
import type { LoginInput, RegisterInput } from '@core/contracts/auth.ts';
import { useAuth } from '@/lib/auth';
import { fieldIssues, isApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { applyServerIssues, translateValidation } from '@/lib/validation';
import { Button } from '@/components/ui/button';
import { describedBy, Field } from '@/components/ui/label';
import { Input, PasswordInput } from '@/components/ui/input';
import { toast } from '@/components/ui/toast';

export function LoginForm() {
  const { t } = useTranslation('auth');
  const { loginMutation } = useAuth();
  const form = useForm<LoginInput>({
    resolver: lazyZodResolver<LoginInput>(() => import('./auth.schemas').then((m) => m.loginInput)),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  const err = (name: keyof LoginInput) => translateValidation(errors[name]?.message, t);

  const onSubmit = form.handleSubmit((values) =>
    loginMutation.mutate(values, {
      onError: (error) => {
        applyServerIssues(fieldIssues(error), ['username', 'password'] as const, form.setError);
        let description = errorMessage(error, t, t('login.failedFallback'));
        if (isApiError(error) && error.status === 429 && error.retryAfter) {
          description = `${description} ${t('login.retryIn', { minutes: Math.max(1, Math.ceil(error.retryAfter / 60)) })}`;
        }
        toast({ variant: 'destructive', title: t('login.failed'), description });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('login.tab')}>
      <Field id="login-username" label={t('fields.username')} error={err('username')}>
        <Input
          id="login-username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={!!errors.username}
          aria-describedby={describedBy('login-username', err('username'))}
          {...form.register('username')}
        />
      </Field>
      <Field id="login-password" label={t('fields.password')} error={err('password')}>
        <PasswordInput
          id="login-password"
          autoComplete="current-password"
          showLabel={t('fields.showPassword')}
          hideLabel={t('fields.hidePassword')}
          aria-invalid={!!errors.password}
          aria-describedby={describedBy('login-password', err('password'))}
          {...form.register('password')}
        />
      </Field>
      <Button type="submit" size="lg" className="mt-2 w-full" loading={loginMutation.isPending}>
        {loginMutation.isPending ? t('login.pending') : t('login.submit')}
      </Button>
    </form>
  );
}

const REGISTER_FIELDS = ['firstName', 'lastName', 'username', 'email', 'password'] as const;

export function RegisterForm() {
  const { t } = useTranslation('auth');
  const { registerMutation } = useAuth();
  const form = useForm<RegisterInput>({
    resolver: lazyZodResolver<RegisterInput>(() => import('./auth.schemas').then((m) => m.registerInput)),
    defaultValues: { firstName: '', lastName: '', username: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  const err = (name: keyof RegisterInput) => translateValidation(errors[name]?.message, t);

  const onSubmit = form.handleSubmit((values) =>
    registerMutation.mutate(values, {
      onError: (error) => {
        applyServerIssues(fieldIssues(error), REGISTER_FIELDS, form.setError);
        if (isApiError(error) && error.code === 'auth.username_taken') {
          form.setError('username', { type: 'server', message: errorMessage(error, t) });
        }
        const description = errorMessage(error, t).replace(/^400: /, '') || t('register.failedFallback');
        toast({ variant: 'destructive', title: t('register.failed'), description });
      },
    }),
  );

  const text = (name: (typeof REGISTER_FIELDS)[number], props: { type?: string; autoComplete: string; hint?: string }) => {
    const id = `register-${name}`;
    return (
      <Field id={id} label={t(`fields.${name}`)} error={err(name)} hint={props.hint}>
        <Input
          id={id}
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          aria-invalid={!!errors[name]}
          aria-describedby={describedBy(id, err(name), props.hint)}
          {...(name === 'username' || name === 'email' ? { autoCapitalize: 'none', spellCheck: false } : {})}
          {...form.register(name)}
        />
      </Field>
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('register.tab')}>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('firstName', { autoComplete: 'given-name' })}
        {text('lastName', { autoComplete: 'family-name' })}
      </div>
      {text('username', { autoComplete: 'username', hint: t('fields.usernameHint') })}
      {text('email', { type: 'email', autoComplete: 'email' })}
      <Field id="register-password" label={t('fields.password')} error={err('password')} hint={t('fields.passwordHint')}>
        <PasswordInput
          id="register-password"
          autoComplete="new-password"
          showLabel={t('fields.showPassword')}
          hideLabel={t('fields.hidePassword')}
          aria-invalid={!!errors.password}
          aria-describedby={describedBy('register-password', err('password'), t('fields.passwordHint'))}
          {...form.register('password')}
        />
      </Field>
      <Button type="submit" size="lg" className="mt-2 w-full" loading={registerMutation.isPending}>
        {registerMutation.isPending ? t('register.pending') : t('register.submit')}
      </Button>
    </form>
  );
}
