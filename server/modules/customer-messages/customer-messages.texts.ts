import { interpolate } from '../../../core/interpolate.ts';
import type { SettingsLanguage } from '../../../core/contracts/user-settings.values.ts';
import en from '../../../web/src/locales/en/customer-messages.json';
import ar from '../../../web/src/locales/ar/customer-messages.json';

/** The words of a message to a customer, from the dictionaries (customer-messages.json) of their language. */
const TEMPLATES: Record<SettingsLanguage, typeof en> = { en, ar };

export type ReminderValues = { firstName: string; vehicle: string; plate: string; service: string; workshop: string };

/** A service reminder's subject and body in `language`. */
export function serviceReminderText(language: SettingsLanguage, values: ReminderValues): { subject: string; body: string } {
  const template = (TEMPLATES[language] ?? en).serviceReminder;
  return { subject: interpolate(template.subject, values).slice(0, 300), body: interpolate(template.body, values) };
}
