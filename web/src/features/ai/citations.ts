import type { Citation } from './model';

/**
 * Where a record an AI answer stands on opens (every figure traceable to its records): job cards,
 * vehicles, customers and invoices have views of their own; a part opens the inventory searched
 * for it; tasks, bookings and appointments their screens; a maintenance schedule its vehicle's
 * page when the answer names the vehicle. Null: nothing to open.
 */
export function citationHref(
  citation: Pick<Citation, 'kind' | 'id' | 'label'>,
  context: { vehicleId?: number | null } = {},
): string | null {
  switch (citation.kind) {
    case 'job_card':
      return `/job-cards/${citation.id}`;
    case 'vehicle':
      return `/vehicles/${citation.id}`;
    case 'customer':
      return `/customers/${citation.id}`;
    case 'invoice':
      return `/invoices/${citation.id}`;
    case 'spare_part':
      return `/inventory?q=${encodeURIComponent(citation.label)}`;
    case 'technician':
      return '/technicians';
    case 'task':
      return '/tasks';
    case 'booking':
      return '/bookings';
    case 'appointment':
      return '/appointments';
    case 'maintenance_schedule':
      return context.vehicleId ? `/vehicles/${context.vehicleId}` : null;
    default:
      return null;
  }
}

/** A part in the inventory, found by its SKU (unique in the workshop). */
export const partHref = (sku: string) => `/inventory?q=${encodeURIComponent(sku)}`;

/** The schedule's day view of an instant's day ('yyyy-MM-dd' from the workshop's clock). */
export const scheduleDayHref = (day: string) => `/schedule?view=day&date=${day}`;

/** Confidence 0..1 in three words: below 0.4 low, below 0.7 medium, else high. */
export function confidenceLevel(confidence: number): 'low' | 'medium' | 'high' {
  if (confidence < 0.4) return 'low';
  if (confidence < 0.7) return 'medium';
  return 'high';
}
