import { z } from '../zod.ts';
import { DATE_MAX, DATE_MIN } from '../rules/scheduling.ts';
import { VALIDATION_MESSAGES as M } from '../validation-messages.ts';

/** Field builders shared by the workshop contracts; lengths are the data model's maximums. */
export const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
export const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, `Must be at most ${max} characters`).min(1, message);
/** Optional text: empty and missing both mean "none" (stored as null). */
export const optionalText = (max: number) =>
  text(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));
export const optionalEmail = (max = 255) =>
  z
    .union([z.literal(''), text(max).email(M.email)])
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

/**
 * Money in: a number or a decimal string, 0 to 99,999,999.99 (numeric 10,2). Out: a string
 * with two decimals ("12.50"); arithmetic is done in integer cents (core/rules/money.ts).
 */
export const moneyInput = (min: { value: number; message: string; inclusive: boolean }) =>
  z.coerce
    .number({ error: M.number })
    .refine((v) => Number.isFinite(v), M.number)
    .refine((v) => (min.inclusive ? v >= min.value : v > min.value), min.message)
    .refine((v) => v <= 99_999_999.99, M.moneyMax)
    .transform((v) => (Math.round(v * 100) / 100).toFixed(2));
export const optionalMoney = (message = 'Must be 0 or greater') =>
  z
    .union([z.literal(''), moneyInput({ value: 0, message, inclusive: true })])
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));
export const money = z.string();

/** Whole numbers from a form: "12" and 12 both read as 12; anything not numeric reads as 0 (spec section 5). */
export const formInteger = z.preprocess((v) => {
  if (v === '' || v === null || v === undefined) return v;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}, z.number().int());

/**
 * Dates and times the app stores and computes with: years 1900 to 9999. A field whose date feeds
 * arithmetic (a week view, a booking's end, an overnight shift) keeps `daysAhead` days of room
 * below the end, so the result stays in range too.
 */
export { DATE_MAX, DATE_MIN };
/** A yyyy-MM-dd string: zod runs a refinement even on a value its own check refused. */
export const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const dateRangeMessage = (max: string) => `Date must be between ${DATE_MIN} and ${max}`;
const lastDay = (daysAhead: number) => new Date(Date.parse(`${DATE_MAX}T00:00:00Z`) - daysAhead * 86_400_000).toISOString().slice(0, 10);

/** "Invalid date", or the field's own message when the value is missing or empty. */
const dateError = (required?: string) => (issue: { input?: unknown }) =>
  required && (issue.input === undefined || issue.input === null || issue.input === '') ? required : M.date;

export const isoDateWithin = (daysAhead = 0, required?: string) => {
  const max = lastDay(daysAhead);
  return z.iso.date({ error: dateError(required) }).refine((v) => !ISO_DAY.test(v) || (v >= DATE_MIN && v <= max), dateRangeMessage(max));
};
export const isoDateTimeWithin = (daysAhead = 0, required?: string) => {
  const max = lastDay(daysAhead);
  const [from, to] = [Date.parse(`${DATE_MIN}T00:00:00Z`), Date.parse(`${max}T23:59:59.999Z`)];
  const inRange = (ms: number) => Number.isNaN(ms) || (ms >= from && ms <= to);
  return z.iso.datetime({ offset: true, error: dateError(required) }).refine((v) => inRange(Date.parse(v)), dateRangeMessage(max));
};
export const isoDate = isoDateWithin();
export const isoDateTime = isoDateTimeWithin();
/** A search box: trimmed, at most 100 characters. */
export const searchQuery = z.string().trim().max(100).optional();
export const booleanQuery = z.enum(['true', 'false']).optional();
