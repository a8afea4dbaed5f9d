import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck, ShieldOff } from 'lucide-react';
import { useTranslation } from '@/lib/translation';
import { refreshUser, useAuth } from '@/lib/auth';
import { fieldIssues, isApiError } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { applyServerIssues, translateValidation } from '@/lib/validation';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input, PasswordInput } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { toast } from '@/components/ui/toast';
import { useDisableTwoFactor } from './two-factor.api';
import type { TwoFactorDisableValues } from './account.schemas';
import { SessionsCard } from './sessions-card';

// The set-up (and the QR code library) load when the dialog first opens.
const TwoFactorSetupDialog = lazy(() => import('./two-factor-setup-dialog'));

const DISABLE_FIELDS = ['password', 'code'] as const;

/** Turning two-factor off: the password and a code (of the app or a backup code). */
function TurnOffForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('account');
  const disable = useDisableTwoFactor();
  const form = useForm<TwoFactorDisableValues>({
    resolver: lazyZodResolver<TwoFactorDisableValues>(() => import('./account.schemas').then((m) => m.twoFactorDisableForm)),
    defaultValues: { password: '', code: '' },
  });
  const { errors } = form.formState;
  const err = (name: (typeof DISABLE_FIELDS)[number]) => translateValidation(errors[name]?.message, t);

  const onSubmit = form.handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: () => toast({ variant: 'success', title: t('twoFactor.off.doneTitle'), description: t('twoFactor.off.doneBody') }),
      onError: (error) => {
        applyServerIssues(fieldIssues(error), DISABLE_FIELDS, form.setError);
        if (isApiError(error) && error.code === 'auth.wrong_password') {
          form.setError('password', { type: 'server', message: errorMessage(error, t) });
        } else if (isApiError(error) && error.code === 'auth.two_factor_invalid') {
          form.setError('code', { type: 'server', message: t('twoFactor.off.wrongCode') });
        }
        toast({ variant: 'destructive', title: t('twoFactor.off.failed'), description: errorMessage(error, t) });
      },
    }),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4 border-t pt-4" data-testid="two-factor-off-form">
      <p className="text-sm text-muted-foreground">{t('twoFactor.off.description')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="two-factor-off-password" label={t('twoFactor.off.password')} error={err('password')}>
          <PasswordInput
            id="two-factor-off-password"
            autoComplete="current-password"
            showLabel={t('auth:fields.showPassword')}
            hideLabel={t('auth:fields.hidePassword')}
            aria-invalid={!!errors.password}
            aria-describedby={describedBy('two-factor-off-password', err('password'))}
            {...form.register('password')}
          />
        </Field>
        <Field id="two-factor-off-code" label={t('twoFactor.off.code')} error={err('code')} hint={t('twoFactor.off.codeHint')}>
          <Input
            id="two-factor-off-code"
            dir="ltr"
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={32}
            className="text-start font-mono tracking-wider"
            aria-invalid={!!errors.code}
            aria-describedby={describedBy('two-factor-off-code', err('code'), t('twoFactor.off.codeHint'))}
            {...form.register('code')}
          />
        </Field>
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={disable.isPending}>
          {t('common:actions.cancel')}
        </Button>
        <Button type="submit" variant="destructive" loading={disable.isPending} data-testid="two-factor-off-submit">
          {t('twoFactor.off.submit')}
        </Button>
      </div>
    </form>
  );
}

/** /profile?tab=security: two-factor sign-in (set up with an authenticator app or turned off) and where I am signed in. */
export function SecurityTab() {
  const { t } = useTranslation('account');
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [settingUp, setSettingUp] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  if (!user) return null;
  const on = user.twoFactorEnabled;
  const Icon = on ? ShieldCheck : ShieldOff;

  return (
    <div className="flex flex-col gap-5">
      <Card data-testid="two-factor-card">
        <CardHeader className="flex-row items-start justify-between gap-4">
          <div className="flex flex-col gap-1">
            <CardTitle className="flex items-center gap-2">
              <Icon className="size-4 text-muted-foreground" aria-hidden />
              {t('twoFactor.title')}
            </CardTitle>
            <CardDescription>{t('twoFactor.description')}</CardDescription>
          </div>
          <Badge variant={on ? 'success' : 'neutral'} data-testid="two-factor-status">
            {on ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}
          </Badge>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          <p className="text-sm">{on ? t('twoFactor.onBody') : t('twoFactor.offBody')}</p>
          {!on && (
            <Button className="w-full sm:w-auto sm:self-start" onClick={() => setSettingUp(true)} data-testid="two-factor-set-up">
              <ShieldCheck aria-hidden />
              {t('twoFactor.setUp')}
            </Button>
          )}
          {on && !turningOff && (
            <Button
              variant="outline"
              className="w-full sm:w-auto sm:self-start"
              onClick={() => setTurningOff(true)}
              data-testid="two-factor-turn-off"
            >
              <ShieldOff aria-hidden />
              {t('twoFactor.turnOff')}
            </Button>
          )}
          {on && turningOff && <TurnOffForm onCancel={() => setTurningOff(false)} />}
        </CardContent>
        {settingUp && (
          <Suspense fallback={null}>
            <TwoFactorSetupDialog
              onClose={() => {
                setSettingUp(false);
                setTurningOff(false);
                void refreshUser(queryClient);
              }}
            />
          </Suspense>
        )}
      </Card>
      <SessionsCard />
    </div>
  );
}
