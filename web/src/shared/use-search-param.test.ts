import { describe, expect, it } from 'vitest';
import { withParam } from './use-search-param';

describe('withParam', () => {
  it('sets a parameter and keeps the others', () => {
    expect(withParam('/estimates', '', 'q', 'Layla')).toBe('/estimates?q=Layla');
    expect(withParam('/invoices', 'ageing=31-60', 'q', 'DXB')).toBe('/invoices?ageing=31-60&q=DXB');
    expect(withParam('/job-cards', 'q=old&status=open', 'q', 'brakes')).toBe('/job-cards?q=brakes&status=open');
  });

  it('encodes what it writes', () => {
    expect(withParam('/customers', '', 'q', 'Layla Haddad')).toBe('/customers?q=Layla+Haddad');
    const written = withParam('/customers', 'tab=all', 'q', 'ليلى & co=1');
    expect(new URLSearchParams(written.slice(written.indexOf('?'))).get('q')).toBe('ليلى & co=1');
  });

  it('removes a parameter for an empty or null value, and the ? with the last one', () => {
    expect(withParam('/job-cards', 'new=1', 'new', null)).toBe('/job-cards');
    expect(withParam('/job-cards', 'q=Layla&new=1', 'new', null)).toBe('/job-cards?q=Layla');
    expect(withParam('/estimates', 'q=Layla', 'q', '')).toBe('/estimates');
    expect(withParam('/estimates', '', 'new', null)).toBe('/estimates');
  });
});
