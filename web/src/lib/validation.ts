import type { TFunction } from 'i18next';
import { UNSTORABLE_TEXT_MESSAGE } from '@core/zod-rules.ts';
import { PASSWORD_IS_USERNAME, PASSWORD_TOO_COMMON } from '@core/rules/password-policy.ts';

/**
 * The contracts in core/ carry English messages (the server sends the same ones).
 * This maps each known message to a dictionary key so forms read naturally in Arabic too;
 * an unknown message is shown as it came.
 */
const EXACT: Record<string, string> = {
  Required: 'validation.required',
  'Invalid input': 'validation.invalid',
  'Invalid email address': 'validation.email',
  'Username may contain letters, digits, dot, dash and underscore': 'validation.usernameChars',
  'Workshop name is required': 'validation.workshopName',
  'Unknown time zone': 'validation.timeZone',
  'Currency must be a 3-letter ISO code': 'validation.currency',
  'Tax rate must be a number with at most two decimals': 'validation.taxRateFormat',
  'Tax rate must be between 0 and 100': 'validation.taxRateRange',
  'Labour rate must be a number': 'validation.labourRateNumber',
  'Labour rate must be 0 or greater': 'validation.labourRateMin',
  'Labour rate must have at most two decimals': 'validation.labourRateDecimals',
  'Labour rate must be at most 99,999,999.99': 'validation.labourRateMax',
  'First name is required': 'validation.firstNameRequired',
  'Last name is required': 'validation.lastNameRequired',
  'Email is required': 'validation.emailRequired',
  'Phone is required': 'validation.phoneRequired',
  'Title is required': 'validation.titleRequired',
  'Please select at least one skill': 'validation.skillsRequired',
  'Skill name is required': 'validation.skillNameRequired',
  'Hours must be 0 or more': 'validation.hoursMin',
  'Hours must be at most 1000': 'validation.hoursMax',
  'Invalid date': 'validation.date',
  'Must be in HH:MM format': 'validation.time',
  'Please select a technician': 'validation.technicianRequired',
  'Please select technicians first': 'validation.techniciansRequired',
  'Choose at least one channel': 'validation.channelRequired',
  [UNSTORABLE_TEXT_MESSAGE]: 'validation.unstorable',
  [PASSWORD_TOO_COMMON]: 'validation.passwordCommon',
  [PASSWORD_IS_USERNAME]: 'validation.passwordIsUsername',
};

const PATTERNS: Array<[RegExp, string]> = [
  [/^Password must be at least (\d+) characters$/, 'validation.passwordMin'],
  [/^Password must be at most (\d+) characters$/, 'validation.maxLength'],
  [/^Username must be at least (\d+) characters$/, 'validation.usernameMin'],
  [/^Username must be at most (\d+) characters$/, 'validation.maxLength'],
  [/^Must be at most (\d+) characters$/, 'validation.maxLength'],
  [/^Too big: expected string to have <=\s?(\d+) characters$/, 'validation.maxLength'],
  [/^Too small: expected string to have >=\s?1 characters$/, 'validation.required'],
  [/^Too small: expected string to have >=\s?(\d+) characters$/, 'validation.minLength'],
  [/^Must be at most (-?[\d,.]+)$/, 'validation.numberMax'],
  [/^Must be at least (-?[\d,.]+)$/, 'validation.numberMin'],
  [/^Date must be between (\S+) and (\S+)$/, 'validation.dateRange'],
];

export function translateValidation(message: string | undefined, t: TFunction): string | undefined {
  if (!message) return undefined;
  const key = EXACT[message];
  if (key) return t(key, { ns: 'common' });
  for (const [pattern, patternKey] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return t(patternKey, { ns: 'common', min: match[1] ?? '1', max: match[2] ?? match[1] ?? '1' });
  }
  return message;
}

type SetError<T extends string> = (name: T, error: { type: string; message: string }) => void;

/**
 * Puts the per-field messages of a 400 answer (`issues`) on the form's fields.
 * Returns true when at least one field got a message.
 */
export function applyServerIssues<T extends string>(issues: Record<string, string>, fields: readonly T[], setError: SetError<T>): boolean {
  let applied = false;
  for (const field of fields) {
    const message = issues[field];
    if (message) {
      setError(field, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
