import { z } from '../zod.ts';
import { pagingQuery } from './paging.ts';
import { TECHNICIAN_STATUSES, TECHNICIAN_SORTS } from './technicians.values.ts';

export { TECHNICIAN_STATUSES, TECHNICIAN_SORTS };

export const technicianStatus = z.enum(TECHNICIAN_STATUSES);

export const skill = z.object({ id: z.number().int(), name: z.string() });
export type Skill = z.infer<typeof skill>;
export const createSkillInput = z.object({
  name: z.string().trim().min(1, 'Skill name is required').max(100, 'Must be at most 100 characters'),
  category: z.string().trim().max(100).optional(),
});

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);
const requiredText = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, `Must be at most ${max} characters`).min(1, message);
const optionalText = (max: number) => text(max).optional().nullable();

export const SKILLS_ERROR = 'Please select at least one skill';

export const technicianInput = z.object({
  firstName: requiredText(100, 'First name is required'),
  lastName: requiredText(100, 'Last name is required'),
  email: requiredText(255, 'Email is required').email('Invalid email address'),
  phone: requiredText(20, 'Phone is required'),
  title: requiredText(200, 'Title is required'),
  employeeId: optionalText(50),
  location: optionalText(200),
  notes: optionalText(2000),
  status: technicianStatus.optional(),
  rating: z.coerce.number().min(0).max(5).optional(),
  skills: z
    .array(z.number({ error: SKILLS_ERROR }).int().positive(), { error: SKILLS_ERROR })
    .min(1, SKILLS_ERROR)
    .max(50),
  /** A user account of role technician in the same workshop: their "my tasks". */
  userId: z.number().int().positive().nullable().optional(),
  profileImageUrl: optionalText(500),
});
export type TechnicianInput = z.infer<typeof technicianInput>;
export const technicianUpdateInput = technicianInput.partial();

export const technician = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  title: z.string(),
  employeeId: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  status: technicianStatus,
  rating: z.string(),
  userId: z.number().int().nullable(),
  createdAt: z.string(),
  skills: z.array(z.object({ id: z.number().int(), skill })),
  _count: z.object({ completedTasks: z.number().int(), activeTasks: z.number().int() }),
});
export type Technician = z.infer<typeof technician>;

export const technicianListQuery = pagingQuery.extend({
  q: z.string().trim().max(100).optional(),
  skill: z.string().trim().max(100).optional(),
  status: technicianStatus.optional(),
  sort: z.enum(TECHNICIAN_SORTS).default('default'),
});
export type TechnicianListQuery = z.infer<typeof technicianListQuery>;

export const bulkTechnicianStatusInput = z.object({
  technicianIds: z.array(z.number().int().positive()).min(1, 'Please select technicians first').max(500),
  status: technicianStatus,
});
/** `refused`: ids that are no technician of the workshop (nothing is done to them). */
export const bulkTechnicianStatusResult = z.object({ updated: z.array(z.number().int()), refused: z.array(z.number().int()) });
