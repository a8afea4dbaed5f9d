import { z } from '../zod.ts';
import { isoDate, isoDateTime, requiredText, text } from './fields.ts';
import { jobCardInput } from './job-cards.ts';
import { AI_RECORD_STATUSES, AI_URGENCIES, CHAT_ROLES, SCHEDULE_WORK_KINDS } from './ai.values.ts';

export * from './ai.values.ts';

/**
 * The AI assistant's five calls (spec/garage.md section 7, under /api/tenants/{tenantId}/ai/...)
 * and what they answer. Every answer is computed from the workshop's own records (offline); a
 * model server, when configured, only phrases the chat over the same read-only tools. Each result
 * is stored as a record (status pending) that an explicit, confirmed step applies or dismisses.
 */

const id = z.number().int().positive();
const money = z.string();
/** How sure an answer is, 0 to 1 (how much history it stands on and how much that varies). */
const confidence = z.number().min(0).max(1);
export const aiRecordStatus = z.enum(AI_RECORD_STATUSES);

/** A record an answer stands on, to show and link ("JC-000123", "Brake pads front"). */
export const citation = z.object({
  kind: z.enum([
    'job_card',
    'vehicle',
    'customer',
    'spare_part',
    'invoice',
    'technician',
    'task',
    'booking',
    'appointment',
    'maintenance_schedule',
  ]),
  id: z.number().int(),
  label: z.string(),
});
export type Citation = z.infer<typeof citation>;

/** Who applied or dismissed a record, and when. */
const decision = {
  status: aiRecordStatus,
  decidedBy: z.number().int().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
};

// ---- 1. Job estimation ----------------------------------------------------------------------

export const estimateJobInput = z
  .object({
    jobDescription: requiredText(2000, 'Job description is required'),
    /** Free text ("2019 Toyota Corolla"), or a vehicle of the workshop. */
    vehicleDetails: text(200).optional(),
    vehicleId: id.optional(),
  })
  .refine((v) => Boolean(v.vehicleDetails?.trim()) || v.vehicleId !== undefined, {
    message: 'Vehicle details are required',
    path: ['vehicleDetails'],
  });
export type EstimateJobInput = z.input<typeof estimateJobInput>;

const range = z.object({ low: z.string(), typical: z.string(), high: z.string() });
export const jobEstimation = z.object({
  id,
  /** The spec's fields; costs are null for a technician (no billing figures). */
  laborCost: money.nullable(),
  partsCost: money.nullable(),
  totalCost: money.nullable(),
  /** Hours, e.g. "2.50". */
  estimatedTime: z.string(),
  notes: z.string(),
  confidence,
  /** Typical value and range of hours and of the total (null for a technician). */
  hours: range,
  total: range.nullable(),
  /** The past job cards it was based on, most similar first; empty when it fell back to rates and the catalogue. */
  basedOn: z.array(citation.extend({ similarity: z.number() })),
  fallback: z.boolean(),
  /**
   * The notes' figures, for the web to say them in its language (absent on records made before
   * they were stored): how many similar job cards, how many on the same make and model and which
   * vehicle that is (null: "the same make and model"), the most similar card; for the fallback,
   * the labour rate and the parts the description names (money null for a technician).
   */
  explain: z
    .object({
      count: z.number().int(),
      sameModel: z.number().int(),
      vehicle: z.string().nullable(),
      mostSimilar: z.object({ jobNumber: z.string(), serviceType: z.string() }).nullable(),
      labourRate: money.nullable(),
      parts: z.array(z.object({ name: z.string(), sku: z.string(), unitPrice: money.nullable() })),
    })
    .optional(),
  appliedToJobCard: z.number().int().nullable(),
  /** The service type it was estimated as and the vehicle picked (absent on older answers), for a new job card. */
  serviceType: z.string().optional(),
  vehicleId: z.number().int().nullable().optional(),
  ...decision,
});
export type JobEstimation = z.infer<typeof jobEstimation>;
/**
 * A new job card an estimate is applied to: the vehicle (its customer is the card's), and what
 * the card would otherwise take from the estimation (its service type, the job description asked).
 */
export const newJobCardFromEstimation = jobCardInput
  .pick({ vehicleId: true, description: true, scheduledDate: true, priority: true, notes: true })
  .extend({ serviceType: jobCardInput.shape.serviceType.optional() });
export type NewJobCardFromEstimation = z.input<typeof newJobCardFromEstimation>;
/** Applying an estimate: to an existing job card, or to a new one (exactly one of them). */
export const applyEstimationInput = z
  .object({ jobCardId: id.optional(), newJobCard: newJobCardFromEstimation.optional() })
  .refine((v) => (v.jobCardId === undefined) !== (v.newJobCard === undefined), {
    message: 'Choose an existing job card or a new one',
    path: ['jobCardId'],
  });
export type ApplyEstimationInput = z.input<typeof applyEstimationInput>;

// ---- 2. Predictive maintenance --------------------------------------------------------------

export const predictMaintenanceInput = z.object({
  vehicleId: z.number({ error: 'Vehicle is required' }).int().positive('Vehicle is required'),
  mileage: z.coerce
    .number({ error: 'Mileage is required' })
    .int('Mileage must be a whole number')
    .min(0, 'Mileage must be 0 or greater')
    .max(10_000_000),
});
export type PredictMaintenanceInput = z.input<typeof predictMaintenanceInput>;

export const maintenancePrediction = z.object({
  id,
  vehicleId: z.number().int(),
  /** The spec's fields. */
  service: z.string(),
  description: z.string(),
  urgency: z.enum(AI_URGENCIES),
  /** Due by date or mileage, whichever comes first. */
  dueAt: z.object({ date: isoDate.nullable(), mileage: z.number().int().nullable() }),
  confidence,
  /** Why: "last brake service 41,000 km ago at ~38 km/day". */
  reason: z.string(),
  basedOn: z.array(citation),
  /** The standard service (core/rules/service-intervals.ts SERVICE_KEYS), for the web to name it in its language; null for a workshop schedule of its own. */
  serviceKey: z.string().nullable().optional(),
  /** "by 2027-01-10 or at 45,000 km" (the spec's estimatedTimeframe). */
  timeframe: z.string().optional(),
  /** The reason's figures, for the web to say it in Arabic. */
  reasonFacts: z
    .object({
      recorded: z.boolean(),
      source: z.enum(['schedule', 'standard']),
      lastDate: z.string().nullable(),
      lastMileage: z.number().nullable(),
      kmSince: z.number().nullable(),
      daysSince: z.number().nullable(),
      jobNumber: z.string().nullable(),
      dailyKm: z.number().nullable(),
      intervalKm: z.number().nullable(),
      intervalMonths: z.number().nullable(),
      /** The odometer asked with, and the vehicle's first visit (for a service never recorded). */
      mileage: z.number().nullable().optional(),
      firstSeen: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
  /** Who acknowledged it, and when. */
  acknowledgedBy: z.number().int().nullable().optional(),
  acknowledgedAt: z.string().nullable().optional(),
  /** A booking or maintenance schedule made from it. */
  bookingId: z.number().int().nullable(),
  maintenanceScheduleId: z.number().int().nullable(),
  ...decision,
});
export type MaintenancePrediction = z.infer<typeof maintenancePrediction>;
export const maintenancePredictions = z.object({ vehicleId: z.number().int(), predictions: z.array(maintenancePrediction) });
export type MaintenancePredictions = z.infer<typeof maintenancePredictions>;
/** Turning a prediction into a booking (a date and time) or a maintenance schedule (intervals). */
export const bookPredictionInput = z
  .object({ scheduledDate: isoDateTime, technicianId: id.nullable().optional() })
  .refine((b) => Date.parse(b.scheduledDate) > Date.now(), { message: 'Scheduled date must be in the future', path: ['scheduledDate'] });
export const schedulePredictionInput = z.object({
  intervalMileage: z.number().int().min(1).max(1_000_000).nullable().optional(),
  intervalMonths: z.number().int().min(1).max(240).nullable().optional(),
});

// ---- 3. Parts recommendation ----------------------------------------------------------------

export const recommendPartsInput = z.object({
  serviceType: requiredText(100, 'Service type is required'),
  vehicleMake: requiredText(50, 'Vehicle make is required'),
  vehicleModel: requiredText(50, 'Vehicle model is required'),
  vehicleId: id.optional(),
});
export type RecommendPartsInput = z.input<typeof recommendPartsInput>;

export const recommendedPart = z.object({
  sparePartId: z.number().int(),
  /** The spec's fields. */
  name: z.string(),
  description: z.string().nullable(),
  sku: z.string(),
  price: money.nullable(),
  stockQuantity: z.number().int(),
  /** The typical quantity per job (what applying adds). */
  quantity: z.number().int(),
  /** How many past job cards of this kind used it, and with how many of the other parts. */
  usedOn: z.number().int(),
  reason: z.string(),
  /** The reason's figures (absent on older records): of the past job cards, how many on the same make and model; the part most used with it. */
  reasonFacts: z.object({ usedOnSameVehicle: z.number().int(), companion: z.string().nullable() }).optional(),
});
export const partsRecommendation = z.object({
  id,
  vehicleId: z.number().int().nullable(),
  parts: z.array(recommendedPart),
  reasoning: z.string(),
  /**
   * The reasoning's figures (absent on older records): completed job cards of the service type
   * read (and how many on the asked make and model), the service type used and the one asked,
   * the vehicle asked about. Each part's reason names `serviceType` and `vehicle` too.
   */
  reasoningFacts: z
    .object({
      jobs: z.number().int(),
      sameVehicleJobs: z.number().int(),
      serviceType: z.string(),
      askedServiceType: z.string(),
      vehicle: z.string(),
    })
    .optional(),
  totalEstimatedCost: money.nullable(),
  confidence,
  basedOn: z.array(citation),
  appliedToJobCard: z.number().int().nullable(),
  appliedToEstimate: z.number().int().nullable(),
  ...decision,
});
export type PartsRecommendation = z.infer<typeof partsRecommendation>;
/** Adding chosen recommended parts as lines of a job card or an estimate. */
export const applyPartsInput = z
  .object({ jobCardId: id.optional(), estimateId: id.optional(), sparePartIds: z.array(id).min(1, 'Choose at least one part').max(100) })
  .refine((v) => (v.jobCardId === undefined) !== (v.estimateId === undefined), {
    message: 'Choose a job card or an estimate',
    path: ['jobCardId'],
  });

// ---- 4. Smart scheduling --------------------------------------------------------------------

export const optimizeScheduleInput = z.object({
  schedulingData: z.object(
    {
      from: isoDate,
      to: isoDate,
      /** Which unassigned work to plan. */
      include: z
        .array(z.enum(SCHEDULE_WORK_KINDS))
        .min(1, 'Choose what to plan')
        .max(3)
        .default([...SCHEDULE_WORK_KINDS]),
    },
    { error: 'Scheduling data is required' },
  ),
});
export type OptimizeScheduleInput = z.input<typeof optimizeScheduleInput>;

export const scheduleSuggestion = z.object({
  kind: z.enum(SCHEDULE_WORK_KINDS),
  id: z.number().int(),
  title: z.string(),
  technicianId: z.number().int(),
  technicianName: z.string(),
  start: z.string().nullable(),
  end: z.string().nullable(),
  score: z.number(),
  reasons: z.array(z.string()),
});
export const scheduleOptimization = z.object({
  id,
  /** The schedule as the spec reads it (text). */
  schedule: z.string(),
  suggestions: z.array(scheduleSuggestion),
  /** Work it could not place, and why. */
  unplaced: z.array(z.object({ kind: z.enum(SCHEDULE_WORK_KINDS), id: z.number().int(), title: z.string(), reason: z.string() })),
  reasoning: z.string(),
  /** Minutes of technician idle or travel time saved, and overlaps avoided, against assigning in order. */
  potentialTimeSaved: z.number().int(),
  conflictsAvoided: z.number().int(),
  appliedAt: z.string().nullable(),
  /** The range and kinds of work it planned. */
  request: z.object({ from: z.string(), to: z.string(), include: z.array(z.enum(SCHEDULE_WORK_KINDS)) }).optional(),
  /** The reasoning's figures (absent on older records), for the web to say it in its language. */
  summary: z
    .object({
      placed: z.number().int(),
      items: z.number().int(),
      technicians: z.number().int(),
      activeTechnicians: z.number().int(),
      workdayStart: z.string(),
      workdayEnd: z.string(),
      capacity: z.number().int(),
    })
    .optional(),
  ...decision,
});
export type ScheduleOptimization = z.infer<typeof scheduleOptimization>;
export const applyScheduleResult = z.object({
  assigned: z.array(z.object({ kind: z.enum(SCHEDULE_WORK_KINDS), id: z.number().int(), technicianId: z.number().int() })),
  /** Suggestions no longer possible (taken, changed, now conflicting), not applied. */
  skipped: z.array(z.object({ kind: z.enum(SCHEDULE_WORK_KINDS), id: z.number().int(), reason: z.string() })),
});

// ---- 5. Chat --------------------------------------------------------------------------------

export const chatMessage = z.object({ role: z.enum(CHAT_ROLES), content: z.string().max(4000) });
export const chatInput = z.object({
  message: requiredText(2000, 'Message is required'),
  history: z.array(chatMessage).max(50).default([]),
  /** The stored conversation to continue; a new one when absent. */
  conversationId: id.optional(),
});
export type ChatInput = z.input<typeof chatInput>;
export const chatAnswer = z.object({
  /** The spec's field: the answer's text, in the question's language. */
  response: z.string(),
  conversationId: z.number().int(),
  citations: z.array(citation),
  /** The read-only tool that answered, or null for "I can't answer that yet". */
  tool: z.string().nullable(),
  /** Where the answer came from: the offline engine or the configured model server. */
  engine: z.enum(['offline', 'model']),
});
export type ChatAnswer = z.infer<typeof chatAnswer>;
export const chatConversation = z.object({
  id: z.number().int(),
  messages: z.array(chatMessage.extend({ citations: z.array(citation).optional() })),
  status: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

// ---- History --------------------------------------------------------------------------------

/** A vehicle's past AI results (its page shows them). */
export const vehicleAiHistory = z.object({
  estimations: z.array(jobEstimation),
  predictions: z.array(maintenancePrediction),
  recommendations: z.array(partsRecommendation),
});
