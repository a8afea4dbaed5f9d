import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import yauzl from 'yauzl';
import { buildApp } from '../../app.ts';
import { migrateDatabase, openDatabase, queryRows, type Db } from '../../db/client.ts';
import { createTestDatabase } from '../../test/databases.ts';
import {
  createTestApp,
  createWorkshop,
  migratedTemplate,
  login,
  TEST_PASSWORD,
  type Client,
  type TestApp,
  type Workshop,
} from '../../test/app.ts';
import { insertCustomerWithVehicle } from '../../test/workshop.ts';
import type { BackupJob } from '../../../core/contracts/backups.ts';
import { MANIFEST_FILE, schemaVersion, type Manifest } from './archive-format.ts';
import { RestoreError, restoreWorkshopArchive } from './restore-archive.ts';
import { writeWorkshopArchive } from './export-archive.ts';
import { analyzeStale } from '../../db/upkeep.ts';
import { EXCLUDED_TABLES, quoteIdent, workshopTables } from './workshop-tables.ts';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema.ts';

let t: TestApp;
let other: Workshop;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  // The other workshop first: it gets workshop 1, the fresh install's; the one exported is 2.
  other = await createWorkshop(t.app);
  await insertCustomerWithVehicle(t.database.db, other.tenantId, { firstName: 'Other', lastName: 'Shop' });
  w = await createWorkshop(t.app);
  const seeded = await w.admin.post('/api/admin/seed-database');
  expect(seeded.statusCode).toBe(200);
});
afterAll(async () => t.close());

const backups = (c: Client) => `/api/tenants/${c.user.tenantId}/backups`;

/** Follows a job until it is no longer under way (its state, not a clock). */
async function finished(c: Client, id: number): Promise<BackupJob> {
  for (;;) {
    const res = await c.get(`${backups(c)}/${id}`);
    expect(res.statusCode).toBe(200);
    const job = res.json<BackupJob>();
    if (job.status !== 'queued' && job.status !== 'running') return job;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Every row of each of the workshop's tables, as the database writes it, in primary-key order. */
async function snapshot(db: Db, tenantId: number | null) {
  const out: Record<string, string[]> = {};
  for (const table of workshopTables()) {
    const where =
      tenantId === null
        ? sql`true`
        : sql.join(
            table.where.split('$1').map((p) => sql.raw(p)),
            sql`${tenantId}`,
          );
    const rows = await queryRows<{ line: string }>(
      db,
      sql`select to_jsonb(t)::text as line from ${sql.raw(quoteIdent(table.name))} t where ${where} order by ${sql.raw(table.key.map((k) => `t.${quoteIdent(k)}`).join(', '))}`,
    );
    out[table.name] = rows.map((r) => r.line);
  }
  return out;
}

describe('the tables of an export', () => {
  it('cover every table of the schema that holds a workshop row, or name why not', () => {
    const all = (Object.values(schema) as unknown[]).filter((x): x is PgTable => x instanceof PgTable).map((x) => getTableConfig(x).name);
    const covered = new Set(workshopTables().map((x) => x.name));
    expect(all.filter((name) => !covered.has(name) && !(name in EXCLUDED_TABLES))).toEqual([]);
    // Every table with a workshop column is in, but those excluded with their reason.
    for (const table of (Object.values(schema) as unknown[]).filter((x): x is PgTable => x instanceof PgTable)) {
      const config = getTableConfig(table);
      if (config.columns.some((c) => c.name === 'tenant_id') && !(config.name in EXCLUDED_TABLES)) expect(covered).toContain(config.name);
    }
    expect(covered).toContain('audit_logs');
    expect(covered).toContain('user_preferences');
    expect(covered).toContain('attachments');
  });
});

describe('workshop backups', () => {
  it('exports the workshop in the background, and restoring it into an empty instance gives every row back', async () => {
    const started = await w.admin.post(backups(w.admin));
    expect(started.statusCode).toBe(202);
    const queued = started.json<BackupJob>();
    expect(queued).toMatchObject({ jobType: 'export', requestedBy: { id: w.admin.user.id } });
    expect(['queued', 'running']).toContain(queued.status);
    // One under way per workshop; the other workshop may start its own.
    expect((await w.admin.post(backups(w.admin))).statusCode).toBe(409);
    const theirs = await other.admin.post(backups(other.admin));
    expect(theirs.statusCode).toBe(202);

    const job = await finished(w.admin, queued.id);
    expect(job).toMatchObject({ status: 'completed', progress: 100, errorMessage: null });
    expect(job.fileSize).toBeGreaterThan(0);
    expect(job.dataTypes).toEqual(workshopTables().map((x) => x.name));
    expect(job.rowsDone).toBe(job.rowsTotal);
    await finished(other.admin, theirs.json<BackupJob>().id);

    const list = (await w.admin.get(backups(w.admin))).json<BackupJob[]>();
    expect(list.map((j) => j.id)).toEqual([queued.id]);
    const before = await snapshot(t.database.db, w.tenantId);

    const download = await w.admin.get(`${backups(w.admin)}/${job.id}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toContain(job.fileName!);
    const archive = new Uint8Array(download.rawPayload);
    expect(archive.length).toBe(job.fileSize);

    const files = unzipSync(archive);
    const manifest = JSON.parse(new TextDecoder().decode(files[MANIFEST_FILE])) as Manifest;
    expect(manifest.workshop).toEqual({ id: w.tenantId, name: expect.any(String) });
    for (const table of manifest.tables) expect(table.rows, table.name).toBe(before[table.name].length);
    // Nothing of the other workshop: no line names its id as its workshop, no user of theirs.
    const text = Object.entries(files)
      .filter(([name]) => name.startsWith('tables/'))
      .map(([, bytes]) => new TextDecoder().decode(bytes))
      .join('');
    expect(text).not.toContain(`"tenant_id": ${other.tenantId},`);
    expect(text).not.toContain(other.admin.user.username);
    expect(text).not.toContain('"Other"');
    // The attachments' bytes as files, byte for byte.
    const attachments = await queryRows<{ id: number; content: Uint8Array }>(
      t.database.db,
      sql`select id, content from attachments where tenant_id = ${w.tenantId} order by id`,
    );
    expect(attachments.length).toBeGreaterThan(0);
    for (const a of attachments) expect(Buffer.from(files[`attachments/${a.id}`]).equals(Buffer.from(a.content))).toBe(true);

    // The export and the download are in the audit log.
    const audit = await queryRows<{ action: string }>(
      t.database.db,
      sql`select action from audit_logs where tenant_id = ${w.tenantId} and resource_type = 'backup_jobs' and resource_id = ${String(job.id)} order by id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['export', 'download']);

    // Into an empty instance: every row of every table as it was.
    const target = await createTestDatabase();
    const restored = await openDatabase({ databaseUrl: target.url, poolSize: 2, loadDataDir: await migratedTemplate(target.url) });
    try {
      await migrateDatabase(restored);
      const result = await restoreWorkshopArchive(restored, Buffer.from(archive));
      expect(result.workshop.id).toBe(w.tenantId);
      const after = await snapshot(restored.db, null);
      for (const table of Object.keys(before)) expect(after[table], table).toEqual(before[table]);
      // A second restore into it is refused: it is no longer empty.
      await expect(restoreWorkshopArchive(restored, Buffer.from(archive))).rejects.toThrow(RestoreError);

      // The restored instance works: its admin signs in, new rows get new ids, a new workshop opens.
      const app = await buildApp({ database: restored, sessionSecret: 'another-secret-that-is-long-enough-0123456789' });
      try {
        const admin = await login(app, w.admin.user.username, TEST_PASSWORD);
        const customer = await admin.post('/api/customers', { firstName: 'New', lastName: 'Customer', phone: '+971500000001' });
        expect(customer.statusCode).toBe(201);
        const maxCustomer = Math.max(...before.customers.map((line) => (JSON.parse(line) as { id: number }).id));
        expect(customer.json<{ id: number }>().id).toBeGreaterThan(maxCustomer);
        const task = await admin.post('/api/tasks', { title: 'After the restore', priority: 'medium' });
        expect(task.statusCode).toBe(201);
        const registered = await app.inject({
          method: 'POST',
          url: '/api/register',
          payload: { username: 'after_restore', password: TEST_PASSWORD, email: 'a@example.com', firstName: 'A', lastName: 'B' },
        });
        expect(registered.statusCode).toBe(201);
        expect(registered.json<{ tenantId: number }>().tenantId).toBeGreaterThan(w.tenantId);
      } finally {
        await app.close();
      }
    } finally {
      await restored.close();
      await target.drop();
    }
  });

  // ZIP64_FILES=65600 runs it past what a zip without ZIP64 can count (65,535 entries): on PGlite
  // on a 2-core machine 106 s, too long for every run (alone: export 41 s, restore 54 s).
  it(
    'round-trips a workshop of many files through an archive on disk, read entry by entry',
    async () => {
      const shop = await createWorkshop(t.app);
      const { customer } = await insertCustomerWithVehicle(t.database.db, shop.tenantId, { firstName: 'Many', lastName: 'Files' });
      const FILES = Number(process.env.ZIP64_FILES ?? 1_000);
      await t.database.db.execute(
        sql`insert into attachments (tenant_id, entity_type, entity_id, filename, original_name, mime_type, size, content)
          select ${shop.tenantId}, 'customer', ${customer.id}, 'f' || i, 'scan-' || i || '.txt', 'text/plain', length(i::text), convert_to(i::text, 'UTF8')
          from generate_series(1, ${FILES}) i`,
      );
      const dir = mkdtempSync(path.join(tmpdir(), 'workbay-zip64-'));
      const file = path.join(dir, 'archive.zip');
      const target = await createTestDatabase();
      const restored = await openDatabase({ databaseUrl: target.url, poolSize: 2, loadDataDir: await migratedTemplate(target.url) });
      try {
        // As the export job does on the embedded database (no autovacuum there): without statistics
        // each batch would sort the table (59 s instead of 4 for 12,000 files).
        await analyzeStale(t.database.db);
        const { manifest } = await writeWorkshopArchive(t.database.db, shop.tenantId, file);
        expect(manifest.tables.find((x) => x.name === 'attachments')).toEqual({ name: 'attachments', rows: FILES, files: FILES });
        // Nothing left beside the archive but the archive.
        expect(readdirSync(dir)).toEqual(['archive.zip']);
        const zip = await yauzl.openPromise(file);
        // Every file, one entry per table and the manifest: the count a zip without ZIP64 cuts at 65,535.
        expect(zip.entryCount).toBe(FILES + workshopTables().length + 1);
        zip.close();

        await migrateDatabase(restored);
        await restoreWorkshopArchive(restored, file);
        const [counts] = await queryRows<{ n: number; sum: string }>(
          restored.db,
          sql`select count(*)::int as n, sum(convert_from(content, 'UTF8')::int)::text as sum from attachments`,
        );
        expect(counts).toEqual({ n: FILES, sum: String((FILES * (FILES + 1)) / 2) });
      } finally {
        await restored.close();
        await target.drop();
        rmSync(dir, { recursive: true, force: true });
      }
    },
    Number(process.env.ZIP64_FILES ? 900_000 : 120_000),
  );

  it('refuses an archive of another schema, and what is no archive', async () => {
    // Refused before the target is read: the manifest is checked first.
    await expect(restoreWorkshopArchive(t.database, Buffer.from([1, 2, 3]))).rejects.toThrow('not a zip archive');
    const manifest = { format: 'workbay-workshop-backup', formatVersion: 1, schemaVersion: '0001_older', tables: [] };
    const older = zipSync({ [MANIFEST_FILE]: strToU8(JSON.stringify(manifest)) });
    await expect(restoreWorkshopArchive(t.database, Buffer.from(older))).rejects.toThrow(
      `made at schema 0001_older and this Workbay is at ${schemaVersion()}`,
    );
    const current = zipSync({ [MANIFEST_FILE]: strToU8(JSON.stringify({ ...manifest, schemaVersion: schemaVersion(), tables: [] })) });
    await expect(restoreWorkshopArchive(t.database, Buffer.from(current))).rejects.toThrow(RestoreError);
  });

  it('answers only the workshop admin, and bad ids with 400 or 404', async () => {
    const [job] = (await w.admin.get(backups(w.admin))).json<BackupJob[]>();
    for (const c of [w.manager, w.technician]) {
      expect((await c.get(backups(w.admin))).statusCode).toBe(403);
      expect((await c.post(backups(w.admin))).statusCode).toBe(403);
      expect((await c.get(`${backups(w.admin)}/${job.id}/download`)).statusCode).toBe(403);
    }
    // The other workshop's admin: not their workshop, nor their job.
    expect((await other.admin.get(`${backups(w.admin)}/${job.id}`)).statusCode).toBe(404);
    expect((await other.admin.get(`${backups(other.admin)}/${job.id}`)).statusCode).toBe(404);
    expect((await other.admin.get(`${backups(other.admin)}/${job.id}/download`)).statusCode).toBe(404);
    for (const id of ['0', '-1', 'abc', '2147483648', '99999999999999999999', '1.5']) {
      const res = await w.admin.get(`${backups(w.admin)}/${id}`);
      expect([400, 404], id).toContain(res.statusCode);
      expect([400, 404], id).toContain((await w.admin.get(`${backups(w.admin)}/${id}/download`)).statusCode);
    }
    expect((await w.admin.get(`${backups(w.admin)}/2147483647`)).statusCode).toBe(404);
  });

  it('marks a job whose process died as failed, and lets a new one start', async () => {
    const started = await other.admin.post(backups(other.admin));
    expect(started.statusCode).toBe(202);
    const done = await finished(other.admin, started.json<BackupJob>().id);
    expect(done.status).toBe('completed');
    // A job left "running" by a process that died: its heartbeat stopped long ago.
    const [stale] = await queryRows<{ id: number }>(
      t.database.db,
      sql`insert into backup_jobs (tenant_id, requested_by, status, updated_at) values (${other.tenantId}, ${other.admin.user.id}, 'running', now() - interval '1 hour') returning id`,
    );
    const listed = (await other.admin.get(backups(other.admin))).json<BackupJob[]>();
    expect(listed.find((j) => j.id === stale.id)).toMatchObject({ status: 'failed', errorMessage: expect.any(String) });
    // An archive past its expiry is removed and no longer downloads.
    await t.database.db.execute(sql`update backup_jobs set expires_at = now() - interval '1 minute' where id = ${done.id}`);
    expect((await other.admin.get(`${backups(other.admin)}/${done.id}`)).json<BackupJob>().status).toBe('expired');
    expect((await other.admin.get(`${backups(other.admin)}/${done.id}/download`)).statusCode).toBe(410);
  });

  it('starts one export of 20 asked at once; the others 409', async () => {
    const ws = await createWorkshop(t.app);
    const asked = await Promise.all(Array.from({ length: 20 }, () => ws.admin.post(backups(ws.admin))));
    const codes = asked.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 202)).toHaveLength(1);
    expect(codes.filter((c) => c !== 202)).toEqual(Array(19).fill(409));
    const started = asked.find((r) => r.statusCode === 202)!.json<BackupJob>();
    expect((await finished(ws.admin, started.id)).status).toBe('completed');
    expect((await ws.admin.get(backups(ws.admin))).json<BackupJob[]>()).toHaveLength(1);
  });
});
