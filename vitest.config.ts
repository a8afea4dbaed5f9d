import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
/**
 * Files named *.pg.test.ts need a PostgreSQL server: they run only in the PostgreSQL pass. Files
 * named *.embedded.test.ts test the embedded database alone (whatever the pass): only in the first.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const onePassOnly = onPostgres ? ['**/*.embedded.test.ts'] : ['**/*.pg.test.ts'];

export default defineConfig({
  resolve: { alias: { '@': here('./web/src'), '@core': here('./core') } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['core/**/*.test.ts', 'web/src/**/*.test.ts'],
          environment: 'node',
          // A few walk every contract or render every page: seconds on a machine busy with the
          // browser tests beside them (scripts/test.mjs), well past vitest's default 5 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'http',
          include: ['server/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          exclude: onePassOnly,
          // One module graph per worker, not per file: the app's imports load once (about 50 s
          // less a pass). Each file still makes its own app and database (test/app.ts).
          isolate: false,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: onePassOnly,
          environment: 'node',
          globalSetup: ['e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
