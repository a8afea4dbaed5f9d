import { useQuery } from '@tanstack/react-query';
import { Bell, SlidersHorizontal } from 'lucide-react';
import type { Preferences } from '@core/contracts/auth.ts';
import { DATE_FORMATS, FONT_SIZES, LANGUAGES, THEMES, TIME_FORMATS, type UserSettings } from '@core/contracts/user-settings.values.ts';
import { useTranslation } from '@/lib/translation';
import { errorMessage } from '@/lib/errors';
import { currentTime, formatDate, formatDateTime, formatTime } from '@/lib/format';
import { useStoredSettings } from '@/lib/preferences';
import { playNotificationTone, useSaveUserSettings } from '@/lib/user-settings';
import { OptionSelect } from '@/shared/option-select';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/toast';
import { preferencesQuery, useUpdatePreferences } from './account.api';

/** The languages by their own names: a reader finds theirs whatever the page's language. */
const LANGUAGE_NAMES: Record<(typeof LANGUAGES)[number], string> = { en: 'English', ar: 'العربية' };

type Switchable = 'compactMode' | 'enableNotifications' | 'enableSounds' | 'enableKeyboardShortcuts';
const SWITCHES: Switchable[] = ['compactMode', 'enableNotifications', 'enableSounds', 'enableKeyboardShortcuts'];

/** One switch with its label and hint, as the notification preferences show theirs. */
function SwitchRow({
  id,
  label,
  hint,
  checked,
  disabled,
  onChange,
}: {
  id: string;
  label: string;
  hint: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <li className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
      <div className={`flex flex-col gap-0.5 ${disabled ? 'opacity-60' : ''}`}>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </span>
      </div>
      <Switch id={id} aria-describedby={`${id}-hint`} checked={checked} disabled={disabled} onCheckedChange={onChange} />
    </li>
  );
}

/**
 * The user's own settings (spec's user_settings): language, date and time formats, theme, font
 * size, compact mode, notices, sounds and shortcuts. Each change applies at once, is saved on the
 * server (so it follows the user to another browser) and is taken back if the server refuses it.
 */
function UserSettingsCard() {
  const { t, i18n } = useTranslation('account');
  const settings = useStoredSettings();
  const save = useSaveUserSettings();
  const language = i18n.language;
  const sample = currentTime();

  const change = <K extends keyof UserSettings>(key: K, value: UserSettings[K]) => {
    if (settings[key] === value) return;
    if (key === 'enableSounds' && value === true) playNotificationTone();
    save.mutate(
      { [key]: value },
      {
        onSuccess: () => toast({ variant: 'success', title: t('settings.savedTitle'), description: t('settings.savedBody') }),
        onError: (error) => toast({ variant: 'destructive', title: t('settings.failed'), description: errorMessage(error, t) }),
      },
    );
  };

  const select = <K extends 'language' | 'dateFormat' | 'timeFormat' | 'theme' | 'fontSize'>(
    key: K,
    options: readonly UserSettings[K][],
    text: (option: UserSettings[K]) => string,
  ) => (
    <Field id={`setting-${key}`} label={t(`settings.${key}.label`)} className={key === 'dateFormat' ? 'sm:col-span-2' : undefined}>
      <OptionSelect
        id={`setting-${key}`}
        testId={`setting-${key}`}
        value={settings[key]}
        options={options}
        text={(option) => text(option as UserSettings[K])}
        onChange={(value) => change(key, value as UserSettings[K])}
      />
    </Field>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <SlidersHorizontal className="size-4 text-muted-foreground" aria-hidden />
          {t('settings.title')}
        </CardTitle>
        <CardDescription>{t('settings.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <div className="grid gap-4 sm:grid-cols-2">
          {select('language', LANGUAGES, (option) => LANGUAGE_NAMES[option])}
          {select('theme', THEMES, (option) => t(`settings.theme.${option}`))}
          {select(
            'timeFormat',
            TIME_FORMATS,
            (option) => `${t(`settings.timeFormat.${option}`)} (${formatTime(sample, language, { timeFormat: option })})`,
          )}
          {select('fontSize', FONT_SIZES, (option) => t(`settings.fontSize.${option}`))}
          {/* The pattern is Latin in either language: kept left to right inside Arabic text. */}
          {select(
            'dateFormat',
            DATE_FORMATS,
            (option) => `${formatDate(sample, language, { dateFormat: option })} (\u2066${option}\u2069)`,
          )}
        </div>
        <p className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="settings-sample">
          {t('settings.sample')} <span className="font-medium">{formatDateTime(sample, language)}</span>
        </p>
        <ul className="divide-y">
          {SWITCHES.map((key) => (
            <SwitchRow
              key={key}
              id={`setting-${key}`}
              label={t(`settings.${key}.label`)}
              hint={t(`settings.${key}.hint`)}
              checked={settings[key]}
              // A sound is a notice's: no notices, no sound to choose.
              disabled={key === 'enableSounds' && !settings.enableNotifications}
              onChange={(value) => change(key, value)}
            />
          ))}
        </ul>
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
/** What e-mail notifications cover: off while e-mail is off (spec/garage.md, Profile). */
const EMAIL_SUB_OPTIONS: ReadonlySet<keyof Preferences> = new Set(['taskAssignments', 'taskUpdates', 'dailyDigest']);

function PreferencesCard() {
  const { t } = useTranslation('account');
  const { data, isLoading, isError, refetch } = useQuery(preferencesQuery);
  const update = useUpdatePreferences();
  const toggle = (key: keyof Preferences, value: boolean) => {
    if (!data) return;
    update.mutate(
      { ...data, [key]: value },
      {
        onSuccess: () => toast({ variant: 'success', title: t('preferences.savedTitle'), description: t('preferences.savedBody') }),
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
              <SwitchRow
                key={key}
                id={`pref-${key}`}
                label={t(`preferences.${key}.label`)}
                hint={t(`preferences.${key}.hint`)}
                checked={data[key]}
                disabled={EMAIL_SUB_OPTIONS.has(key) && !data.emailNotifications}
                onChange={(value) => toggle(key, value)}
              />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

/** The profile's Settings tab: the user's settings, then their notification preferences. */
export function SettingsTab() {
  return (
    <div className="grid gap-5 xl:grid-cols-2">
      <UserSettingsCard />
      <PreferencesCard />
    </div>
  );
}
