// Types only from core/contracts (a value import would pull zod into the page); the status lists
// from the contracts' zod-free value files.
import type { JobCard, JobCardDetail, JobCardInput, JobCardUpdateInput } from '@core/contracts/job-cards.ts';
import type { Technician } from '@core/contracts/technicians.ts';
import { JOB_CARD_PRIORITIES, JOB_CARD_STATUSES, JOB_NUMBER_PATTERN } from '@core/contracts/job-cards.values.ts';

export { JOB_CARD_PRIORITIES, JOB_CARD_STATUSES, JOB_NUMBER_PATTERN };

export type { JobCard, JobCardDetail, JobCardInput, JobCardUpdateInput, Technician };
export type JobCardStatus = JobCard['status'];
export type JobCardPriority = JobCard['priority'];
