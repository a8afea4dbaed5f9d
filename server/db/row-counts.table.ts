import { bigint, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * Rows per workshop of the big tables (customers, vehicles, service bookings, appointments),
 * kept by statement-level triggers (migration 0015), so an unfiltered list's X-Total-Count and
 * the dashboard's figures cost the same at 50 rows or 5 million.
 */
export const rowCounts = pgTable(
  'row_counts',
  {
    tenantId: integer('tenant_id').notNull(),
    entity: varchar('entity', { length: 40 }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.entity] })],
);
