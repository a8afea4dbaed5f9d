import { describe, expect, it } from 'vitest';
import { z } from './zod.ts';
import { isoDate, isoDateTime, isoDateWithin } from './contracts/fields.ts';
import { idParams } from './contracts/paging.ts';
import { NUMBER_TOO_LARGE_MESSAGE, UNSTORABLE_TEXT_MESSAGE } from './zod-rules.ts';

const messages = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('one rule for all input (core/zod-rules.ts)', () => {
  it('refuses a NUL byte and half a character in any string, coerced or not, inside objects and records', () => {
    for (const bad of ['a\u0000b', '\u0000', 'x\ud800', '\udc00y', 'ab\ud83d']) {
      expect(messages(z.string(), bad), JSON.stringify(bad)).toEqual([UNSTORABLE_TEXT_MESSAGE]);
      expect(messages(z.coerce.string(), bad)).toEqual([UNSTORABLE_TEXT_MESSAGE]);
      expect(messages(z.object({ name: z.string().trim().min(1).max(50) }), { name: bad })).toEqual([UNSTORABLE_TEXT_MESSAGE]);
      expect(messages(z.record(z.string(), z.string()), { firstName: bad })).toEqual([UNSTORABLE_TEXT_MESSAGE]);
    }
  });
  it('keeps every real character: Arabic, emoji (a proper surrogate pair), control characters other than NUL', () => {
    for (const ok of ['نادية سالم', 'Car 🚗 wash', 'tab\there', 'é', '\u200f']) expect(messages(z.string(), ok), ok).toEqual([]);
  });
  it('bounds every number to the 32-bit integer columns, ids and query numbers included', () => {
    expect(messages(z.number().int().positive(), 2_147_483_648)).toEqual([NUMBER_TOO_LARGE_MESSAGE]);
    expect(messages(z.number(), -2_147_483_649)).toEqual(['Must be at least -2,147,483,648']);
    expect(messages(idParams, { id: '2147483648' })).toEqual([NUMBER_TOO_LARGE_MESSAGE]);
    expect(idParams.parse({ id: '2147483647' })).toEqual({ id: 2_147_483_647 });
    // A field's own tighter bound still speaks for itself below the column's.
    expect(messages(z.number().max(100, 'At most 100'), 101)).toEqual(['At most 100']);
    expect(messages(z.number().max(100, 'At most 100'), 1e300)).toEqual([NUMBER_TOO_LARGE_MESSAGE]);
  });
  it('shows the bounds in the OpenAPI schemas', () => {
    expect(z.toJSONSchema(idParams).properties!.id).toMatchObject({ type: 'integer', maximum: 2_147_483_647 });
  });
});

describe('dates and times (contracts/fields.ts)', () => {
  it('takes years 1900 to 9999 only', () => {
    for (const day of ['0000-01-01', '0001-01-01', '0099-12-31', '1899-12-31']) {
      expect(messages(isoDate, day), day).toEqual(['Date must be between 1900-01-01 and 9999-12-31']);
    }
    for (const day of ['1900-01-01', '2026-11-25', '9999-12-31']) expect(messages(isoDate, day), day).toEqual([]);
    expect(messages(isoDate, '10000-01-01')).toEqual(['Invalid date']);
  });
  it('takes instants within the same range in UTC, whatever the offset', () => {
    expect(messages(isoDateTime, '9999-12-31T23:59:59Z')).toEqual([]);
    expect(messages(isoDateTime, '9999-12-31T23:00:00-05:00')).toEqual(['Date must be between 1900-01-01 and 9999-12-31']);
    expect(messages(isoDateTime, '1900-01-01T00:30:00+01:00')).toEqual(['Date must be between 1900-01-01 and 9999-12-31']);
    expect(messages(isoDateTime, 'tomorrow')).toEqual(['Invalid date']);
  });
  it('keeps room below the end for a field whose date feeds arithmetic', () => {
    const weekStart = isoDateWithin(31);
    expect(messages(weekStart, '9999-11-30')).toEqual([]);
    expect(messages(weekStart, '9999-12-01')).toEqual(['Date must be between 1900-01-01 and 9999-11-30']);
    expect(messages(isoDateWithin(1, 'Date is required'), '')).toEqual(['Date is required']);
  });
});
