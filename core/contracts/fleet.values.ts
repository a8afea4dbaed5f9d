/** The fleet values the web needs without zod: statuses and other fixed lists (fleet.ts builds its schemas from them). */
export const FLEET_STATUSES = ['active', 'maintenance', 'out_of_service'] as const;
