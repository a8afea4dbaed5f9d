/**
 * Zod as every contract uses it (through core/zod.ts): the library, with the builders of strings
 * and numbers replaced by ones that refuse what the database cannot store. One rule for all
 * input, so no route or future module has to remember it:
 * - a string never holds a NUL byte (PostgreSQL text refuses it) nor a lone UTF-16 surrogate
 *   (half a character: JSON columns and other systems refuse it);
 * - a number is within the 32-bit range of the integer columns (ids, counts, mileage); money and
 *   hours have tighter bounds of their own, well inside it.
 * Dates and times are bounded where they are built, in contracts/fields.ts.
 */
import { z } from 'zod';
import { VALIDATION_MESSAGES } from './validation-messages.ts';

export * from 'zod';

export const INT_MAX = 2_147_483_647;
export const INT_MIN = -2_147_483_648;
export const UNSTORABLE_TEXT_MESSAGE = VALIDATION_MESSAGES.unstorable;
export const NUMBER_TOO_LARGE_MESSAGE = 'Must be at most 2,147,483,647';
export const NUMBER_TOO_SMALL_MESSAGE = 'Must be at least -2,147,483,648';

/** NUL, or a surrogate that is not half of a pair (with the u flag a proper pair is one code point). */
const UNSTORABLE = /[\0\p{Cs}]/u;
export const isStorableText = (value: string) => !UNSTORABLE.test(value);

const storableText = <T extends z.ZodString | z.ZodCoercedString>(schema: T): T =>
  schema.refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true }) as T;
const int32Range = <T extends z.ZodNumber | z.ZodCoercedNumber>(schema: T): T =>
  schema
    .min(INT_MIN, { message: NUMBER_TOO_SMALL_MESSAGE, abort: true })
    .max(INT_MAX, { message: NUMBER_TOO_LARGE_MESSAGE, abort: true }) as T;

export const string: typeof z.string = ((params?: Parameters<typeof z.string>[0]) => storableText(z.string(params))) as typeof z.string;
export const number: typeof z.number = ((params?: Parameters<typeof z.number>[0]) => int32Range(z.number(params))) as typeof z.number;
export const coerce: typeof z.coerce = {
  ...z.coerce,
  string: ((params?: Parameters<typeof z.coerce.string>[0]) => storableText(z.coerce.string(params))) as typeof z.coerce.string,
  number: ((params?: Parameters<typeof z.coerce.number>[0]) => int32Range(z.coerce.number(params))) as typeof z.coerce.number,
};
