import { boolean, jsonb, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns.ts';

export const tenants = pgTable('tenants', {
  id: idColumn(),
  name: varchar('name', { length: 200 }).notNull(),
  businessType: varchar('business_type', { length: 50 }).notNull().default('workshop'),
  email: varchar('email', { length: 255 }).notNull().default(''),
  phone: varchar('phone', { length: 50 }).notNull().default(''),
  address: varchar('address', { length: 500 }).notNull().default(''),
  timeZone: varchar('time_zone', { length: 64 }).notNull().default('UTC'),
  currency: varchar('currency', { length: 3 }).notNull().default('USD'),
  taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('10.00'),
  /** Per hour: the rate of new labour lines on job cards (a technician's are charged at it). */
  labourRate: numeric('labour_rate', { precision: 10, scale: 2 }).notNull().default('50.00'),
  /** Admins and managers must set up two-factor sign-in before anything else (issue 17). */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
  status: varchar('status', { length: 20 }).notNull().default('active'),
  ...timestamps,
});
