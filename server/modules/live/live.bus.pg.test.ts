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

/** What a callback is handed, in order, and a wait for the next one to come that matches. */
function inbox<T>() {
  const waiting: Array<{ match: (item: T) => boolean; resolve: (item: T) => void }> = [];
  return {
    push(item: T) {
      const i = waiting.findIndex((w) => w.match(item));
      if (i >= 0) waiting.splice(i, 1)[0].resolve(item);
    },
    next(match: (item: T) => boolean): Promise<T> {
      return new Promise((resolve) => waiting.push({ match, resolve }));
    },
  };
}

describe('the bus between app processes on PostgreSQL', () => {
  it('says when it cannot hear, listens again, and then says that all kept on what it heard is stale', async () => {
    const warnings = inbox<string>();
    const bus: Bus = await createPostgresBus(url, { warn: (_obj, msg) => warnings.push(msg) });
    const events = inbox<BusEvent>();
    bus.onEvent((event) => events.push(event));
    try {
      expect(bus.listening()).toBe(true);
      const lost = warnings.next((msg) => msg === 'live channel connection lost');
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
      await lost;
      expect(bus.listening()).toBe(false);
      // Listening again, it says that all kept on what it heard is stale.
      expect(await events.next((e) => e.kind === 'sessions-changed')).toEqual({ kind: 'sessions-changed' });
      expect(bus.listening()).toBe(true);

      // And it hears again: what one process sends reaches it.
      const heard = events.next((e) => e.kind === 'publish' && e.tenantId === 7);
      await bus.send({ kind: 'publish', tenantId: 7, message: { type: 'update', entity: 'customers' } });
      expect(await heard).toMatchObject({ kind: 'publish', tenantId: 7 });
    } finally {
      await bus.close();
    }
  });
});
