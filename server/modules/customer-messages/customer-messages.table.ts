import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, workshopRef } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { customers } from '../customers/customers.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';

/**
 * What Workbay wrote to a customer (a service reminder by e-mail or SMS), one row per message and
 * channel, in the customer's language, with its delivery: pending, sent, failed (`reason`: the
 * server's answer) or skipped (`reason`: no_consent, no_address or no_channel). The desk sees
 * what went out; a data export lists it; an erasure removes it with the customer's other text.
 */
export const customerMessages = pgTable(
  'customer_messages',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    customerId: integer('customer_id').notNull(),
    vehicleId: integer('vehicle_id'),
    kind: varchar('kind', { length: 30 }).notNull(),
    channel: varchar('channel', { length: 10 }).notNull(),
    recipient: varchar('recipient', { length: 255 }),
    language: varchar('language', { length: 5 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    body: text('body').notNull(),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    reason: varchar('reason', { length: 500 }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('customer_messages_customer_idx').on(t.tenantId, t.customerId, t.id),
    // A vehicle's deletion clears its messages' reference (the foreign key reads by it).
    index('customer_messages_vehicle_idx').on(t.tenantId, t.vehicleId),
    workshopRef('customer_messages_customer_id_fk', t.tenantId, t.customerId, customers).onDelete('cascade'),
    workshopRef('customer_messages_vehicle_id_fk', t.tenantId, t.vehicleId, vehicles).onDelete('set null'),
  ],
);
