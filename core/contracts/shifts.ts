import { z } from '../zod.ts';
import { pagingQuery } from './paging.ts';
import { isoDate, isoDateWithin, optionalText, requiredText, searchQuery } from './fields.ts';
import { HHMM } from './appointments.ts';
import { conflict } from './bookings.ts';
import { SHIFT_ASSIGNMENT_STATUSES } from './shifts.values.ts';

export { SHIFT_ASSIGNMENT_STATUSES };

export const shiftAssignmentStatus = z.enum(SHIFT_ASSIGNMENT_STATUSES);

const time = z.string({ error: 'Must be in HH:MM format' }).regex(HHMM, 'Must be in HH:MM format');
const shiftFields = z.object({
  name: requiredText(100, 'Name is required'),
  startTime: time,
  endTime: time,
  isActive: z.boolean().default(true),
});
/** End later than start within the same day (HH:MM strings compare in order). */
export const shiftInput = shiftFields.refine((s) => s.endTime > s.startTime, {
  message: 'End time must be after start time',
  path: ['endTime'],
});
export type ShiftInput = z.input<typeof shiftInput>;

export const shift = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  isActive: z.boolean(),
  assignmentCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Shift = z.infer<typeof shift>;

export const shiftAssignmentInput = z.object({
  shiftId: z.number({ error: 'Shift is required' }).int().min(1, 'Shift is required'),
  /** The employee: a user account of the workshop (sent as a string by the spec's form). */
  userId: z.coerce.number({ error: 'Employee is required' }).int().min(1, 'Employee is required'),
  /** A day of room: a night shift ends the next day. */
  date: isoDateWithin(1, 'Date is required'),
  status: shiftAssignmentStatus.default('scheduled'),
  notes: optionalText(2000),
});
export type ShiftAssignmentInput = z.input<typeof shiftAssignmentInput>;
/** An edit without a status keeps the assignment's current one (a checked-in shift is not reset to scheduled). */
export const shiftAssignmentUpdateInput = shiftAssignmentInput.extend({ status: shiftAssignmentStatus.optional() });

export const shiftAssignment = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  shiftId: z.number().int(),
  userId: z.number().int(),
  shift: z.object({ id: z.number().int(), name: z.string(), startTime: z.string(), endTime: z.string() }),
  employee: z.object({ id: z.number().int(), firstName: z.string().nullable(), lastName: z.string().nullable(), username: z.string() }),
  date: z.string(),
  status: shiftAssignmentStatus,
  checkInTime: z.string().nullable(),
  checkOutTime: z.string().nullable(),
  /** Whole hours between check-in and check-out, rounded down; null until checked out. */
  hoursWorked: z.number().int().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ShiftAssignment = z.infer<typeof shiftAssignment>;
export const shiftAssignmentSaved = shiftAssignment.extend({ conflicts: z.array(conflict) });

/** `q` matches the employee's name or the shift's name. */
export const shiftAssignmentListQuery = pagingQuery.extend({
  q: searchQuery,
  status: shiftAssignmentStatus.optional(),
  userId: z.coerce.number().int().positive().optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  mine: z.enum(['true', 'false']).optional(),
});
export type ShiftAssignmentListQuery = z.infer<typeof shiftAssignmentListQuery>;
