import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase } from '../../test/databases.ts';
import { createPostgresBus, type Bus, type BusEvent } from './live.bus.ts';

let url: string;
let drop: () => Promise<void>;
beforeAll(async () => {
  const target = await createTestDatabase();
  url = target.url!;
  drop = target.drop;
});
afterAll(async () => drop?.());

/** `check()` every 50 ms until true, or false after 5 s. */
async function eventually(check: () => boolean): Promise<boolean> {
  const until = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

describe('the bus between app processes on PostgreSQL', () => {
  it('says when it cannot hear, listens again, and then says that all kept on what it heard is stale', async () => {
    const warnings: string[] = [];
    const bus: Bus = await createPostgresBus(url, { warn: (_obj, msg) => void warnings.push(msg) });
    const events: BusEvent[] = [];
    bus.onEvent((event) => events.push(event));
    try {
      expect(bus.listening()).toBe(true);
      // The database ends the listening connection (a restart, a failover, an administrator).
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        const ended = await admin.query(
          `select pg_terminate_backend(pid) as ended from pg_stat_activity
            where datname = current_database() and query = 'LISTEN workbay_live'`,
        );
        expect(ended.rows).toEqual([{ ended: true }]);
      } finally {
        await admin.end();
      }
      expect(await eventually(() => !bus.listening())).toBe(true);
      expect(await eventually(() => bus.listening())).toBe(true);
      expect(events).toContainEqual({ kind: 'sessions-changed' });
      expect(warnings).toContain('live channel connection lost');

      // And it hears again: what one process sends reaches it.
      await bus.send({ kind: 'publish', tenantId: 7, message: { type: 'update', entity: 'customers' } });
      expect(await eventually(() => events.some((e) => e.kind === 'publish' && e.tenantId === 7))).toBe(true);
    } finally {
      await bus.close();
    }
  });
});
