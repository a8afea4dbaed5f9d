import { z } from '../zod.ts';

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
    .union([z.literal(''), text(max).email('Invalid email address')])
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

/**
 * Money in: a number or a decimal string, 0 to 99,999,999.99 (numeric 10,2). Out: a string
 * with two decimals ("12.50"); arithmetic is done in integer cents (core/rules/money.ts).
 */
export const moneyInput = (min: { value: number; message: string; inclusive: boolean }) =>
  z.coerce
    .number({ error: 'Must be a number' })
    .refine((v) => Number.isFinite(v), 'Must be a number')
    .refine((v) => (min.inclusive ? v >= min.value : v > min.value), min.message)
    .refine((v) => v <= 99_999_999.99, 'Must be at most 99,999,999.99')
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

export const isoDateTime = z.iso.datetime({ offset: true, message: 'Invalid date' });
export const isoDate = z.iso.date({ message: 'Invalid date' });
/** A search box: trimmed, at most 100 characters. */
export const searchQuery = z.string().trim().max(100).optional();
export const booleanQuery = z.enum(['true', 'false']).optional();
