import { dayInZone, zonedDateTimeToUtc } from '@core/rules/time-zone.ts';
import type { JobCardDetail, JobCardInput, JobCardPriority, JobCardStatus, JobCardUpdateInput } from './model';

export type PartLineForm = { sparePartId: number | null; name: string; sku: string; stock: number | null; quantity: string; unitPrice: string };
export type LabourLineForm = { description: string; hours: string; rate: string };
export type JobCardFormValues = {
  jobNumber: string;
  customerId: number | null;
  vehicleId: number | null;
  serviceType: string;
  description: string;
  status: JobCardStatus;
  priority: JobCardPriority;
  /** A technician id as text, '' for nobody. */
  assignedTo: string;
  estimatedCost: string;
  actualCost: string;
  /** yyyy-MM-dd in the workshop's time zone. */
  scheduledDay: string;
  notes: string;
  parts: PartLineForm[];
  labour: LabourLineForm[];
};

/** The fields a 400 answer's issues may name (nested line fields too: "parts.0.quantity"). */
export const FORM_FIELDS = [
  'jobNumber',
  'customerId',
  'vehicleId',
  'serviceType',
  'description',
  'status',
  'priority',
  'assignedTo',
  'estimatedCost',
  'actualCost',
  'notes',
] as const;

/** The visit's day is stored as 09:00 of that day in the workshop's time zone. */
export const SCHEDULED_TIME = '09:00';

export function emptyValues(jobNumber = ''): JobCardFormValues {
  return {
    jobNumber,
    customerId: null,
    vehicleId: null,
    serviceType: '',
    description: '',
    status: 'pending',
    priority: 'medium',
    assignedTo: '',
    estimatedCost: '',
    actualCost: '',
    scheduledDay: '',
    notes: '',
    parts: [],
    labour: [],
  };
}

export function valuesOf(card: JobCardDetail, timeZone: string): JobCardFormValues {
  const scheduled = card.scheduledDate ? new Date(card.scheduledDate) : null;
  return {
    jobNumber: card.jobNumber,
    customerId: card.customerId,
    vehicleId: card.vehicleId,
    serviceType: card.serviceType,
    description: card.description ?? '',
    status: card.status,
    priority: card.priority,
    assignedTo: card.assignedTo ? String(card.assignedTo) : '',
    estimatedCost: card.estimatedCost ?? '',
    actualCost: card.actualCost ?? '',
    scheduledDay: scheduled && !Number.isNaN(scheduled.getTime()) ? dayInZone(scheduled, timeZone) : '',
    notes: card.notes ?? '',
    parts: card.parts.map((line) => ({
      sparePartId: line.sparePartId,
      name: line.name,
      sku: line.sku,
      stock: null,
      quantity: String(line.quantity),
      unitPrice: line.unitPrice,
    })),
    labour: card.labour.map((line) => ({ description: line.description, hours: String(Number(line.hours)), rate: line.rate })),
  };
}

const text = (value: string) => (value.trim() ? value.trim() : null);

function linesOf(values: JobCardFormValues): Pick<JobCardInput, 'parts' | 'labour'> {
  return {
    parts: values.parts.map((line) => ({ sparePartId: line.sparePartId ?? 0, quantity: Number(line.quantity), unitPrice: line.unitPrice.trim() || undefined })),
    labour: values.labour.map((line) => ({ description: line.description.trim(), hours: Number(line.hours), rate: line.rate.trim() || '0' })),
  };
}

/** Everything staff edit; the job number only on a new card. */
export function payloadOf(values: JobCardFormValues, timeZone: string): JobCardInput {
  return {
    customerId: values.customerId ?? 0,
    vehicleId: values.vehicleId ?? 0,
    serviceType: values.serviceType.trim(),
    description: text(values.description),
    status: values.status,
    priority: values.priority,
    assignedTo: values.assignedTo ? Number(values.assignedTo) : null,
    estimatedCost: text(values.estimatedCost),
    actualCost: text(values.actualCost),
    scheduledDate: values.scheduledDay ? zonedDateTimeToUtc(values.scheduledDay, SCHEDULED_TIME, timeZone).toISOString() : null,
    notes: text(values.notes),
    ...linesOf(values),
  };
}

/** What a technician may change on their own card: status, lines and notes (core OWN_JOB_CARD_FIELDS). */
export function ownPayloadOf(values: JobCardFormValues): JobCardUpdateInput {
  return { status: values.status, notes: text(values.notes), ...linesOf(values) };
}
