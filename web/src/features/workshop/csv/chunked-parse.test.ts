import { describe, expect, it } from 'vitest';
import { csvRecords, toCsv } from '@core/csv.ts';
import { checkHeader, nextRecordCut, parseCsvInChunks } from './chunked-parse';

const noPause = () => Promise.resolve();

describe('chunked CSV parsing', () => {
  const tricky = toCsv(
    ['firstName', 'lastName', 'notes'],
    [
      ['Amal', 'Haddad', 'likes "quotes", commas'],
      ['Bo', 'Li', 'two\nlines\r\nand more'],
      ['Chen', '', ''],
      ['Dana', 'O"Neil', '5" screen'],
      ['سارة', 'الأحمد', 'عميلة, مهمة'],
    ],
  );

  it('reads the same rows as core/csv.ts at every piece size', async () => {
    const whole = csvRecords(tricky);
    for (let size = 1; size <= tricky.length + 1; size++) {
      const parsed = await parseCsvInChunks(tricky, { chunkChars: size, pause: noPause });
      expect(parsed.header).toEqual(whole.header);
      expect(parsed.records).toEqual(whole.records);
    }
  });

  it('cuts only after a record, never inside quotes', () => {
    const text = 'a,b\r\n"x\ny",z\r\nlast,row';
    expect(nextRecordCut(text, 0, 1)).toBe(5);
    expect(nextRecordCut(text, 5, 1)).toBe(14);
    expect(nextRecordCut(text, 14, 1)).toBe(text.length);
  });

  it('reports progress in characters up to the whole text, and tolerates LF, blank lines and a missing last break', async () => {
    const text = '\uFEFFfirstName,phone\nA,1\n\nB,2';
    const seen: Array<[number, number]> = [];
    const parsed = await parseCsvInChunks(text, { chunkChars: 4, pause: noPause, onProgress: (done, total) => seen.push([done, total]) });
    expect(parsed.records).toEqual([
      { firstName: 'A', phone: '1' },
      { firstName: 'B', phone: '2' },
    ]);
    expect(seen.at(-1)).toEqual([text.length, text.length]);
    expect(seen.map(([done]) => done)).toEqual([...seen.map(([done]) => done)].sort((a, b) => a - b));
  });

  it('reads an empty file as no header and no rows, and a short row with blanks', async () => {
    expect(await parseCsvInChunks('', { pause: noPause })).toEqual({ header: [], records: [] });
    expect((await parseCsvInChunks(' a , b \nx', { pause: noPause })).records).toEqual([{ a: 'x', b: '' }]);
  });

  it('matches header names loosely and names missing required and unknown columns', () => {
    expect(
      checkHeader(['First name', 'PHONE', 'extra', ''], ['firstName', 'lastName', 'phone'], ['firstName', 'lastName', 'phone']),
    ).toEqual({
      mapping: ['firstName', 'phone', null, null],
      missing: ['lastName'],
      unknown: ['extra'],
    });
    const vehicles = ['make', 'customerPhone', 'customerEmail'];
    expect(checkHeader(['make', 'customer_email'], vehicles, ['make', ['customerPhone', 'customerEmail']]).missing).toEqual([]);
    expect(checkHeader(['make'], vehicles, ['make', ['customerPhone', 'customerEmail']]).missing).toEqual([
      ['customerPhone', 'customerEmail'],
    ]);
  });
});
