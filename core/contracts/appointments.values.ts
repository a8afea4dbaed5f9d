/** The appointments values the web needs without zod: statuses and other fixed lists (appointments.ts builds its schemas from them). */
export const APPOINTMENT_STATUSES = ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled', 'no_show'] as const;
export const APPOINTMENT_SERVICE_TYPES = [
  'oil_change',
  'tire_rotation',
  'brake_service',
  'engine_diagnostic',
  'general_inspection',
  'other',
] as const;
export const APPOINTMENT_NUMBER_PATTERN = /^APT-\d{6}$/;
