import { z } from '../zod.ts';
import { pagingQuery } from './paging.ts';
import { isoDate, isoDateTime } from './fields.ts';
import { TASK_STATUSES, TASK_PRIORITIES, ACTIVE_TASK_STATUSES } from './tasks.values.ts';

export { TASK_STATUSES, TASK_PRIORITIES, ACTIVE_TASK_STATUSES };

export const taskStatus = z.enum(TASK_STATUSES);
export const taskPriority = z.enum(TASK_PRIORITIES);

const hours = z.coerce.number().min(0, 'Hours must be 0 or more').max(1000, 'Hours must be at most 1000');
const optionalText = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`).optional().nullable();

const taskFields = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200, 'Must be at most 200 characters'),
  description: optionalText(5000),
  location: optionalText(200),
  priority: taskPriority.optional(),
  status: taskStatus.optional(),
  skillRequired: optionalText(100),
  technicianId: z.number().int().positive().nullable().optional(),
  scheduledDate: isoDateTime.nullable().optional(),
  /** yyyy-MM-dd with scheduledTime HH:MM, read in the workshop's time zone (the edit form's pair). */
  scheduledTime: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Must be in HH:MM format')
    .optional(),
  dueDate: isoDateTime.nullable().optional(),
  estimatedHours: hours.nullable().optional(),
  actualHours: hours.nullable().optional(),
  timeStarted: isoDateTime.nullable().optional(),
  timeCompleted: isoDateTime.nullable().optional(),
  notes: optionalText(5000),
  dependencies: z.array(z.number().int().positive()).max(50).optional(),
});
/** A new task; priority defaults to medium. */
export const taskInput = taskFields.extend({ priority: taskPriority.default('medium') });
export type TaskInput = z.infer<typeof taskInput>;
/** An edit: only the fields sent change (no defaults here, or an edit would reset them). */
export const taskUpdateInput = taskFields.partial().extend({
  /** The edit form's date (yyyy-MM-dd) with scheduledTime: combined in the workshop's time zone. */
  scheduledDay: isoDate.optional(),
});
export type TaskUpdateInput = z.infer<typeof taskUpdateInput>;

export const task = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  priority: taskPriority,
  status: taskStatus,
  skillRequired: z.string().nullable(),
  technicianId: z.number().int().nullable(),
  technician: z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() }).nullable(),
  notes: z.string().nullable(),
  scheduledDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  estimatedHours: z.number().nullable(),
  actualHours: z.number().nullable(),
  timeStarted: z.string().nullable(),
  timeCompleted: z.string().nullable(),
  createdAt: z.string(),
  dependencies: z.array(z.object({ dependsOnTaskId: z.number().int() })),
});
export type Task = z.infer<typeof task>;

export const taskListQuery = pagingQuery.extend({
  technicianId: z.coerce.number().int().positive().optional(),
  assignmentStatus: z.enum(['assigned', 'unassigned', 'all']).optional(),
  status: taskStatus.optional(),
  priority: taskPriority.optional(),
  q: z.string().trim().max(100).optional(),
  /** "My tasks": the tasks of the technician linked to the signed-in user. */
  mine: z.enum(['true', 'false']).optional(),
});
export type TaskListQuery = z.infer<typeof taskListQuery>;

export const assignTaskInput = z.object({
  technicianId: z.number({ message: 'Please select a technician' }).int().positive('Please select a technician'),
  scheduledDate: isoDateTime.nullable().optional(),
});
export const completeTaskInput = z.object({ actualHours: hours.nullable().optional() });

/** What a technician may change on their own task. */
export const OWN_TASK_FIELDS = ['status', 'actualHours', 'notes', 'timeStarted', 'timeCompleted'] as const;

export const bulkAssignInput = z.object({
  taskIds: z.array(z.number().int().positive()).min(1).max(500),
  technicianIds: z.array(z.number().int().positive()).min(1, 'Please select technicians first').max(500),
});
/** `unplaced`: the workshop's tasks left unassigned (closed, taken, no capacity); `refused`: ids that are no task of the workshop. */
export const bulkAssignResult = z.object({
  assigned: z.array(z.object({ taskId: z.number().int(), technicianId: z.number().int() })),
  unplaced: z.array(z.number().int()),
  refused: z.array(z.number().int()),
});

export const suggestion = z.object({
  technicianId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  score: z.number(),
  percent: z.number(),
  reasons: z.array(z.string()),
  bestMatch: z.boolean(),
});
