/**
 * Every action the server writes to the activity log, with the details it records: the feed
 * writes one sentence per action in each language from them (dashboard.json `activity.actions`;
 * web/src/features/workforce/activity/activity-sentences.test.ts fails on an action without a
 * sentence, or a sentence naming a detail its action does not record).
 */
export const ACTIVITY_DETAILS = {
  created_technician: ['technicianName'],
  updated_technician: ['technicianName'],
  created_task: ['taskTitle'],
  assigned_task: ['taskTitle', 'technicianName'],
  completed_task: ['taskTitle'],
  created_customer: ['customerName'],
  imported_customers: ['count'],
  created_vehicle: ['vehicleName', 'plateNumber'],
  imported_vehicles: ['count'],
  created_job_card: ['jobNumber', 'serviceType'],
  completed_job_card: ['jobNumber', 'serviceType'],
  seeded_database: [],
} as const satisfies Record<string, readonly string[]>;

export type ActivityAction = keyof typeof ACTIVITY_DETAILS;
export const ACTIVITY_ACTIONS = Object.keys(ACTIVITY_DETAILS) as ActivityAction[];

/** Details that are counts: the feed writes them as numbers in the reader's language. */
export const ACTIVITY_COUNTS: readonly string[] = ['count'];
