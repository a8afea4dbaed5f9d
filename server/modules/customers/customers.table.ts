import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, workshopRef, timestamps } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';

/**
 * The text the customer search box matches (first name, last name, email, phone, city).
 * Queries must use this exact expression so the trigram index serves them.
 */
export const CUSTOMER_SEARCH = sql.raw(
  `(first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' ' || phone || ' ' || coalesce(city, ''))`,
);
/** "First Last", matched by the vehicle and job card searches (customer full name). */
export const CUSTOMER_FULL_NAME = sql.raw(`(first_name || ' ' || last_name)`);

export const customers = pgTable(
  'customers',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    firstName: varchar('first_name', { length: 100 }).notNull(),
    lastName: varchar('last_name', { length: 100 }).notNull(),
    email: varchar('email', { length: 255 }),
    phone: varchar('phone', { length: 20 }).notNull(),
    address: varchar('address', { length: 500 }),
    city: varchar('city', { length: 100 }),
    postalCode: varchar('postal_code', { length: 20 }),
    notes: text('notes'),
    /** The language Workbay writes to them in (service reminders): 'en' or 'ar' (spec customer_profiles.preferredLanguage). */
    preferredLanguage: varchar('preferred_language', { length: 5 }).notNull().default('en'),
    /** When their personal data was erased (data rights): the record then takes no new personal data. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('customers_tenant_id_key').on(t.tenantId, t.id),
    index('customers_tenant_name_idx').on(t.tenantId, t.lastName, t.firstName, t.id),
    index('customers_search_trgm').using('gin', sql`${CUSTOMER_SEARCH} gin_trgm_ops`),
    index('customers_full_name_trgm').using('gin', sql`${CUSTOMER_FULL_NAME} gin_trgm_ops`),
    // The global search's exact lookups (a whole phone or e-mail).
    index('customers_tenant_phone_idx').on(t.tenantId, t.phone),
    index('customers_tenant_email_idx').on(t.tenantId, sql`lower(${t.email})`),
  ],
);

export const customerNotes = pgTable(
  'customer_notes',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    customerId: integer('customer_id').notNull(),
    note: text('note').notNull(),
    category: varchar('category', { length: 30 }).notNull().default('general'),
    isImportant: boolean('is_important').notNull().default(false),
    createdBy: integer('created_by'),
    ...timestamps,
  },
  (t) => [
    index('customer_notes_customer_idx').on(t.tenantId, t.customerId, t.id),
    workshopRef('customer_notes_customer_id_fk', t.tenantId, t.customerId, customers).onDelete('cascade'),
    workshopRef('customer_notes_created_by_fk', t.tenantId, t.createdBy, users).onDelete('set null'),
  ],
);
