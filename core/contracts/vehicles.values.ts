/** The vehicles values the web needs without zod: statuses and other fixed lists (vehicles.ts builds its schemas from them). */
export const VEHICLE_STATUSES = ['active', 'inactive', 'in_service'] as const;
