import { describe, expect, it } from 'vitest';
import { couldBeInNumber, documentNumber, isPhoneOnly, normalizeSearch, queryShape } from './search.ts';

describe('normalizeSearch', () => {
  it('collapses spaces and reads Arabic-Indic and Persian digits as 0-9', () => {
    expect(normalizeSearch('  JC-٠٠٤٥١٢ ')).toBe('JC-004512');
    expect(normalizeSearch('۰۵۰ ۱۲۳')).toBe('050 123');
    expect(normalizeSearch('Layla \t  Haddad')).toBe('Layla Haddad');
  });
  it('drops the tatweel, keeps the letters', () => {
    expect(normalizeSearch('ســـارة')).toBe('سارة');
    expect(normalizeSearch('ـــ')).toBe('');
  });
});

describe('documentNumber', () => {
  it('reads a whole number in either case, with or without its dash', () => {
    expect(documentNumber('jc-004512')).toEqual({ kind: 'jobCards', number: 'JC-004512' });
    expect(documentNumber('JC004512')).toEqual({ kind: 'jobCards', number: 'JC-004512' });
    expect(documentNumber('est-000001')).toEqual({ kind: 'estimates', number: 'EST-000001' });
    expect(documentNumber('INV-123456')).toEqual({ kind: 'invoices', number: 'INV-123456' });
    expect(documentNumber('apt-000042')).toEqual({ kind: 'appointments', number: 'APT-000042' });
  });
  it('is null for a part of a number or any other text', () => {
    for (const q of ['JC-12', 'JC-0045120', 'XX-004512', '004512', 'JC 004512', 'Layla']) expect(documentNumber(q), q).toBeNull();
  });
});

describe('queryShape', () => {
  it('tells a phone, an e-mail and a code from a name', () => {
    expect(queryShape('+1 555 0012345')).toEqual({ phone: true, email: false, code: true });
    expect(queryShape('0501234567')).toEqual({ phone: true, email: false, code: true });
    expect(queryShape('layla@example.com')).toEqual({ phone: false, email: true, code: false });
    expect(queryShape('DXB 7788')).toEqual({ phone: false, email: false, code: true });
    expect(queryShape('Layla')).toEqual({ phone: false, email: false, code: false });
    expect(queryShape('12345')).toEqual({ phone: false, email: false, code: true });
  });
});

describe('couldBeInNumber', () => {
  it('holds for a piece of a number of that prefix only', () => {
    for (const q of ['est-000123', 'EST', 'st-00', 'T-1', '-0001', '000123', 'es', '-']) expect(couldBeInNumber(q, 'EST'), q).toBe(true);
    for (const q of ['Layla', 'VG-12345', 'INV-000123', 'EST-0001234', 'ES-1', '+1 555', ''])
      expect(couldBeInNumber(q, 'EST'), q).toBe(false);
  });
});

describe('isPhoneOnly', () => {
  it('is a phone with a + or a space, or longer than a document number', () => {
    expect(isPhoneOnly('+1 555 0012345')).toBe(true);
    expect(isPhoneOnly('0501234567')).toBe(true);
    expect(isPhoneOnly('004512')).toBe(false);
    expect(isPhoneOnly('Layla')).toBe(false);
  });
});
