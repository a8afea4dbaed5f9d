// Global search benchmark (not a test): GET /api/search as the top bar and the command palette
// ask it, on the `analytics` scenario's workshop (400,000 customers, 600,000 vehicles, 999,999 job
// cards, 100,000 parts, 250,000 estimates, 250,000 invoices, 40 technicians): names, a service,
// whole plates, VINs, numbers, SKUs and phones, typos, a text found nowhere, two letters.
//   BENCH_DATABASE_URL=postgres://user:pass@127.0.0.1/postgres npm run bench -- search
//   BENCH_REUSE=1 ... npm run bench -- search     (on the data `analytics` left, without generating)
import { ANALYTICS_DATABASE, generate } from './analytics.ts';
import { BENCH_REUSE, benchApp, measure, scenarioDatabase, type Figures } from './lib.ts';

/** What people type, each with what it is (the figures' labels). */
const QUERIES: Array<[label: string, q: string]> = [
  ['first name (13,000 customers)', 'Layla'],
  ['part of a surname', 'hadd'],
  ['a service type (1M job cards)', 'brake'],
  ['make and model', 'Corolla'],
  ['whole plate', 'VG-12345'],
  ['whole plate, billing data', 'bl-012345'],
  ['whole VIN', 'VIN00000000012345'],
  ['whole job number', 'JC-500000'],
  ['job number without its dash', 'jc500000'],
  ['whole invoice number', 'INV-123456'],
  ['whole estimate number', 'EST-000777'],
  ['whole SKU', 'SKU-004242'],
  ['whole phone', '+1 555 0012345'],
  ['part name', 'Brakes part 4242'],
  ['typo of a make', 'Toyta'],
  ['typo of a name', 'Fatma'],
  ['found nowhere', 'zzqxj'],
  ['two letters', 'ab'],
  ['Arabic-Indic digits of a job number', 'JC-٥٠٠٠٠٠'],
];

export async function run() {
  const { database, queries } = await scenarioDatabase(ANALYTICS_DATABASE);
  try {
    const { app, tenantId, get, queriesFor } = await benchApp(database, queries, { signIn: BENCH_REUSE });
    const generatedInMs = BENCH_REUSE ? null : await generate(database, tenantId, false);
    const results: Record<string, Figures & { statements: number; groups: string[] }> = {};
    for (const [label, q] of QUERIES) {
      const url = `/api/search?q=${encodeURIComponent(q)}`;
      const answer = (await get(url)).json() as { groups: Array<{ kind: string; hits: unknown[] }>; direct: unknown };
      const statements = await queriesFor(url);
      results[`${label}: ${q}`] = {
        ...(await measure(100, () => get(url))),
        statements,
        groups: answer.groups.map((g) => `${g.kind} ${g.hits.length}`).concat(answer.direct ? ['direct'] : []),
      };
    }
    await app.close();
    return { scenario: 'search', database: 'postgres', generatedInMs, results };
  } finally {
    await database.close();
  }
}
