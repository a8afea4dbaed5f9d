// Types only from core/contracts (a value import would pull zod into the page); the enum values
// are repeated here and checked against the contract types.
import type { JobCard, JobCardDetail, JobCardInput, JobCardUpdateInput } from '@core/contracts/job-cards.ts';
import type { Technician } from '@core/contracts/technicians.ts';

export type { JobCard, JobCardDetail, JobCardInput, JobCardUpdateInput, Technician };
export type JobCardStatus = JobCard['status'];
export type JobCardPriority = JobCard['priority'];

export const JOB_CARD_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const satisfies readonly JobCardStatus[];
export const JOB_CARD_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const satisfies readonly JobCardPriority[];
/** JC- and exactly six digits (core/contracts/job-cards.ts JOB_NUMBER_PATTERN). */
export const JOB_NUMBER_PATTERN = /^JC-\d{6}$/;
