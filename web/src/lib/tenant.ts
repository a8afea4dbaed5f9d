import { useSyncExternalStore } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from './translation';
// Types only from core/contracts: a value import would pull zod into every page.
import type { TenantSettings } from '@core/contracts/tenant.ts';
import { currentDisplayFormats, formatDate, formatDateTime, formatMoney, formatTime } from './format';
import { subscribePreferences } from './preferences';

/** GET /api/tenant/settings: any signed-in user may read the workshop's settings. */
export const tenantSettingsQuery = queryOptions<TenantSettings>({ queryKey: ['/api/tenant/settings'] });

/**
 * Formatting bound to the active language, the workshop's currency and time zone, and the user's
 * date and time formats (a component using it renders again when the user changes them).
 */
export function useFormatters() {
  const { i18n } = useTranslation();
  useSyncExternalStore(subscribePreferences, currentDisplayFormats, currentDisplayFormats);
  const { data } = useQuery(tenantSettingsQuery);
  const language = i18n.language;
  // Until the settings arrive: US dollars and the browser's own time zone.
  const currency = data?.currency ?? 'USD';
  const timeZone = data?.timeZone;
  return {
    language,
    currency,
    timeZone,
    money: (amount: number | string | null | undefined) => formatMoney(amount, currency, language),
    date: (value: Date | string | number | null | undefined) => formatDate(value, language, { timeZone }),
    dateTime: (value: Date | string | number | null | undefined) => formatDateTime(value, language, { timeZone }),
    time: (value: Date | string | number | null | undefined) => formatTime(value, language, { timeZone }),
  };
}
