import { boolean, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn, workshopRef } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';
import { customers } from '../customers/customers.table.ts';

/**
 * A customer's choices about being sent marketing and reminders (spec's `user_consents`, kept per
 * customer of the workshop). Never updated: each change is a new row, so the history says who
 * recorded what, when, under which text and from where; the latest row of a type is in force.
 * `ip_address` and `user_agent` are those of the staff member's browser that recorded it.
 */
export const userConsents = pgTable(
  'user_consents',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    customerId: integer('customer_id').notNull(),
    consentType: varchar('consent_type', { length: 30 }).notNull(),
    consentGiven: boolean('consent_given').notNull(),
    consentVersion: varchar('consent_version', { length: 20 }).notNull(),
    source: varchar('source', { length: 20 }).notNull(),
    ipAddress: varchar('ip_address', { length: 64 }),
    userAgent: varchar('user_agent', { length: 300 }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    recordedBy: integer('recorded_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The one in force per type: the latest row, read from the index.
    index('user_consents_customer_idx').on(t.tenantId, t.customerId, t.consentType, t.id),
    workshopRef('user_consents_customer_id_fk', t.tenantId, t.customerId, customers).onDelete('cascade'),
    workshopRef('user_consents_recorded_by_fk', t.tenantId, t.recordedBy, users).onDelete('set null'),
  ],
);
