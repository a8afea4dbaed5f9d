import { z } from '../zod.ts';
import { pagingQuery } from './paging.ts';
import { booleanQuery, isoDateTime, moneyInput, optionalMoney, optionalText, requiredText, searchQuery } from './fields.ts';
import { JOB_CARD_STATUSES, JOB_CARD_PRIORITIES, JOB_NUMBER_PATTERN } from './job-cards.values.ts';

export { JOB_CARD_STATUSES, JOB_CARD_PRIORITIES, JOB_NUMBER_PATTERN };

export const jobCardStatus = z.enum(JOB_CARD_STATUSES);
export const jobCardPriority = z.enum(JOB_CARD_PRIORITIES);
export const JOB_NUMBER_MESSAGE = 'Job number must be in format JC-XXXXXX';

const optionalDateTime = z
  .union([z.literal(''), isoDateTime])
  .nullable()
  .optional()
  .transform((v) => (v === '' ? null : v));

/** A part used on the job: taken from stock when the job card is completed. */
export const partLineInput = z.object({
  sparePartId: z.number({ error: 'Part is required' }).int().positive('Part is required'),
  quantity: z.coerce.number().int('Quantity must be a whole number').min(1, 'Quantity must be at least 1').max(100_000),
  /** Defaults to the part's unit price when omitted. */
  unitPrice: moneyInput({ value: 0, message: 'Unit price must be 0 or greater', inclusive: true }).optional(),
});
export const labourLineInput = z.object({
  description: requiredText(500, 'Description is required'),
  hours: z.coerce.number().min(0.01, 'Hours must be greater than 0').max(1000, 'Hours must be at most 1000'),
  /** Defaults to the workshop's labour rate (Settings) when omitted. */
  rate: moneyInput({ value: 0, message: 'Rate must be 0 or greater', inclusive: true }).optional(),
});

const jobCardFields = z.object({
  /** Omitted: the server allocates the next free number. */
  jobNumber: z.string().trim().regex(JOB_NUMBER_PATTERN, JOB_NUMBER_MESSAGE).optional(),
  customerId: z.number({ error: 'Customer is required' }).int().min(1, 'Customer is required'),
  vehicleId: z.number({ error: 'Vehicle is required' }).int().min(1, 'Vehicle is required'),
  serviceType: requiredText(100, 'Service type is required'),
  description: optionalText(5000),
  status: jobCardStatus.default('pending'),
  priority: jobCardPriority.default('medium'),
  /** The technician doing the job. */
  assignedTo: z.number().int().positive().nullable().optional(),
  estimatedCost: optionalMoney('Estimated cost must be 0 or greater'),
  actualCost: optionalMoney('Actual cost must be 0 or greater'),
  scheduledDate: optionalDateTime,
  notes: optionalText(5000),
  /** Replace the lines when sent. */
  parts: z.array(partLineInput).max(200).optional(),
  labour: z.array(labourLineInput).max(200).optional(),
});
export const jobCardInput = jobCardFields;
export type JobCardInput = z.input<typeof jobCardInput>;
/** An edit: only what is sent changes; the job number cannot change. */
export const jobCardUpdateInput = jobCardFields.omit({ jobNumber: true }).partial().extend({
  status: jobCardStatus.optional(),
  priority: jobCardPriority.optional(),
});
export type JobCardUpdateInput = z.input<typeof jobCardUpdateInput>;
export const jobCardStatusInput = z.object({ status: jobCardStatus });
/**
 * What a technician may change on a job card assigned to them. Prices are not theirs: their lines
 * keep the card's prices, else the catalogue's and the labour rate (core/rules/job-card-prices.ts).
 */
export const OWN_JOB_CARD_FIELDS = ['status', 'parts', 'labour', 'notes'] as const;

export const partLine = z.object({
  id: z.number().int(),
  sparePartId: z.number().int(),
  name: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  unitPrice: z.string(),
  total: z.string(),
});
export const labourLine = z.object({
  id: z.number().int(),
  description: z.string(),
  hours: z.string(),
  rate: z.string(),
  total: z.string(),
});

export const jobCard = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  jobNumber: z.string(),
  customerId: z.number().int(),
  vehicleId: z.number().int(),
  customer: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }),
  vehicle: z.object({ id: z.number().int(), make: z.string(), model: z.string(), plateNumber: z.string() }),
  serviceType: z.string(),
  description: z.string().nullable(),
  status: jobCardStatus,
  priority: jobCardPriority,
  assignedTo: z.number().int().nullable(),
  technician: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  estimatedCost: z.string().nullable(),
  actualCost: z.string().nullable(),
  scheduledDate: z.string().nullable(),
  completedDate: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobCard = z.infer<typeof jobCard>;
/** One job card with its lines and their totals. */
export const jobCardDetail = jobCard.extend({
  parts: z.array(partLine),
  labour: z.array(labourLine),
  partsTotal: z.string(),
  labourTotal: z.string(),
  /** Whether its parts are currently taken from stock (true while completed). */
  partsConsumed: z.boolean(),
});
export type JobCardDetail = z.infer<typeof jobCardDetail>;

/** `q` matches job number, service type, customer names, vehicle make and model. */
export const jobCardListQuery = pagingQuery.extend({
  q: searchQuery,
  status: jobCardStatus.optional(),
  priority: jobCardPriority.optional(),
  customerId: z.coerce.number().int().positive().optional(),
  vehicleId: z.coerce.number().int().positive().optional(),
  /** The job cards assigned to the technician linked to the signed-in user. */
  mine: booleanQuery,
});
export type JobCardListQuery = z.infer<typeof jobCardListQuery>;
