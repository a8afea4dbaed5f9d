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
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export const onPostgres = () => Boolean(process.env.TEST_DATABASE_URL);
