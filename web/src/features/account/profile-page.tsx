import { registerWithValue } from '@/lib/form-fields';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { TextField } from '@/shared/text-field';
import { Bell, KeyRound, Pencil, UserRound } from 'lucide-react';
import type { Preferences, PublicUser } from '@core/contracts/auth.ts';
import { useAuth } from '@/lib/auth';
import { fieldIssues } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { applyServerIssues, translateValidation } from '@/lib/validation';
import { fullName, initialsOf } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { preferencesQuery, useUpdatePreferences, useUpdateProfile } from './account.api';
import { PasswordForm } from './password-form';

import type { ProfileFormValues as ProfileForm } from './account.schemas';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'bio'] as const;

function valuesOf(user: PublicUser): ProfileForm {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    email: user.email ?? '',
    phone: user.phone ?? '',
    bio: user.bio ?? '',
  };
}

/** Personal details: read-only until Edit; Save and Cancel. */
function DetailsCard({ user }: { user: PublicUser }) {
  const { t } = useTranslation('account');
  const [editing, setEditing] = useState(false);
  const update = useUpdateProfile();
  const form = useForm<ProfileForm>({
    resolver: lazyZodResolver<ProfileForm>(() => import('./account.schemas').then((m) => m.profileForm)),
    defaultValues: valuesOf(user),
  });
  const { errors, isDirty } = form.formState;
  const err = (name: (typeof FIELDS)[number]) => translateValidation(errors[name]?.message, t);

  useEffect(() => {
    if (!editing) form.reset(valuesOf(user));
  }, [user, editing, form]);

  const cancel = () => {
    form.reset(valuesOf(user));
    setEditing(false);
  };

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        setEditing(false);
        toast({ variant: 'success', title: t('details.savedTitle'), description: t('details.savedBody') });
      },
      onError: (error) => {
        applyServerIssues(fieldIssues(error), FIELDS, form.setError);
        toast({ variant: 'destructive', title: t('details.failed'), description: errorMessage(error, t) });
      },
    }),
  );

  const input = (name: Exclude<(typeof FIELDS)[number], 'bio'>, props: { type?: string; autoComplete: string; ltr?: boolean }) => (
    <TextField
      id={`profile-${name}`}
      label={t(`details.${name}`)}
      error={err(name)}
      type={props.type}
      autoComplete={props.autoComplete}
      readOnly={!editing}
      ltr={props.ltr}
      register={registerWithValue(form, name)}
    />
  );

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-4">
        <div className="flex flex-col gap-1">
          <CardTitle className="flex items-center gap-2">
            <UserRound className="size-4 text-muted-foreground" aria-hidden />
            {t('details.title')}
          </CardTitle>
          <CardDescription>{t('details.description')}</CardDescription>
        </div>
        {!editing && (
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            <Pencil aria-hidden />
            {t('details.edit')}
          </Button>
        )}
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {input('firstName', { autoComplete: 'given-name' })}
            {input('lastName', { autoComplete: 'family-name' })}
            {input('email', { type: 'email', autoComplete: 'email', ltr: true })}
            {input('phone', { type: 'tel', autoComplete: 'tel', ltr: true })}
          </div>
          <Field id="profile-bio" label={t('details.bio')} error={err('bio')}>
            <Textarea
              id="profile-bio"
              rows={4}
              readOnly={!editing}
              aria-invalid={!!errors.bio}
              aria-describedby={describedBy('profile-bio', err('bio'))}
              {...registerWithValue(form, 'bio')}
            />
          </Field>
          {editing && (
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={cancel} disabled={update.isPending}>
                {t('common:actions.cancel')}
              </Button>
              <Button type="submit" loading={update.isPending} disabled={!isDirty}>
                {t('common:actions.saveChanges')}
              </Button>
            </div>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

const PREFERENCE_KEYS: Array<keyof Preferences> = [
  'emailNotifications',
  'taskAssignments',
  'taskUpdates',
  'dailyDigest',
  'pushNotifications',
];

function PreferencesCard() {
  const { t } = useTranslation('account');
  const { data, isLoading, isError, refetch } = useQuery(preferencesQuery);
  const update = useUpdatePreferences();
  const toggle = (key: keyof Preferences, value: boolean) => {
    if (!data) return;
    update.mutate(
      { ...data, [key]: value },
      {
        onSuccess: () => toast({ title: t('preferences.savedTitle'), description: t('preferences.savedBody') }),
        onError: (error) => toast({ variant: 'destructive', title: t('preferences.failed'), description: errorMessage(error, t) }),
      },
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Bell className="size-4 text-muted-foreground" aria-hidden />
          {t('preferences.title')}
        </CardTitle>
        <CardDescription>{t('preferences.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading && (
          <div className="flex flex-col gap-3">
            {PREFERENCE_KEYS.map((key) => (
              <Skeleton key={key} className="h-10" />
            ))}
          </div>
        )}
        {isError && (
          <div className="flex items-center justify-between gap-3 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm">
            <span>{t('preferences.loadFailed')}</span>
            <Button variant="outline" size="sm" onClick={() => void refetch()}>
              {t('common:actions.retry')}
            </Button>
          </div>
        )}
        {data && (
          <ul className="divide-y">
            {PREFERENCE_KEYS.map((key) => (
              <li key={key} className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
                <div className="flex flex-col gap-0.5">
                  <label htmlFor={`pref-${key}`} className="text-sm font-medium">
                    {t(`preferences.${key}.label`)}
                  </label>
                  <span id={`pref-${key}-hint`} className="text-xs text-muted-foreground">
                    {t(`preferences.${key}.hint`)}
                  </span>
                </div>
                <Switch
                  id={`pref-${key}`}
                  aria-describedby={`pref-${key}-hint`}
                  checked={data[key]}
                  onCheckedChange={(value) => toggle(key, value)}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** /profile: who I am, my details, my password, my notification choices. */
export default function ProfilePage() {
  const { t } = useTranslation('account');
  const { user } = useAuth();

  useEffect(() => {
    if (window.location.hash === '#account') document.getElementById('account')?.scrollIntoView({ block: 'start' });
  }, []);

  if (!user) return null;
  const name = fullName(user.firstName, user.lastName, user.username);
  return (
    <div className="flex flex-col gap-5">
      <Card>
        <CardContent className="flex flex-col items-start gap-4 pt-4 sm:flex-row sm:items-center md:pt-5">
          <div className="flex size-16 shrink-0 items-center justify-center rounded-full bg-primary text-xl font-semibold text-primary-foreground">
            {initialsOf(user.firstName, user.lastName, user.username)}
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-xl font-semibold">{name}</h2>
              <Badge variant="primary">{t(`common:roles.${user.role}`)}</Badge>
            </div>
            <p className="text-sm text-muted-foreground">
              <span dir="ltr">@{user.username}</span> · {user.tenantName}
            </p>
          </div>
        </CardContent>
      </Card>
      <div className="grid gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="flex flex-col gap-5">
          <DetailsCard user={user} />
          <PreferencesCard />
        </div>
        <Card id="account" className="h-fit scroll-mt-20">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <KeyRound className="size-4 text-muted-foreground" aria-hidden />
              {t('password.title')}
            </CardTitle>
            <CardDescription>{t('password.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            <PasswordForm idPrefix="account" submitLabel={t('password.submit')} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
