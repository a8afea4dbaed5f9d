import { date, integer, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * The reports' daily sums (revenue, technicians, parts, customers), per workshop day in the
 * workshop's time zone, so a year's report reads a few thousand rows instead of every job card,
 * invoice and payment of the year. One row per measure, day and subject:
 *
 * | measure    | subject        | n                          | quantity      | amount                         |
 * |------------|----------------|----------------------------|---------------|--------------------------------|
 * | invoiced   | 0              | invoices (not cancelled)   |               | their totals, by invoice date  |
 * | collected  | 0              | completed payments         |               | their amounts, by payment date |
 * | task_done  | technician     | tasks completed            |               |                                |
 * | job_done   | technician     | job cards completed        | labour hours  | their invoices (not cancelled) |
 * | part_used  | spare part     |                            | quantity      | quantity x unit price          |
 * | parts_total| 0              |                            | all parts'    | all parts'                     |
 * | estimate   | 0              | estimates created          |               | their totals                   |
 * | converted  | 0              | of those, invoiced         |               | their totals                   |
 * | visit      | previous month | job cards opened, by the month (yyyymm) of the customer's previous one; 0: a first |
 * | next_visit | next day       | job cards opened, by the day (yyyymmdd) of the customer's next one (if any)        |
 * | car        | previous month | job cards completed, by the month of the vehicle's previous completed one; 0: none |
 * | next_car   | next day       | job cards completed, by the day of the vehicle's next completed one (if any)       |
 *
 * Kept by statement triggers on the source tables, in the writes' own transactions, as sums of
 * what each changed row counts for before and after (migration 0030); rebuilt for a workshop whose
 * time zone changes. `report_days_rebuild(workshop)` counts a workshop afresh.
 */
export const reportDays = pgTable(
  'report_days',
  {
    tenantId: integer('tenant_id').notNull(),
    measure: varchar('measure', { length: 20 }).notNull(),
    day: date('day').notNull(),
    subject: integer('subject').notNull().default(0),
    n: integer('n').notNull().default(0),
    quantity: numeric('quantity', { precision: 16, scale: 2 }).notNull().default('0'),
    amount: numeric('amount', { precision: 16, scale: 2 }).notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.measure, t.day, t.subject] })],
);
