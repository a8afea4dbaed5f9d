import pg from 'pg';
import { randomBytes } from 'node:crypto';

/**
 * A fresh, empty database for one test file (or one browser-test server). On PostgreSQL
 * (TEST_DATABASE_URL set) a new database is created beside the one named and dropped after;
 * on the embedded database nothing is needed: the caller opens PGlite in memory or in a temp dir.
 */
export async function createTestDatabase(): Promise<{ url?: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return { url: undefined, drop: async () => {} };
  const name = `workbay_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await dropDatabase(c, name);
      } finally {
        await c.end();
      }
    },
  };
}

/**
 * DROP DATABASE ... WITH (FORCE) ends the test's leftover connections, but a role without
 * pg_signal_backend may not end an autovacuum worker that happens to be in the database (42501);
 * a plain DROP DATABASE stops that worker itself, so fall back to it, waiting for sessions that
 * are still closing (55006).
 */
async function dropDatabase(c: pg.Client, name: string) {
  try {
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    return;
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error;
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await c.query(`DROP DATABASE IF EXISTS "${name}"`);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

export const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);
