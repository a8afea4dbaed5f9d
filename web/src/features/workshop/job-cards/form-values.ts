import { keptPrices, labourKey } from '@core/rules/job-card-prices.ts';
import { dayInZone, zonedDateTimeToUtc } from '@core/rules/time-zone.ts';
import type { JobCardDetail, JobCardInput, JobCardPriority, JobCardStatus, JobCardUpdateInput } from './model';

/** `listPrice`: the part's catalogue price when it was chosen in this form ('' for a line loaded from the card). */
export type PartLineForm = {
  sparePartId: number | null;
  name: string;
  sku: string;
  stock: number | null;
  quantity: string;
  unitPrice: string;
  listPrice: string;
};
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
      listPrice: '',
    })),
    labour: card.labour.map((line) => ({ description: line.description, hours: String(Number(line.hours)), rate: line.rate })),
  };
}

const text = (value: string) => (value.trim() ? value.trim() : null);

/** The lines as sent: with their prices for staff (blank: the catalogue price, the workshop's rate); without for a technician. */
function linesOf(values: JobCardFormValues, withPrices: boolean): Pick<JobCardInput, 'parts' | 'labour'> {
  return {
    parts: values.parts.map((line) => ({
      sparePartId: line.sparePartId ?? 0,
      quantity: Number(line.quantity),
      ...(withPrices ? { unitPrice: line.unitPrice.trim() || undefined } : {}),
    })),
    labour: values.labour.map((line) => ({
      description: line.description.trim(),
      hours: Number(line.hours),
      ...(withPrices ? { rate: line.rate.trim() || undefined } : {}),
    })),
  };
}

/** What prices a technician's lines are saved at: the card they edit and the workshop's labour rate. */
export type TechnicianPricing = { card: JobCardDetail; labourRate: string };

/**
 * The part lines at the prices they will be saved at: as typed for staff; for a technician the
 * server's rule (core/rules/job-card-prices.ts): the card's price for that part, else the
 * catalogue price the picker gave.
 */
export function pricedParts(parts: PartLineForm[], pricing?: TechnicianPricing): PartLineForm[] {
  if (!pricing) return parts;
  const catalogue = new Map(parts.filter((line) => line.sparePartId && line.listPrice).map((line) => [line.sparePartId!, line.listPrice]));
  const { prices } = keptPrices(
    parts.map((line) => ({ key: line.sparePartId ?? 0 })),
    pricing.card.parts.map((line) => ({ key: line.sparePartId, price: line.unitPrice })),
    (id) => catalogue.get(id) ?? '',
  );
  return parts.map((line, index) => ({ ...line, unitPrice: prices[index] }));
}

/** The labour lines at the rates they will be saved at: as typed for staff; for a technician the card's rate for that work, else the workshop's. */
export function pricedLabour(labour: LabourLineForm[], pricing?: TechnicianPricing): LabourLineForm[] {
  if (!pricing) return labour;
  const { prices } = keptPrices(
    labour.map((line) => ({ key: labourKey(line.description) })),
    pricing.card.labour.map((line) => ({ key: labourKey(line.description), price: line.rate })),
    () => pricing.labourRate,
  );
  return labour.map((line, index) => ({ ...line, rate: prices[index] }));
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
    ...linesOf(values, true),
  };
}

/** What a technician may change on their own card: status, lines without prices and notes (core OWN_JOB_CARD_FIELDS). */
export function ownPayloadOf(values: JobCardFormValues): JobCardUpdateInput {
  return { status: values.status, notes: text(values.notes), ...linesOf(values, false) };
}
