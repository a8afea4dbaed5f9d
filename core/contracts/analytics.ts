import { z } from '../zod.ts';
import { ISO_DAY, isoDateWithin } from './fields.ts';
import { AGEING_BUCKETS, ANALYTICS_INTERVALS, FUEL_BANDS, periodDays, withinMaxSpan } from '../rules/analytics.ts';
import { VALIDATION_MESSAGES as M } from '../validation-messages.ts';

/**
 * The owner's reports: GET /api/tenants/:tenantId/analytics/:report (admins and managers). Days
 * are the workshop's (its time zone), both ends included; money is a decimal string with two
 * decimals in the workshop's currency, as everywhere in the API; ratios are percents with one
 * decimal, null when there is nothing to divide by.
 */
export const ANALYTICS_REPORTS = ['revenue', 'jobs', 'technicians', 'parts', 'customers', 'fleet'] as const;
export type AnalyticsReport = (typeof ANALYTICS_REPORTS)[number];

const isDay = (value: unknown) => typeof value === 'string' && ISO_DAY.test(value) && !Number.isNaN(Date.parse(value));

/** Room after the last day for the previous period and the interval arithmetic. */
const ROOM_DAYS = 7;
export const analyticsQuery = z
  .object({
    from: isoDateWithin(ROOM_DAYS, M.analyticsFromRequired),
    to: isoDateWithin(ROOM_DAYS, M.analyticsToRequired),
    /** `previous`: also the period of the same length just before. */
    compare: z.enum(['previous', 'none']).default('none'),
    /** The series' step; by default days up to a month, weeks up to half a year, months beyond. */
    interval: z.enum(ANALYTICS_INTERVALS).optional(),
  })
  .superRefine((q, ctx) => {
    // Zod runs this even when a date failed its own check: the range is judged between two days only.
    if (!isDay(q.from) || !isDay(q.to)) return;
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: M.analyticsRangeOrder });
    else if (!withinMaxSpan(q)) ctx.addIssue({ code: 'custom', path: ['to'], message: M.analyticsRangeMax });
    else if (q.interval === 'day' && periodDays(q) > 366) ctx.addIssue({ code: 'custom', path: ['interval'], message: M.analyticsDaysMax });
  });
export type AnalyticsQuery = z.output<typeof analyticsQuery>;

const money = z.string();
const rate = z.number().nullable();
const count = z.number().int();

/** The days a report covers, the step of its series, and the period compared with (or null). */
export const analyticsPeriod = z.object({
  from: z.string(),
  to: z.string(),
  interval: z.enum(ANALYTICS_INTERVALS),
  previous: z.object({ from: z.string(), to: z.string() }).nullable(),
  /** Today in the workshop's zone: the day "now" figures (receivables, stock, fleet) are read on. */
  today: z.string(),
  timeZone: z.string(),
  currency: z.string(),
});
export type AnalyticsPeriod = z.infer<typeof analyticsPeriod>;

/** One label and its count (statuses, bands). */
const countBy = <K extends z.ZodType>(key: K) => z.array(z.object({ key, count }));

// 1. Revenue
const revenueTotals = z.object({ invoiced: money, collected: money, invoices: count, payments: count });
const revenuePoint = z.object({ start: z.string(), invoiced: money, collected: money });
export const revenueReport = z.object({
  period: analyticsPeriod,
  /** Invoiced: invoices dated in the period, but cancelled ones. Collected: payments dated in it. */
  totals: revenueTotals,
  previous: revenueTotals.nullable(),
  series: z.array(revenuePoint),
  previousSeries: z.array(revenuePoint).nullable(),
  /** Now (not the period): what open invoices (draft or sent) still owe, by days past their due date. */
  receivables: z.object({
    outstanding: money,
    invoices: count,
    buckets: z.array(z.object({ bucket: z.enum(AGEING_BUCKETS), amount: money, invoices: count })),
  }),
});
export type RevenueReport = z.infer<typeof revenueReport>;

// 2. Jobs
const jobTotals = z.object({
  opened: count,
  completed: count,
  /** Distinct vehicles with a job card completed in the period. */
  carCount: count,
  /** What the period's completed job cards were invoiced (cancelled invoices left out). */
  revenue: money,
  /** That revenue per completed job card that has such an invoice; null when none has. */
  averageRepairOrder: money.nullable(),
  /** Hours from opening to completion, averaged over the period's completed job cards (one decimal). */
  averageCycleHours: rate,
});
const jobPoint = z.object({ start: z.string(), opened: count, completed: count });
export const jobsReport = z.object({
  period: analyticsPeriod,
  totals: jobTotals,
  previous: jobTotals.nullable(),
  series: z.array(jobPoint),
  previousSeries: z.array(jobPoint).nullable(),
  /** Job cards opened in the period, by their status now. */
  byStatus: countBy(z.string()),
  /** Job cards completed in the period by service type, the most frequent first (at most 20). */
  byServiceType: z.array(z.object({ serviceType: z.string(), count, revenue: money })),
});
export type JobsReport = z.infer<typeof jobsReport>;

// 3. Technicians
export const technicianFigures = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.string(),
  tasksCompleted: count,
  jobCardsCompleted: count,
  /** Labour hours on the job cards assigned to them and completed in the period. */
  hoursBilled: z.number(),
  /** Checked-in to checked-out time of their shifts that began in the period. */
  hoursClocked: z.number(),
  /** Billed over clocked, percent. */
  efficiency: rate,
  rating: z.number(),
  /** Invoiced for their job cards completed in the period. */
  revenue: money,
});
export type TechnicianFigures = z.infer<typeof technicianFigures>;
export const techniciansReport = z.object({
  period: analyticsPeriod,
  /** Active technicians and any other with work in the period, by name (at most 500). */
  technicians: z.array(technicianFigures),
  totals: z.object({
    hoursBilled: z.number(),
    hoursClocked: z.number(),
    efficiency: rate,
    tasksCompleted: count,
    jobCardsCompleted: count,
  }),
  previous: z
    .object({ hoursBilled: z.number(), hoursClocked: z.number(), efficiency: rate, tasksCompleted: count, jobCardsCompleted: count })
    .nullable(),
});
export type TechniciansReport = z.infer<typeof techniciansReport>;

// 4. Parts
const partUse = z.object({ id: z.number().int(), name: z.string(), sku: z.string(), quantity: count, revenue: money });
const partStock = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  stockQuantity: count,
  minimumStock: count,
  value: money,
  /** The last stock change (yyyy-MM-dd in the workshop's zone), or null when it never moved. */
  lastMovement: z.string().nullable(),
});
export const partsReport = z.object({
  period: analyticsPeriod,
  /** Parts on the job cards completed in the period: the ten most used and the ten most earning. */
  topByQuantity: z.array(partUse),
  topByRevenue: z.array(partUse),
  used: z.object({ quantity: count, revenue: money }),
  previousUsed: z.object({ quantity: count, revenue: money }).nullable(),
  /** Now: active parts' stock at unit price. */
  stock: z.object({ parts: count, value: money }),
  /** Now: below their minimum or at zero (the dashboard's "low stock" figure), the lowest first (ten). */
  belowMinimum: count,
  belowMinimumParts: z.array(partStock),
  /** Now: active parts in stock with no stock change for NO_MOVEMENT_DAYS days, the most valuable first (ten). */
  noMovement: count,
  noMovementParts: z.array(partStock),
});
export type PartsReport = z.infer<typeof partsReport>;

// 5. Customers and bookings
const customerTotals = z.object({
  /** Customers with a job card opened in the period and none before it. */
  newCustomers: count,
  /** Customers with a job card opened in the period and one before it. */
  returningCustomers: count,
  estimates: count,
  estimatesValue: money,
  /** The period's estimates that an invoice (not cancelled) was made from. */
  converted: count,
  convertedValue: money,
  conversionRate: rate,
  /** Appointments marked no-show over those completed or no-show. */
  noShowRate: rate,
});
export const customersReport = z.object({
  period: analyticsPeriod,
  totals: customerTotals,
  previous: customerTotals.nullable(),
  /** Bookings scheduled in the period, by status. */
  bookingsByStatus: countBy(z.string()),
  /** Appointments on the period's days, by status. */
  appointmentsByStatus: countBy(z.string()),
});
export type CustomersReport = z.infer<typeof customersReport>;

// 6. Fleet (now; the period does not apply)
export const fleetReport = z.object({
  period: analyticsPeriod,
  total: count,
  byStatus: countBy(z.string()),
  /** Next service date on or before today + FLEET_SERVICE_DUE_DAYS (overdue included), the soonest first (ten). */
  serviceDue: z.object({
    count,
    overdue: count,
    vehicles: z.array(
      z.object({
        id: z.number().int(),
        vehicleId: z.number().int(),
        fleetNumber: z.string(),
        plateNumber: z.string(),
        make: z.string(),
        model: z.string(),
        nextServiceDate: z.string(),
        status: z.string(),
      }),
    ),
  }),
  fuelLevels: countBy(z.enum(FUEL_BANDS)),
});
export type FleetReport = z.infer<typeof fleetReport>;

export const ANALYTICS_SCHEMAS = {
  revenue: revenueReport,
  jobs: jobsReport,
  technicians: techniciansReport,
  parts: partsReport,
  customers: customersReport,
  fleet: fleetReport,
} as const;
export type AnalyticsAnswer = {
  revenue: RevenueReport;
  jobs: JobsReport;
  technicians: TechniciansReport;
  parts: PartsReport;
  customers: CustomersReport;
  fleet: FleetReport;
};
