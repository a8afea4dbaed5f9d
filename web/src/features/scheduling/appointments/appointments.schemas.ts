import { z } from '@core/zod.ts';
import { appointmentInput } from '@core/contracts/appointments.ts';

/**
 * The appointment form's schema, loaded on first validation (lazyZodResolver): the contract's,
 * with the technician select's value as the form holds it (an id as text, or "none") and the
 * reason for a status change.
 */
export const appointmentForm = appointmentInput.extend({
  assignedTo: z.string().optional(),
  statusNote: z.string().trim().max(500, 'Must be at most 500 characters').optional(),
});
