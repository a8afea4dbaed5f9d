import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { MIGRATIONS_FOLDER } from '../../db/client.ts';

/** What an archive says it is: `manifest.json` at its root, one `tables/<table>.jsonl` per table, files under `<table>/<id>`. */
export const ARCHIVE_FORMAT = 'workbay-workshop-backup';
export const ARCHIVE_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const tableFile = (table: string) => `tables/${table}.jsonl`;
export const rowFile = (table: string, id: number | string) => `${table}/${id}`;

export type Manifest = {
  format: typeof ARCHIVE_FORMAT;
  formatVersion: number;
  /** The app's latest migration when the archive was made: a restore needs the very same. */
  schemaVersion: string;
  workshop: { id: number; name: string };
  createdAt: string;
  /** Every table of the workshop with its rows (and files, for a table of files), parents first. */
  tables: Array<{ name: string; rows: number; files?: number }>;
  /** Tables left out on purpose, with the reason. */
  excluded: Record<string, string>;
};

/** This app's schema: the tag of its latest migration (e.g. `0037_backup_jobs`). */
export function schemaVersion(migrationsFolder = MIGRATIONS_FOLDER): string {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  return journal.entries.at(-1)!.tag;
}

/** A condition of workshop-tables.ts (`$1` the workshop's id) as SQL with the id bound. */
export function workshopCondition(where: string, tenantId: number): SQL {
  return sql.join(
    where.split('$1').map((part) => sql.raw(part)),
    sql`${tenantId}`,
  );
}
