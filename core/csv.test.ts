import { describe, expect, it } from 'vitest';
import { csvField, csvRecords, parseCsv, toCsv } from './csv.ts';

describe('csv', () => {
  it('quotes what needs quoting and neutralises formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('-12.5')).toBe('-12.5');
    expect(csvField(null)).toBe('');
  });
  it('round-trips quoted fields, line breaks and Arabic text', () => {
    const text = toCsv(
      ['name', 'note'],
      [
        ['سامي, أحمد', 'line 1\nline "2"'],
        ['Bo', ''],
      ],
    );
    expect(parseCsv(text)).toEqual([
      ['name', 'note'],
      ['سامي, أحمد', 'line 1\nline "2"'],
      ['Bo', ''],
    ]);
  });
  it('reads LF files without a final newline and skips blank lines', () => {
    expect(csvRecords('firstName,phone\nAna,555\n\nBen,556').records).toEqual([
      { firstName: 'Ana', phone: '555' },
      { firstName: 'Ben', phone: '556' },
    ]);
  });
});
