import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from './client.ts';

/** The tables of a workshop's records that other modules check a reference against. */
export type WorkshopTable =
  'customers' | 'vehicles' | 'technicians' | 'tasks' | 'skills' | 'spare_parts' | 'job_cards' | 'estimates' | 'invoices';

/**
 * Whether a row is the workshop's: the one ownership check every module makes before it accepts
 * a reference to another module's record (a body naming a customer, a vehicle...). By table name,
 * so checking a record does not make a module depend on the module that owns it; the composite
 * foreign keys refuse a cross-workshop reference in the database all the same.
 */
export async function isInWorkshop(db: Tx, table: WorkshopTable, tenantId: number, id: number): Promise<boolean> {
  const rows = await queryRows(db, sql`select 1 from ${sql.raw(table)} where tenant_id = ${tenantId} and id = ${id}`);
  return rows.length > 0;
}
