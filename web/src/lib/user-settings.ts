import { useEffect } from 'react';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
// Types only from the contract: a value import would pull zod into every page.
import type { PublicUser, SavedUserSettings } from '@core/contracts/auth.ts';
import type { UserSettings } from '@core/contracts/user-settings.values.ts';
import { apiRequest, type ApiError } from './api';
import i18n, { changeLanguage } from './i18n';
import { unreadCountQuery } from './notifications';
import { storedSettings, storeSettings } from './preferences';

/** GET /api/user/settings: the signed-in user's settings, with when they last changed one. */
export const userSettingsQuery = queryOptions<SavedUserSettings>({ queryKey: ['/api/user/settings'], staleTime: Infinity });

/** Keeps `settings` in this browser and applies them all, the language included. */
export function applyUserSettings(settings: UserSettings) {
  const { language, theme, dateFormat, timeFormat, fontSize, compactMode, enableNotifications, enableSounds, enableKeyboardShortcuts } =
    settings;
  storeSettings({
    language,
    theme,
    dateFormat,
    timeFormat,
    fontSize,
    compactMode,
    enableNotifications,
    enableSounds,
    enableKeyboardShortcuts,
  });
  if (i18n.language !== language) void changeLanguage(language);
}

/**
 * Once a user is signed in, the settings they saved on the server win over this browser's, so
 * they follow the user to any browser. A user who never saved one keeps this browser's choices
 * (the language chosen on the sign-in screen, say) rather than the defaults. Read after the page
 * is up (an effect: never in the server's render of a page); signed out, the browser keeps its own.
 */
export function useUserSettingsSync(user: PublicUser | null) {
  const queryClient = useQueryClient();
  const userId = user && !user.mustChangePassword && !user.mustSetUpTwoFactor ? user.id : null;
  useEffect(() => {
    if (userId === null) return;
    let current = true;
    queryClient
      .fetchQuery(userSettingsQuery)
      .then((saved) => {
        if (current && saved.updatedAt !== null) applyUserSettings(saved);
      })
      // Not read (offline, the server down): this browser's settings stay, as signed out.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [queryClient, userId]);
  useEffect(() => (userId === null ? undefined : watchArrivals(queryClient)), [queryClient, userId]);
}

/**
 * A notification has arrived when the user's unread count goes up (the live channel has the bell
 * read it again): a short tone then, when the user has notices and sounds on.
 */
export function watchArrivals(
  queryClient: QueryClient,
  { play = playNotificationTone, settings = storedSettings }: { play?: () => void; settings?: () => UserSettings } = {},
): () => void {
  const key = JSON.stringify(unreadCountQuery.queryKey);
  let last: number | undefined;
  return queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || JSON.stringify(event.query.queryKey) !== key) return;
    const count = (event.query.state.data as { count: number } | undefined)?.count;
    if (count === undefined) return;
    const { enableNotifications, enableSounds } = settings();
    if (last !== undefined && count > last && enableNotifications && enableSounds) play();
    last = count;
  });
}

let audio: AudioContext | undefined;
/** Two short soft notes, made by the Web Audio API (no sound file to download). */
export function playNotificationTone() {
  try {
    audio ??= new AudioContext();
    void audio.resume();
    const start = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.14, 1320],
    ] as const) {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.type = 'sine';
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.0001, start + offset);
      volume.gain.exponentialRampToValueAtTime(0.12, start + offset + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18);
      tone.connect(volume).connect(audio.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.2);
    }
  } catch {
    // No audio here (an old browser, a locked-down one): notices stay silent.
  }
}

/**
 * Saves a change of settings for the signed-in user: applied at once, sent, and taken back if the
 * server refuses it (the caller says so to the user), unless `keepOnFailure` (the top bar's menu:
 * the choice then stays this browser's, as when signed out).
 */
export function useSaveUserSettings({ keepOnFailure = false }: { keepOnFailure?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation<SavedUserSettings, ApiError, Partial<UserSettings>, { previous: UserSettings }>({
    mutationFn: (patch) => apiRequest<SavedUserSettings>('PATCH', '/api/user/settings', patch),
    onMutate: (patch) => {
      const previous = storedSettings();
      applyUserSettings({ ...previous, ...patch });
      return { previous };
    },
    onError: (_error, _patch, context) => {
      if (context && !keepOnFailure) applyUserSettings(context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(userSettingsQuery.queryKey, saved),
  });
}
