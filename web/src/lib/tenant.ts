import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TENANT_SETTINGS, type TenantSettings } from '@core/contracts/tenant.ts';
import { formatDate, formatDateTime, formatMoney } from './format';

/** GET /api/tenant/settings: any signed-in user may read the workshop's settings. */
export const tenantSettingsQuery = queryOptions<TenantSettings>({ queryKey: ['/api/tenant/settings'] });

/** Formatting bound to the active language and the workshop's currency and time zone. */
export function useFormatters() {
  const { i18n } = useTranslation();
  const { data } = useQuery(tenantSettingsQuery);
  const settings = data ?? DEFAULT_TENANT_SETTINGS;
  const language = i18n.language;
  return {
    language,
    currency: settings.currency,
    timeZone: settings.timeZone,
    money: (amount: number | string | null | undefined) => formatMoney(amount, settings.currency, language),
    date: (value: Date | string | number | null | undefined) => formatDate(value, language, { timeZone: settings.timeZone }),
    dateTime: (value: Date | string | number | null | undefined) => formatDateTime(value, language, { timeZone: settings.timeZone }),
  };
}
