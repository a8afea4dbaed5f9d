import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase, queryRows, type Database } from './client.ts';
import { createTestDatabase } from '../test/databases.ts';
import { clientFor, registerAdmin, type Client } from '../test/app.ts';

/**
 * Migration 0021 (every reference between a workshop's tables names the workshop) on a database
 * populated at 0020: two seeded workshops keep every row, and afterwards the database itself
 * refuses a row of one workshop that points at another's.
 */
const BEFORE = '0021_workshop_references';
const TABLES = [
  'customers',
  'vehicles',
  'job_cards',
  'job_card_parts',
  'job_card_labour',
  'spare_parts',
  'technicians',
  'tasks',
  'estimates',
  'estimate_items',
  'invoices',
  'invoice_items',
  'payments',
  'service_bookings',
  'appointments',
  'shift_assignments',
  'fleet_vehicles',
  'maintenance_schedules',
  'vehicle_service_history',
  'activity_log',
];

let target: Awaited<ReturnType<typeof createTestDatabase>>;
let database: Database;
let app: FastifyInstance;
let folder: string;
let a: Client;
let b: Client;

const counts = async () =>
  Object.fromEntries(
    await Promise.all(
      TABLES.map(async (table) => [
        table,
        (await queryRows<{ n: number }>(database.db, sql.raw(`select count(*)::int as n from ${table}`)))[0].n,
      ]),
    ),
  );

beforeAll(async () => {
  // The committed migrations up to the one before 0021.
  folder = mkdtempSync(path.join(tmpdir(), 'workbay-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const at = journal.entries.findIndex((e: { tag: string }) => e.tag === BEFORE);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));

  target = await createTestDatabase();
  database = await openDatabase({ databaseUrl: target.url, poolSize: 5 });
  await migrateDatabase(database, folder);
  // Today's app reads, with every signed-in user, what later migrations made (0036: the workshop's
  // two-factor rule and the users' two-factor rows; 0042: overrides and modules). Stand-ins while the data is made, dropped
  // before the migrations run, so 0036 makes them as it does on any database.
  await database.db.execute(sql`alter table tenants add column require_two_factor boolean not null default false`);
  await database.db.execute(sql`create table two_factor_auth (tenant_id integer, user_id integer, is_enabled boolean)`);
  // 0040: every sign-in's entry, and the session's reference to it.
  await database.db.execute(
    sql`create table session_logs (id integer primary key generated always as identity, tenant_id integer, user_id integer,
          outcome text default 'success', failure_reason text, login_time timestamptz default now(), last_seen timestamptz,
          logout_time timestamptz, end_reason text, ip_address text, user_agent text, device_type text, browser text, os text,
          is_impersonated boolean default false)`,
  );
  await database.db.execute(sql`alter table sessions add column log_id integer`);
  // 0042: the session's user carries its permission overrides and the workshop's modules turned off.
  await database.db.execute(
    sql`create table permission_overrides (tenant_id integer, user_id integer, resource text, action text, allowed boolean, expires_at timestamptz)`,
  );
  await database.db.execute(sql`create table feature_flags (tenant_id integer, flag_name text, is_enabled boolean)`);
  // 0044: a customer's erasure.
  await database.db.execute(sql`alter table customers add column erased_at timestamptz`);
  // 0046: the language a customer is written to in.
  await database.db.execute(sql`alter table customers add column preferred_language varchar(5) not null default 'en'`);
  app = await buildApp({ database, sessionSecret: 'test-secret-that-is-long-enough-0123456789', registrationsPerHour: 1000 });
  await app.ready();
  a = await registerAdmin(app);
  b = await registerAdmin(app);
  for (const admin of [a, b]) expect((await admin.post('/api/admin/seed-database', {})).statusCode).toBe(200);
  await database.db.execute(sql`drop table two_factor_auth`);
  await database.db.execute(sql`drop table permission_overrides`);
  await database.db.execute(sql`drop table feature_flags`);
  await database.db.execute(sql`alter table tenants drop column require_two_factor`);
  await database.db.execute(sql`alter table customers drop column erased_at`);
  await database.db.execute(sql`alter table customers drop column preferred_language`);
  // The sessions stay, without their entries: 0040 gives each one an entry.
  await database.db.execute(sql`alter table sessions drop column log_id`);
  await database.db.execute(sql`drop table session_logs`);
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await target?.drop();
  rmSync(folder, { recursive: true, force: true });
});

describe('migration 0021: references name the workshop', () => {
  it('runs on a populated database, keeps every row, and then refuses a cross-workshop reference', async () => {
    const before = await counts();
    expect(before.job_cards).toBeGreaterThan(0);
    expect(before.payments).toBeGreaterThan(0);
    await migrateDatabase(database);
    expect(await counts()).toEqual(before);

    // The app works on the migrated database as before.
    const session = clientFor(app, a.cookie, a.user);
    expect((await session.get(`/api/tenants/${a.user.tenantId}/job-cards`)).statusCode).toBe(200);
    // The sessions signed in before 0040 got their entries: listed, this one marked.
    const listed = await session.get('/api/user/sessions');
    expect(listed.json()).toEqual([expect.objectContaining({ current: true, ipAddress: expect.any(String) })]);

    const [mine] = await queryRows<{ id: number; tenant_id: number; customer_id: number; vehicle_id: number }>(
      database.db,
      sql`select id, tenant_id, customer_id, vehicle_id from job_cards where tenant_id = ${a.user.tenantId} limit 1`,
    );
    const [theirs] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from customers where tenant_id = ${b.user.tenantId} limit 1`,
    );
    // A job card of workshop A pointing at workshop B's customer: a foreign-key error.
    const crossed = database.db.execute(
      sql`insert into job_cards (tenant_id, customer_id, vehicle_id, job_number, service_type)
          values (${a.user.tenantId}, ${theirs.id}, ${mine.vehicle_id}, 'JC-999999', 'Crossed')`,
    );
    await expect(crossed).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23503' }) });
    // Moving an existing line onto another workshop's card is refused the same way.
    const [theirCard] = await queryRows<{ id: number }>(
      database.db,
      sql`select id from job_cards where tenant_id = ${b.user.tenantId} limit 1`,
    );
    await expect(
      database.db.execute(sql`update job_card_parts set job_card_id = ${theirCard.id} where tenant_id = ${a.user.tenantId}`),
    ).rejects.toMatchObject({ cause: expect.objectContaining({ code: '23503' }) });
    // The same insert within the workshop is fine.
    await database.db.execute(
      sql`insert into job_cards (tenant_id, customer_id, vehicle_id, job_number, service_type)
          values (${a.user.tenantId}, ${mine.customer_id}, ${mine.vehicle_id}, 'JC-999999', 'Within')`,
    );
    // ON DELETE SET NULL clears the reference only: the row keeps its workshop.
    const [tech] = await queryRows<{ id: number }>(
      database.db,
      sql`select technician_id as id from tasks where tenant_id = ${a.user.tenantId} and technician_id is not null limit 1`,
    );
    await database.db.execute(sql`delete from technicians where id = ${tech.id}`);
    const [left] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from tasks where tenant_id = ${a.user.tenantId} and technician_id is null`,
    );
    expect(left.n).toBeGreaterThan(0);
  });
});
