import { customType, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn, workshopRef } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Files attached to technicians and tasks. The bytes live in the database, so every app server
 * sees them and a database backup holds them; lists never select the `content` column.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    entityType: varchar('entity_type', { length: 30 }).notNull(),
    entityId: integer('entity_id').notNull(),
    filename: varchar('filename', { length: 100 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    uploadedById: integer('uploaded_by_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attachments_entity_idx').on(t.tenantId, t.entityType, t.entityId),
    workshopRef('attachments_uploaded_by_id_fk', t.tenantId, t.uploadedById, users).onDelete('set null'),
  ],
);
