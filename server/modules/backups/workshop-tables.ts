import { getTableConfig, PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema.ts';

/**
 * Tables that hold no workshop's records, or none a restore should bring back, each with the
 * reason. Every other table of the schema is in an export: `workshopTables` fails (and its test
 * with it) on a table that is neither reachable from a workshop nor named here.
 */
export const EXCLUDED_TABLES: Readonly<Record<string, string>> = {
  sessions: 'sign-ins of this instance; after a restore everyone signs in again',
  rate_limits: 'throttle counters of this instance (addresses, user names), no workshop',
  backup_jobs: 'the exports themselves: their archives are not in an export',
};

/** How a table's rows of one workshop are found: `where` names the workshop's id as `$1`. */
export type WorkshopTable = {
  name: string;
  /** SQL condition on alias `t` with the workshop id as the parameter `$1`. */
  where: string;
  /** Primary-key columns: the order rows are written in, and the keyset of each batch. */
  key: string[];
  /** Columns an insert names (generated ones left out). */
  columns: string[];
  /** `id` is an identity column: a restore inserts it as it was and moves its sequence past it. */
  identity: boolean;
  /** A bytea column written as files `<table>/<id>` of the archive (attachments' bytes). */
  fileColumn?: string;
  /** Tables this one references, so a restore inserts those first. */
  parents: string[];
};

/** A table or column name quoted for SQL. */
export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

function describeSchema() {
  return (Object.values(schema) as unknown[])
    .filter((t): t is PgTable => t instanceof PgTable)
    .map((table) => getTableConfig(table))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Every table holding a workshop's records, parents before children (inserting in this order
 * satisfies every foreign key): the workshop itself, every table with `tenant_id`, and tables
 * reachable only through one of those (a user's `user_preferences`). Derived from the schema, so
 * a new table is covered, or refused here until it is (or is excluded with its reason).
 */
export function workshopTables(): WorkshopTable[] {
  const configs = describeSchema();
  const found = new Map<string, WorkshopTable>();
  const keyOf = (config: (typeof configs)[number]) => {
    const single = config.columns.filter((c) => c.primary).map((c) => c.name);
    return single.length > 0 ? single : (config.primaryKeys[0]?.columns.map((c: PgColumn) => c.name) ?? []);
  };
  const describe = (config: (typeof configs)[number], where: string): WorkshopTable => {
    const bytea = config.columns.filter((c) => c.getSQLType() === 'bytea').map((c) => c.name);
    const idColumn = config.columns.find((c) => c.name === 'id');
    if (bytea.length > 1 || (bytea.length === 1 && !idColumn)) {
      throw new Error(`backups: table ${config.name} has bytea columns an export cannot name as files`);
    }
    const parents = [
      ...new Set(config.foreignKeys.map((fk) => getTableConfig(fk.reference().foreignTable).name).filter((p) => p !== config.name)),
    ];
    return {
      name: config.name,
      where,
      key: keyOf(config),
      columns: config.columns.filter((c) => !c.generated).map((c) => c.name),
      identity: Boolean(idColumn && (idColumn as unknown as { generatedIdentity?: unknown }).generatedIdentity),
      fileColumn: bytea[0],
      parents,
    };
  };

  for (const config of configs) {
    if (config.name in EXCLUDED_TABLES) continue;
    if (config.name === 'tenants') found.set('tenants', describe(config, 't.id = $1'));
    else if (config.columns.some((c) => c.name === 'tenant_id')) found.set(config.name, describe(config, 't.tenant_id = $1'));
  }
  // Tables without tenant_id: their rows belong to a workshop through a reference to one of its rows.
  let added = true;
  while (added) {
    added = false;
    for (const config of configs) {
      if (found.has(config.name) || config.name in EXCLUDED_TABLES) continue;
      const fk = config.foreignKeys
        .map((k) => k.reference())
        .find((ref) => ref.columns.length === 1 && found.has(getTableConfig(ref.foreignTable).name));
      if (!fk) continue;
      const parent = found.get(getTableConfig(fk.foreignTable).name)!;
      const where = `t.${quoteIdent(fk.columns[0].name)} in (select p.${quoteIdent(fk.foreignColumns[0].name)} from ${quoteIdent(parent.name)} p where ${parent.where.replaceAll('t.', 'p.')})`;
      found.set(config.name, describe(config, where));
      added = true;
    }
  }
  const uncovered = configs.map((c) => c.name).filter((name) => !found.has(name) && !(name in EXCLUDED_TABLES));
  if (uncovered.length > 0) {
    throw new Error(`backups: tables neither in a workshop's export nor excluded (EXCLUDED_TABLES): ${uncovered.join(', ')}`);
  }
  return parentsFirst([...found.values()]);
}

/** Topological order by foreign keys (ties by name, so the order is stable). */
function parentsFirst(tables: WorkshopTable[]): WorkshopTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: WorkshopTable[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (table: WorkshopTable) => {
    const seen = state.get(table.name);
    if (seen === 'done') return;
    if (seen === 'visiting') throw new Error(`backups: foreign keys form a cycle through ${table.name}`);
    state.set(table.name, 'visiting');
    for (const parent of table.parents) {
      const p = byName.get(parent);
      if (p) visit(p);
    }
    state.set(table.name, 'done');
    ordered.push(table);
  };
  for (const table of tables) visit(table);
  return ordered;
}
