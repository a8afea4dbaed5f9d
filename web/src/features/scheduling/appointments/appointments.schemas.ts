import { z } from '@core/zod.ts';
import { appointmentInput } from '@core/contracts/appointments.ts';

/**
 * The appointment form's schema, loaded on first validation (lazyZodResolver): the contract's,
 * with the technician select's value as the form holds it (an id as text, or "none").
 */
export const appointmentForm = appointmentInput.extend({ assignedTo: z.string().optional() });
