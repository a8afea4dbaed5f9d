import { integer, timestamp } from 'drizzle-orm/pg-core';

/** id, createdAt, updatedAt: every table has them (spec/garage.md section 3). */
export const idColumn = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
