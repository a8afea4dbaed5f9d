import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { ArrowLeft } from 'lucide-react';
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

const TOTP_MESSAGE = 'Enter the 6-digit code from your authenticator app';
const BACKUP_MESSAGE = 'Enter the 6-digit code or a backup code';

/** The code step's own check (the contract's rule, in its words): six digits, or a backup code. */
function codeProblem(code: string, backup: boolean): string | undefined {
  const plain = code.replace(backup ? /[\s-]/g : /\s/g, '');
  if (!plain) return 'Required';
  if (backup ? !/^[A-Za-z0-9]{10}$/.test(plain) : !/^\d{6}$/.test(plain)) return backup ? BACKUP_MESSAGE : TOTP_MESSAGE;
  return undefined;
}

/**
 * Username and password; when the account has two-factor on (the server answers
 * auth.two_factor_required), a second step asks for the app's code, or a backup code, and signs
 * in with the username and password kept.
 */
export function LoginForm() {
  const { t } = useTranslation('auth');
  const { loginMutation } = useAuth();
  const form = useForm<LoginInput>({
    resolver: lazyZodResolver<LoginInput>(() => import('./auth.schemas').then((m) => m.loginInput)),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;
  const err = (name: keyof LoginInput) => translateValidation(errors[name]?.message, t);
  const [codeStep, setCodeStep] = useState(false);
  const [backup, setBackup] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();
  const codeInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (codeStep) codeInput.current?.focus();
  }, [codeStep, backup]);

  const failed = (error: unknown) => {
    let description = errorMessage(error, t, t('login.failedFallback'));
    if (isApiError(error) && error.status === 429 && error.retryAfter) {
      description = `${description} ${t('login.retryIn', { minutes: Math.max(1, Math.ceil(error.retryAfter / 60)) })}`;
    }
    toast({ variant: 'destructive', title: t('login.failed'), description });
  };

  const onSubmit = form.handleSubmit((values) =>
    loginMutation.mutate(values, {
      onError: (error) => {
        if (isApiError(error) && error.code === 'auth.two_factor_required') {
          setCodeStep(true);
          return;
        }
        applyServerIssues(fieldIssues(error), ['username', 'password'] as const, form.setError);
        failed(error);
      },
    }),
  );

  const onSubmitCode = (event: FormEvent) => {
    event.preventDefault();
    const problem = codeProblem(code, backup);
    setCodeError(problem && translateValidation(problem, t));
    if (problem) return;
    loginMutation.mutate(
      { ...form.getValues(), code },
      {
        onError: (error) => {
          if (isApiError(error) && error.code === 'auth.two_factor_invalid') {
            setCodeError(errorMessage(error, t));
            codeInput.current?.select();
            return;
          }
          const issues = fieldIssues(error);
          if (issues.code) setCodeError(translateValidation(issues.code, t));
          failed(error);
        },
      },
    );
  };

  if (codeStep) {
    const id = 'login-code';
    const hint = backup ? t('twoFactor.backupHint') : t('twoFactor.appHint');
    return (
      // A form of its own (key): React would otherwise reuse the password step's buttons, whose colours then fade over.
      <form
        key="code-step"
        onSubmit={onSubmitCode}
        noValidate
        className="flex flex-col gap-4"
        aria-label={t('twoFactor.title')}
        data-testid="login-code-step"
      >
        <div className="flex flex-col gap-1">
          <h2 className="text-base font-semibold">{t('twoFactor.title')}</h2>
          <p className="text-sm text-muted-foreground">
            {t('twoFactor.signingInAs')} <span dir="ltr">@{form.getValues('username')}</span>
          </p>
        </div>
        <Field id={id} label={backup ? t('twoFactor.backupLabel') : t('twoFactor.codeLabel')} error={codeError} hint={hint}>
          <Input
            ref={codeInput}
            id={id}
            name="code"
            dir="ltr"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            inputMode={backup ? 'text' : 'numeric'}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={backup ? 32 : 9}
            className="text-start font-mono tracking-widest"
            aria-invalid={!!codeError}
            aria-describedby={describedBy(id, codeError, hint)}
          />
        </Field>
        <Button
          variant="link"
          className="h-auto self-start p-0"
          onClick={() => {
            setBackup(!backup);
            setCode('');
            setCodeError(undefined);
          }}
          data-testid="login-code-switch"
        >
          {backup ? t('twoFactor.useApp') : t('twoFactor.useBackup')}
        </Button>
        <Button type="submit" size="lg" className="w-full" loading={loginMutation.isPending}>
          {loginMutation.isPending ? t('login.pending') : t('twoFactor.submit')}
        </Button>
        <Button
          variant="ghost"
          className="self-start"
          onClick={() => {
            setCodeStep(false);
            setBackup(false);
            setCode('');
            setCodeError(undefined);
          }}
        >
          <ArrowLeft className="rtl:-scale-x-100" aria-hidden />
          {t('twoFactor.back')}
        </Button>
      </form>
    );
  }

  return (
    <form key="password-step" onSubmit={onSubmit} noValidate className="flex flex-col gap-4" aria-label={t('login.tab')}>
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
