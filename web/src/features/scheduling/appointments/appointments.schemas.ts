/** The appointment form's schema, loaded on first validation (lazyZodResolver). */
export { appointmentInput } from '@core/contracts/appointments.ts';
