/** Loaded on first validation (lazyZodResolver) so zod is not part of the page's first load. */
import { z } from '@core/zod.ts';
import { jobCardInput, jobCardUpdateInput } from '@core/contracts/job-cards.ts';

/** What the form holds beside the contract's fields: the day of the visit and the technician as text. */
const formOnly = {
  scheduledDay: z.string().optional(),
  assignedTo: z.string().optional(),
  scheduledDate: z.unknown().optional(),
};

/** New card: the contract (job number format, customer, vehicle, service type, lines). */
export const jobCardCreateForm = jobCardInput.extend(formOnly);
/** Edit: the same without the job number, which cannot change. */
export const jobCardEditForm = jobCardUpdateInput.extend(formOnly);
