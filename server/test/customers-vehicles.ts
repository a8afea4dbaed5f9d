import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import type { Client } from './app.ts';

let seq = 0;

/** Creates a customer through the API; fields default to a plausible person with a unique phone. */
export async function createCustomer(client: Client, overrides: Record<string, unknown> = {}) {
  seq++;
  const res = await client.post('/api/customers', {
    firstName: 'Layla',
    lastName: 'Nasser',
    phone: `+971 50 ${String(1000000 + seq).slice(-7)}`,
    email: `layla${seq}@example.com`,
    city: 'Dubai',
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`create customer failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Creates a vehicle through the API for a customer (a new one when none is given). */
export async function createVehicle(client: Client, overrides: Record<string, unknown> = {}) {
  seq++;
  const customerId = overrides.customerId ?? (await createCustomer(client)).id;
  const res = await client.post('/api/vehicles', {
    customerId,
    make: 'Toyota',
    model: 'Corolla',
    year: 2019,
    plateNumber: `DXB-${seq}`,
    ...overrides,
  });
  if (res.statusCode !== 201) throw new Error(`create vehicle failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * A job card row written straight to the table (the job cards API is another module's): enough
 * for "in use" counts and service history links.
 */
export async function insertJobCard(db: Db, tenantId: number, customerId: number, vehicleId: number, status = 'pending') {
  seq++;
  const jobNumber = `JC-${String(100000 + (seq % 900000)).padStart(6, '0')}`;
  const result = (await db.execute(
    sql`insert into job_cards (tenant_id, customer_id, vehicle_id, job_number, service_type, status)
        values (${tenantId}, ${customerId}, ${vehicleId}, ${jobNumber}, 'Oil change', ${status}) returning id, job_number as "jobNumber"`,
  )) as unknown as { rows: { id: number; jobNumber: string }[] };
  return result.rows[0];
}

/** The messages of a 400's issues. */
export const issueMessages = (res: { json(): { issues?: { message: string }[] } }) => (res.json().issues ?? []).map((i) => i.message);

/**
 * The statements one signed-in call (`work`) sends to the database beyond reading or extending its
 * session (which a process may have kept from an earlier call: auth/session-cache.ts), builder
 * queries and raw SQL alike (the database's own log, fed by Drizzle), so an N+1 through the builder
 * shows: a list must cost the same number at any page size.
 */
export async function statementsDuring(database: Database, work: () => Promise<unknown>): Promise<number> {
  const seen: string[] = [];
  database.statements.seen = seen;
  try {
    await work();
  } finally {
    database.statements.seen = undefined;
  }
  return seen.filter((text) => !SESSION_STATEMENT.test(text)).length;
}

/** What a signed-in call may cost before its own work: its session read or extended (auth.repository.ts). */
const SESSION_STATEMENT = /^(select .* from "sessions"|update "sessions")/s;
