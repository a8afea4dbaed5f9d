import { index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, workshopRef } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';
import { customers } from '../customers/customers.table.ts';

/**
 * A customer's data request (spec's `gdpr_data_requests`): an export of everything the workshop
 * holds about them, or an erasure. Kept after an erasure (the customer row stays, anonymised); a
 * customer deleted outright leaves their requests with no customer.
 */
export const gdprDataRequests = pgTable(
  'gdpr_data_requests',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    customerId: integer('customer_id'),
    requestType: varchar('request_type', { length: 20 }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    /** What was asked: the reason of an erasure. */
    requestData: jsonb('request_data').$type<Record<string, unknown>>().notNull().default({}),
    /** What was done: an export's file name and rows per kind, an erasure's counts. */
    responseData: jsonb('response_data').$type<Record<string, unknown>>().notNull().default({}),
    handledBy: integer('handled_by'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Until when an export's download is offered. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('gdpr_data_requests_customer_idx').on(t.tenantId, t.customerId, t.id),
    workshopRef('gdpr_data_requests_customer_id_fk', t.tenantId, t.customerId, customers).onDelete('set null'),
    workshopRef('gdpr_data_requests_handled_by_fk', t.tenantId, t.handledBy, users).onDelete('set null'),
  ],
);
