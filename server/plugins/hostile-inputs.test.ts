import { describe, expect, it } from 'vitest';
import {
  ANONYMOUS,
  leafPaths,
  operationsOfApp,
  schemaAt,
  sendAs,
  textVariantsFor,
  UNGENERATED,
  useSeededWorkshop,
  variantsFor,
  withValue,
} from '../test/openapi-requests.ts';

/**
 * Every operation of /api/openapi.json, sent a plausible request and then the same request with
 * one body field, query parameter or path parameter replaced by a hostile value (a NUL byte, half
 * a character, an integer beyond 32 bits, a date in year 0 or 9999...): no answer may be a 5xx.
 * The requests run as an admin of a seeded workshop, with the ids of its real records, so that
 * they reach the services and the database rather than stopping at a missing field.
 */

const fixture = useSeededWorkshop();

describe('hostile input, generated from /api/openapi.json', () => {
  it('never answers 5xx, whatever a field, a query parameter or a path parameter holds', async () => {
    const { t, w } = fixture;
    const ops = (await operationsOfApp(t.app)).filter((op) => !UNGENERATED.has(`${op.method} ${op.path}`));
    const failures: string[] = [];
    const baselines: Record<string, number> = {};
    let sent = 0;

    for (const op of ops) {
      const key = `${op.method} ${op.path}`;
      const caller = ANONYMOUS.has(key) ? null : w.admin;
      const query = w.requiredQuery(op);
      const send = async (what: string, path: Record<string, string>, q: Record<string, string>, body: unknown) => {
        const r = await sendAs(t.app, caller, op.method, w.url(op, path, q), body);
        sent++;
        if (r.status >= 500) failures.push(`${key} ${what} -> ${r.status} ${r.body}`);
        return r;
      };

      const baseline = await send('as generated', {}, query, w.body(op));
      baselines[key] = baseline.status;
      if (process.env.HOSTILE_DEBUG && baseline.status >= 300) console.log(key, baseline.status, baseline.body);

      for (const p of op.parameters) {
        for (const v of textVariantsFor(p.schema)) {
          const value = String(v.value);
          const what = `${p.in} ${p.name}=${v.label}`;
          if (p.in === 'path') await send(what, { [p.name]: value }, query, w.body(op));
          else await send(what, {}, { ...query, [p.name]: value }, w.body(op));
        }
      }
      if (op.body) {
        for (const leaf of leafPaths(w.body(op))) {
          for (const v of variantsFor(schemaAt(op.body, leaf))) {
            await send(`body ${leaf.join('.')}=${v.label}`, {}, query, withValue(w.body(op), leaf, v.value));
          }
        }
      }
    }

    // The generated requests reach the services: most are accepted as they are.
    const refused = Object.entries(baselines).filter(([, s]) => s >= 300);
    const accepted = ops.length - refused.length;
    console.log(`hostile inputs: ${sent} requests over ${ops.length} operations; ${accepted} accepted as generated`, refused);
    expect(failures, failures.join('\n')).toEqual([]);
    expect(accepted, JSON.stringify(refused)).toBeGreaterThanOrEqual(Math.floor(ops.length * 0.85));
    expect(sent).toBeGreaterThan(2000);
  }, 300_000);
});
