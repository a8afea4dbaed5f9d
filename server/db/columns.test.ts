import { describe, expect, it } from 'vitest';
import { isoTimestamp } from './columns.ts';

describe('isoTimestamp', () => {
  it('writes what Date writes for every form the drivers hand over', () => {
    const texts = [
      '2026-11-25 12:10:57.123456+00',
      '2026-11-25 12:10:57+00',
      '2026-11-25 12:10:57.5+00',
      '2026-11-25 12:10:57.12+00',
      '2026-11-25 12:10:57.1234+00',
      '2026-11-25 12:10:57.123999+00',
      '2026-11-25 12:10:57.000001+00',
      '1999-12-31 23:59:59.999999+00',
      '2024-02-29 00:00:00+00',
      '2026-11-25 12:10:57.1234+01',
      '2026-11-25 12:10:57-05:30',
      '2026-11-25T12:10:57.123Z',
    ];
    for (const text of texts) expect(isoTimestamp(text), text).toBe(new Date(text).toISOString());
    const date = new Date('2026-11-25T12:10:57.123Z');
    expect(isoTimestamp(date)).toBe('2026-11-25T12:10:57.123Z');
  });

  it('throws as Date does for what is not a time', () => {
    expect(() => isoTimestamp('infinity')).toThrow(RangeError);
  });
});
