import { registerWithValue } from '@/lib/form-fields';
import { useEffect, useState, type ComponentType } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import { useTranslation } from '@/lib/translation';
import { TextField } from '@/shared/text-field';
import { History, KeyRound, Pencil, ShieldCheck, SlidersHorizontal, UserRound, UsersRound } from 'lucide-react';
import type { PublicUser } from '@core/contracts/auth.ts';
import { useAuth, usePermissions } from '@/lib/auth';
import { fieldIssues } from '@/lib/api';
import { errorMessage } from '@/lib/errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { applyServerIssues, translateValidation } from '@/lib/validation';
import { formatPercent } from '@/lib/format';
import { fullName, initialsOf } from '@/lib/utils';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Textarea } from '@/components/ui/input';
import { describedBy, Field } from '@/components/ui/label';
import { Progress } from '@/components/ui/progress';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/toast';
import { useUpdateProfile } from './account.api';
import { profileCompleteness } from './completeness';
import { PasswordForm } from './password-form';
import { useLoadedWhen } from '@/lib/use-loaded-when';
import { Skeleton } from '@/components/ui/skeleton';

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
function DetailsCard({ user, editing, setEditing }: { user: PublicUser; editing: boolean; setEditing: (on: boolean) => void }) {
  const { t } = useTranslation('account');
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

/**
 * How complete the profile is over its five fields (spec: first name, last name, email, phone,
 * bio), with what is missing and a way to add it; not shown at 100%.
 */
function CompletenessCard({ user, onComplete }: { user: PublicUser; onComplete: () => void }) {
  const { t, i18n } = useTranslation('account');
  const { percent, missing } = profileCompleteness(user);
  if (percent >= 100) return null;
  const percentText = formatPercent(percent, i18n.language);
  return (
    <Card data-testid="profile-completeness">
      <CardContent className="flex flex-col gap-3 pt-4 sm:flex-row sm:items-center sm:gap-5 md:pt-5">
        <div className="flex min-w-0 flex-1 flex-col gap-2">
          <div className="flex items-baseline justify-between gap-3">
            <h2 className="text-sm font-semibold">{t('completeness.title')}</h2>
            <span className="text-sm font-semibold tabular-nums" data-testid="profile-completeness-percent">
              {percentText}
            </span>
          </div>
          <Progress value={percent} label={t('completeness.label', { percent: percentText })} tone={percent < 60 ? 'warning' : 'primary'} />
          <p className="text-xs text-muted-foreground">
            {t('completeness.missing', {
              fields: missing.map((field) => t(`details.${field}`)).join(i18n.language === 'ar' ? '، ' : ', '),
            })}
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={onComplete} className="shrink-0">
          <Pencil aria-hidden />
          {t('completeness.action')}
        </Button>
      </CardContent>
    </Card>
  );
}

const TABS = ['profile', 'settings', 'security', 'activity', 'users'] as const;
type Tab = (typeof TABS)[number];
const TAB_ICONS: Record<Tab, typeof UserRound> = {
  profile: UserRound,
  settings: SlidersHorizontal,
  security: ShieldCheck,
  activity: History,
  users: UsersRound,
};

/** The tab in the page's address (`?tab=settings`), so a reload or a shared link opens it; profile by default. */
function useTab(): [Tab, (tab: Tab) => void] {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const asked = new URLSearchParams(search).get('tab');
  const tab = TABS.includes(asked as Tab) ? (asked as Tab) : 'profile';
  const choose = (next: Tab) => {
    const params = new URLSearchParams(search);
    if (next === 'profile') params.delete('tab');
    else params.set('tab', next);
    const query = params.toString();
    navigate(query ? `${location}?${query}` : location, { replace: true });
  };
  return [tab, choose];
}

// The tabs but the first load when first opened: their selects and switches are not the page's first screen.
const loadSettingsTab = () => import('./settings-tab');
const loadUsersTab = () => import('./users-tab');
const loadSecurityTab = () => import('./security-tab');

/** Where a tab's code is still on its way. */
function TabLoading() {
  return <Skeleton className="h-64 w-full" data-testid="profile-tab-loading" />;
}

export type ProfilePageProps = {
  /** The Activity tab's list of the user's latest actions (the app composes it: web/src/app/pages/profile-route.tsx). */
  activity?: ComponentType<{ userId: number }>;
};

/**
 * /profile: who I am; tabs for my details and password, my settings, my two-factor sign-in, my
 * latest actions, and (admins) the team's roles.
 */
export default function ProfilePage({ activity: Activity }: ProfilePageProps) {
  const { t } = useTranslation('account');
  const { user } = useAuth();
  const isAdmin = usePermissions().canManageUsers;
  const [tab, setTab] = useTab();
  const [editing, setEditing] = useState(false);
  const settingsTab = useLoadedWhen(tab === 'settings', loadSettingsTab);
  const usersTab = useLoadedWhen(tab === 'users', loadUsersTab);
  const securityTab = useLoadedWhen(tab === 'security', loadSecurityTab);

  useEffect(() => {
    if (window.location.hash === '#account') document.getElementById('account')?.scrollIntoView({ block: 'start' });
  }, []);

  if (!user) return null;
  const name = fullName(user.firstName, user.lastName, user.username);
  // The Users tab is the admins' (spec); another role asking for it by its address is told why it is not theirs.
  const tabs = TABS.filter((each) => each !== 'users' || isAdmin || tab === 'users');
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
      <CompletenessCard
        user={user}
        onComplete={() => {
          setTab('profile');
          setEditing(true);
        }}
      />
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList className="w-full flex-wrap sm:w-auto">
          {tabs.map((each) => {
            const Icon = TAB_ICONS[each];
            return (
              <TabsTrigger key={each} value={each} data-testid={`profile-tab-${each}`}>
                <Icon className="size-4" aria-hidden />
                {t(`tabs.${each}`)}
              </TabsTrigger>
            );
          })}
        </TabsList>
        <TabsContent value="profile">
          <div className="grid gap-5 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <DetailsCard user={user} editing={editing} setEditing={setEditing} />
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
        </TabsContent>
        <TabsContent value="settings">{settingsTab ? <settingsTab.SettingsTab /> : <TabLoading />}</TabsContent>
        <TabsContent value="security">{securityTab ? <securityTab.SecurityTab /> : <TabLoading />}</TabsContent>
        <TabsContent value="activity">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <History className="size-4 text-muted-foreground" aria-hidden />
                {t('activity.title')}
              </CardTitle>
              <CardDescription>{t('activity.description')}</CardDescription>
            </CardHeader>
            <CardContent>{Activity && <Activity userId={user.id} />}</CardContent>
          </Card>
        </TabsContent>
        {tabs.includes('users') && <TabsContent value="users">{usersTab ? <usersTab.UsersTab /> : <TabLoading />}</TabsContent>}
      </Tabs>
    </div>
  );
}
