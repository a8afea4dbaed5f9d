import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchAll, fetchPage, nextOffset, pageUrl } from './paging';

afterEach(() => vi.unstubAllGlobals());

describe('paging', () => {
  it('adds or replaces limit and offset', () => {
    expect(pageUrl('/api/technicians', 12, 0)).toBe('/api/technicians?limit=12&offset=0');
    expect(pageUrl('/api/technicians?skill=Brakes&limit=12', 12, 24)).toBe('/api/technicians?skill=Brakes&limit=12&offset=24');
  });

  it('knows the next offset from the loaded pages and the total', () => {
    expect(nextOffset([])).toBe(0);
    expect(nextOffset([{ items: [1, 2], total: 5, offset: 0 }])).toBe(2);
    expect(
      nextOffset([
        { items: [1, 2], total: 5, offset: 0 },
        { items: [3, 4, 5], total: 5, offset: 2 },
      ]),
    ).toBeUndefined();
    expect(nextOffset([{ items: [], total: 5, offset: 10 }])).toBeUndefined();
  });

  it('reads the total from X-Total-Count and pages through everything', async () => {
    const rows = Array.from({ length: 700 }, (_, i) => i);
    const fetch = vi.fn(async (url: string) => {
      const params = new URL(url, 'http://x').searchParams;
      const offset = Number(params.get('offset'));
      const limit = Number(params.get('limit'));
      return new Response(JSON.stringify(rows.slice(offset, offset + limit)), { headers: { 'X-Total-Count': String(rows.length) } });
    });
    vi.stubGlobal('fetch', fetch);
    expect(await fetchPage('/api/x?limit=2&offset=0')).toEqual({ items: [0, 1], total: 700 });
    expect(await fetchAll('/api/x')).toEqual(rows);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('marks a total the server estimated (X-Total-Count-Exact: false)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[1,2]', { headers: { 'X-Total-Count': '110000', 'X-Total-Count-Exact': 'false' } })),
    );
    expect(await fetchPage('/api/x?limit=2&offset=0')).toEqual({ items: [1, 2], total: 110000, estimated: true });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('[1,2]', { headers: { 'X-Total-Count': '2' } })),
    );
    expect((await fetchPage('/api/x?limit=2&offset=0')).estimated).toBeUndefined();
  });
});
