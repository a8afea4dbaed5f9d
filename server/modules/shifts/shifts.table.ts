import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, workshopRef, timestamps } from '../../db/columns.ts';
import { tenants } from '../tenants/tenants.table.ts';
import { users } from '../users/users.table.ts';

export const shifts = pgTable(
  'shifts',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: varchar('name', { length: 100 }).notNull(),
    startTime: varchar('start_time', { length: 5 }).notNull(),
    endTime: varchar('end_time', { length: 5 }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('shifts_tenant_id_key').on(t.tenantId, t.id),
    uniqueIndex('shifts_tenant_name_key').on(t.tenantId, sql`lower(${t.name})`),
  ],
);

/** One employee (a user account) on one shift on one day. */
export const shiftAssignments = pgTable(
  'shift_assignments',
  {
    id: idColumn(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id),
    shiftId: integer('shift_id').notNull(),
    userId: integer('user_id').notNull(),
    date: date('date').notNull(),
    /** The shift's start and end on that day in the workshop's time zone (for conflicts and the schedule). */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: varchar('status', { length: 20 }).notNull().default('scheduled'),
    checkInTime: timestamp('check_in_time', { withTimezone: true }),
    checkOutTime: timestamp('check_out_time', { withTimezone: true }),
    notes: text('notes'),
    ...timestamps,
  },
  (t) => [
    index('shift_assignments_tenant_date_idx').on(t.tenantId, t.date, t.id),
    index('shift_assignments_user_idx').on(t.userId, t.startsAt),
    index('shift_assignments_shift_idx').on(t.shiftId),
    index('shift_assignments_tenant_status_idx').on(t.tenantId, t.status, t.date),
    workshopRef('shift_assignments_shift_id_fk', t.tenantId, t.shiftId, shifts),
    workshopRef('shift_assignments_user_id_fk', t.tenantId, t.userId, users),
  ],
);
