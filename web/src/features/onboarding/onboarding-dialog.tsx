import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { ChartColumn, ListChecks, PartyPopper, UserRound, Wrench, type LucideIcon } from 'lucide-react';
import type { ProfileUpdateInput, PublicUser } from '@core/contracts/auth.ts';
import { apiRequest, type ApiError } from '@/lib/api';
import { refreshUser } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { USER_QUERY_KEY } from '@/lib/query-client';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input, Textarea } from '@/components/ui/input';
import { Field } from '@/components/ui/label';
import { KeyCombo } from '@/components/ui/kbd';
import { toast } from '@/components/ui/toast';

/** The onboarding form (spec section 3): firstName, lastName, phone, bio. */
type OnboardingForm = { firstName: string; lastName: string; phone: string; bio: string };

export const ONBOARDING_STEPS = 3;

const TIPS: Array<{ keys: string[]; label: string }> = [
  { keys: ['Ctrl', 'D'], label: 'tips.dashboard' },
  { keys: ['Ctrl', 'T'], label: 'tips.technicians' },
  { keys: ['Ctrl', 'K'], label: 'tips.tasks' },
  { keys: ['Shift', '?'], label: 'tips.help' },
];

const BLURBS: Array<{ key: string; icon: LucideIcon }> = [
  { key: 'manageTechnicians', icon: Wrench },
  { key: 'assignTasks', icon: ListChecks },
  { key: 'trackProgress', icon: ChartColumn },
];

/** Opens for a user who has not completed onboarding; it cannot be dismissed by clicking outside. */
export default function OnboardingDialog({ user }: { user: PublicUser }) {
  const { t } = useTranslation('onboarding');
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(true);
  const [step, setStep] = useState(1);
  const form = useForm<OnboardingForm>({
    defaultValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '', phone: user.phone ?? '', bio: user.bio ?? '' },
  });

  const save = useMutation<PublicUser, ApiError, ProfileUpdateInput>({
    mutationFn: (body) => apiRequest<PublicUser>('PUT', '/api/user/profile', body),
  });

  const failed = (error: ApiError) => toast({ variant: 'destructive', title: t('toast.failed'), description: errorMessage(error, t) });

  const finish = (saved: PublicUser) => {
    queryClient.setQueryData(USER_QUERY_KEY, saved);
    void refreshUser(queryClient);
    setOpen(false);
  };

  const skip = () => save.mutate({ hasCompletedOnboarding: true }, { onSuccess: finish, onError: failed });

  const next = () => {
    if (step === 1) {
      const { firstName, lastName } = form.getValues();
      if (!firstName.trim() || !lastName.trim()) {
        toast({ variant: 'destructive', title: t('toast.requiredTitle'), description: t('toast.requiredBody') });
        return;
      }
    }
    setStep((s) => Math.min(ONBOARDING_STEPS, s + 1));
  };

  const getStarted = () => {
    const values = form.getValues();
    save.mutate(
      {
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        phone: values.phone.trim(),
        bio: values.bio,
        hasCompletedOnboarding: true,
      },
      {
        onSuccess: (saved) => {
          finish(saved);
          toast({ variant: 'success', title: t('toast.welcomeTitle'), description: t('toast.welcomeBody') });
        },
        onError: failed,
      },
    );
  };

  const firstName = form.watch('firstName').trim();

  return (
    <Dialog open={open} onOpenChange={() => undefined}>
      <DialogContent blocking width="md" data-testid="onboarding-dialog" aria-describedby="onboarding-description">
        <div className="flex items-center justify-between gap-3">
          <span className="text-xs font-medium text-muted-foreground">{t('stepOf', { step, total: ONBOARDING_STEPS })}</span>
          <div className="flex gap-1.5" aria-hidden>
            {Array.from({ length: ONBOARDING_STEPS }, (_, i) => (
              <span key={i} className={cn('h-1.5 w-8 rounded-full transition-colors', i < step ? 'bg-primary' : 'bg-muted')} />
            ))}
          </div>
        </div>

        <form
          className="flex flex-col gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (step < ONBOARDING_STEPS) next();
            else getStarted();
          }}
        >
          {step === 1 && (
            <>
              <DialogHeader className="pe-0">
                <div className="mb-1 flex size-11 items-center justify-center rounded-md bg-primary/10 text-primary">
                  <UserRound className="size-6" aria-hidden />
                </div>
                <DialogTitle>{t('step1.title')}</DialogTitle>
                <DialogDescription id="onboarding-description">{t('step1.description')}</DialogDescription>
              </DialogHeader>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="onboarding-firstName" label={t('fields.firstName')}>
                  <Input id="onboarding-firstName" autoComplete="given-name" maxLength={100} required {...form.register('firstName')} />
                </Field>
                <Field id="onboarding-lastName" label={t('fields.lastName')}>
                  <Input id="onboarding-lastName" autoComplete="family-name" maxLength={100} required {...form.register('lastName')} />
                </Field>
                <Field id="onboarding-phone" label={t('fields.phone')} optional={t('fields.optional')} className="sm:col-span-2">
                  <Input
                    id="onboarding-phone"
                    type="tel"
                    autoComplete="tel"
                    maxLength={20}
                    dir="ltr"
                    className="text-start"
                    {...form.register('phone')}
                  />
                </Field>
              </div>
            </>
          )}

          {step === 2 && (
            <>
              <DialogHeader className="pe-0">
                <DialogTitle>{t('step2.title')}</DialogTitle>
                <DialogDescription id="onboarding-description">{t('step2.description')}</DialogDescription>
              </DialogHeader>
              <Field id="onboarding-bio" label={t('fields.bio')} optional={t('fields.optional')}>
                <Textarea
                  id="onboarding-bio"
                  rows={4}
                  maxLength={2000}
                  placeholder={t('fields.bioPlaceholder')}
                  {...form.register('bio')}
                />
              </Field>
              <div className="rounded-md border bg-muted/50 p-4">
                <p className="mb-3 text-sm font-semibold">{t('tips.title')}</p>
                <ul className="flex flex-col gap-2.5">
                  {TIPS.map((tip) => (
                    <li key={tip.label} className="flex items-center justify-between gap-3 text-sm">
                      <span className="text-muted-foreground">{t(tip.label)}</span>
                      <KeyCombo keys={tip.keys} />
                    </li>
                  ))}
                </ul>
              </div>
            </>
          )}

          {step === 3 && (
            <>
              <DialogHeader className="pe-0">
                <div className="mb-1 flex size-11 items-center justify-center rounded-md bg-success/10 text-success">
                  <PartyPopper className="size-6" aria-hidden />
                </div>
                <DialogTitle>{t('step3.title')}</DialogTitle>
                <DialogDescription id="onboarding-description">
                  {firstName ? t('step3.greeting', { name: firstName }) : t('step3.greetingNoName')}
                </DialogDescription>
              </DialogHeader>
              <ul className="flex flex-col gap-3">
                {BLURBS.map(({ key, icon: Icon }) => (
                  <li key={key} className="flex gap-3 rounded-md border p-3">
                    <div className="flex size-9 shrink-0 items-center justify-center rounded-md bg-primary/10 text-primary">
                      <Icon className="size-5" aria-hidden />
                    </div>
                    <div>
                      <p className="text-sm font-semibold">{t(`blurbs.${key}.title`)}</p>
                      <p className="text-sm text-muted-foreground">{t(`blurbs.${key}.body`)}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}

          <DialogFooter className="sm:justify-between">
            <Button variant="ghost" onClick={skip} disabled={save.isPending}>
              {t('actions.skip')}
            </Button>
            <div className="flex flex-col-reverse gap-2 sm:flex-row">
              {step > 1 && (
                <Button variant="outline" onClick={() => setStep((s) => s - 1)} disabled={save.isPending}>
                  {t('actions.back')}
                </Button>
              )}
              {step < ONBOARDING_STEPS ? (
                <Button type="submit">{t('actions.next')}</Button>
              ) : (
                <Button type="submit" loading={save.isPending}>
                  {t('actions.getStarted')}
                </Button>
              )}
            </div>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
