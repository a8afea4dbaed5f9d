import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAdmin, type Client, type TestApp } from '../test/app.ts';
import { operationsOfApp, seedWorkshop, sendAs, type Operation, type SeededWorkshop } from '../test/openapi-requests.ts';
import { PAGE_MAX } from '../../core/contracts/paging.ts';

/**
 * Isolation and roles over every operation of /api/openapi.json, generated at test time so a new
 * route is covered without anyone writing a test (and fails it until the generator knows how to
 * fill its path). Workshop A is seeded; its real ids go into paths and bodies:
 * - signed out, every operation but the public ones answers 401;
 * - workshop B's admin gets 404 for every operation that names A's workshop or one of its
 *   records in the path, and never a 2xx for a body that names A's records; nothing B reads
 *   holds A's data;
 * - A's technician gets 403 for every operation the role matrix (x-access) keeps from technicians;
 * - afterwards every read of A's data answers as before.
 */

let t: TestApp;
let a: SeededWorkshop;
let b: Client;
let ops: Operation[];
const MARKER = 'Zqxmarker';
let before: Map<string, string>;

const key = (op: Operation) => `${op.method} ${op.path}`;
const namesRecords = (op: Operation) => /\{\w+\}/.test(op.path) && !op.path.includes('{vin}');
const isPublic = (op: Operation) => op.access === 'public';
/** Bulk calls answer 200 naming the ids they refused: a body naming another workshop's records gets nothing done. */
const REPORTS_REFUSED = new Set(['POST /api/technicians/bulk-status']);

/** Every read of A's data as A's admin: status and body. */
/** What A's own reads record by design: every CSV export (the log's, the lists') and its backup's download. */
const A_READ_EVENTS = new Set(['export', 'download']);

/**
 * A's audit log, whole, less the entries A's own exports and downloads add each time A reads them
 * (recorded by design); anything B's calls recorded there would show.
 */
async function auditLogOfA(url: string): Promise<string> {
  if (url.includes('.csv')) {
    const res = await a.admin.request('GET', url);
    return `${res.statusCode} ${res.body
      .split('\n')
      .filter((line) => !A_READ_EVENTS.has(line.split(',')[3] ?? ''))
      .join('\n')}`;
  }
  const all: Array<{ action: string; resourceType: string }> = [];
  for (let offset = 0; ; offset += PAGE_MAX) {
    const res = await a.admin.request('GET', `${url}?limit=${PAGE_MAX}&offset=${offset}`);
    if (res.statusCode !== 200) return `${res.statusCode} ${res.body}`;
    const page = res.json() as typeof all;
    all.push(...page);
    if (page.length < PAGE_MAX) break;
  }
  return `200 ${JSON.stringify(all.filter((e) => !A_READ_EVENTS.has(e.action)))}`;
}

async function readsOfA(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const op of ops.filter((o) => o.method === 'GET' && !isPublic(o))) {
    if (op.path.includes('/audit-log')) {
      out.set(key(op), await auditLogOfA(a.url(op)));
      continue;
    }
    const r = await sendAs(t.app, a.admin, 'GET', a.url(op), undefined);
    out.set(key(op), `${r.status} ${r.body}`);
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  a = await seedWorkshop(t.app);
  // Data whose text must never reach another workshop.
  const marked = await a.admin.post('/api/customers', {
    firstName: 'Mona',
    lastName: MARKER,
    phone: '+971 50 000 1111',
    email: 'zqx@example.com',
  });
  expect(marked.statusCode).toBe(201);
  expect(
    (
      await a.admin.post('/api/spare-parts', {
        name: `${MARKER} filter`,
        sku: 'ZQX-1',
        category: 'Filters',
        unitPrice: 5,
        stockQuantity: 3,
      })
    ).statusCode,
  ).toBe(201);
  b = await registerAdmin(t.app);
  ops = await operationsOfApp(t.app);
  before = await readsOfA();
}, 120_000);

afterAll(async () => t.close());

describe('isolation and roles, generated from /api/openapi.json', () => {
  it('declares who may call every operation', () => {
    expect(ops.length).toBeGreaterThan(100);
    expect(ops.filter((op) => op.access === undefined).map(key)).toEqual([]);
  });

  it('answers 401 to every operation but the public ones when signed out', async () => {
    const wrong: string[] = [];
    for (const op of ops.filter((o) => !isPublic(o))) {
      const r = await sendAs(t.app, null, op.method, a.url(op), a.body(op));
      if (r.status !== 401) wrong.push(`${key(op)} -> ${r.status} ${r.body}`);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
  });

  it("gives another workshop's admin 404 for A's records, nothing done for bodies naming them, and none of A's data", async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const op of ops.filter((o) => !isPublic(o))) {
      const refs = new Set<string>();
      const body = a.body(op, refs);
      const r = await sendAs(t.app, b, op.method, a.url(op), body);
      if (r.body.includes(MARKER)) wrong.push(`${key(op)} -> ${r.status}: shows workshop A's data`);
      if (namesRecords(op)) {
        checked++;
        if (r.status !== 404) wrong.push(`${key(op)} with A's ids in the path -> ${r.status} ${r.body}`);
      } else if (refs.size > 0 && !REPORTS_REFUSED.has(key(op))) {
        checked++;
        if (r.status < 400 || r.status >= 500)
          wrong.push(`${key(op)} with A's ${[...refs].join(', ')} in the body -> ${r.status} ${r.body}`);
      }
    }
    // B's own lists and searches, with the words of A's data.
    for (const op of ops.filter((o) => o.method === 'GET' && o.path.includes('{tenantId}') && !/\{(?!tenantId)\w+\}/.test(o.path))) {
      const url = op.path.replace('{tenantId}', String(b.user.tenantId));
      for (const target of [url, `${url}?q=${MARKER}`]) {
        const r = await sendAs(t.app, b, 'GET', target, undefined);
        if (r.body.includes(MARKER)) wrong.push(`${target} -> shows workshop A's data`);
      }
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
    expect(checked).toBeGreaterThan(80);
  });

  it("answers 403 to A's technician for every operation the role matrix keeps from technicians", async () => {
    const wrong: string[] = [];
    const forbidden = ops.filter((o) => Array.isArray(o.access) && !o.access.includes('technician'));
    for (const op of forbidden) {
      const r = await sendAs(t.app, a.technician, op.method, a.url(op), a.body(op));
      if (r.status !== 403) wrong.push(`${key(op)} -> ${r.status} ${r.body}`);
    }
    expect(wrong, wrong.join('\n')).toEqual([]);
    expect(forbidden.length).toBeGreaterThan(40);
  });

  it("leaves every read of A's data as it was", async () => {
    const after = await readsOfA();
    const changed = [...before.keys()].filter((k) => after.get(k) !== before.get(k));
    expect(changed, changed.map((k) => `${k}\n  before: ${before.get(k)}\n  after:  ${after.get(k)}`).join('\n')).toEqual([]);
    expect(before.size).toBeGreaterThan(40);
  });
});
