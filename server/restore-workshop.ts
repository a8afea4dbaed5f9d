import path from 'node:path';
import { access, constants } from 'node:fs/promises';
import { ConfigError, readConfig } from './config.ts';
import { migrateDatabase, openDatabase, type Database } from './db/client.ts';
import { DataDirLockedError, lockDataDir } from './lib/data-dir.ts';
import { RestoreError, restoreWorkshopArchive } from './modules/backups/restore-archive.ts';

/**
 * Restores a workshop's backup (the zip an admin downloads under Settings > Backups) into an
 * empty Workbay: `node dist/server/restore-workshop.js <archive.zip>` with the server's own
 * DATA_DIR or DATABASE_URL, the server stopped (embedded: the data folder is locked meanwhile).
 * Migrates the database first; refuses a target with any user or record, and an archive made at
 * another schema. docs/operations.md "A workshop's backup".
 */
function fail(message: string): never {
  process.stderr.write(`workbay restore: ${message}\n`);
  process.exit(1);
}

async function main() {
  const file = process.argv[2];
  if (!file || process.argv.length > 3) fail('usage: restore-workshop <archive.zip>  (DATA_DIR or DATABASE_URL as for the server)');
  let config;
  try {
    config = readConfig(process.env);
  } catch (err) {
    if (err instanceof ConfigError) fail(err.message);
    throw err;
  }
  await access(file, constants.R_OK).catch((err: Error) => fail(`cannot read ${file}: ${err.message}`));
  let release = () => {};
  if (!config.databaseUrl) {
    try {
      release = lockDataDir(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirLockedError) fail(err.message);
      throw err;
    }
  }
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'db'), poolSize: 2 });
    await migrateDatabase(database);
    const result = await restoreWorkshopArchive(database, file);
    const rows = result.tables.reduce((sum, t) => sum + t.rows, 0);
    process.stdout.write(
      `restored workshop ${result.workshop.id} "${result.workshop.name}" (schema ${result.schemaVersion}): ${rows} rows in ${result.tables.length} tables\n`,
    );
  } catch (err) {
    if (err instanceof RestoreError) fail(err.message);
    fail(err instanceof Error ? err.message.split('\n')[0] : String(err));
  } finally {
    await database?.close();
    release();
  }
}

void main();
