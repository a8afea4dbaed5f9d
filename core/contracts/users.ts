import { z } from '../zod.ts';
import { emailSchema, passwordSchema, roleSchema, usernameSchema } from './auth.ts';

/** A staff account as the Users screen lists it. */
export const staffUser = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  role: roleSchema,
  isActive: z.boolean(),
  /** Two-factor sign-in is on (an admin may reset it). */
  twoFactorEnabled: z.boolean(),
});
export type StaffUser = z.infer<typeof staffUser>;
/** GET /api/users, the employee select (admins and managers): the active accounts' id, names and role only. */
export const employeeOption = staffUser.pick({ id: true, firstName: true, lastName: true, role: true });
export type EmployeeOption = z.infer<typeof employeeOption>;

/** POST /api/users (admin): the initial password must be changed at first sign-in. */
export const createStaffInput = z.object({
  username: usernameSchema,
  firstName: z.string().trim().min(1, 'Required').max(100),
  lastName: z.string().trim().min(1, 'Required').max(100),
  email: emailSchema,
  role: roleSchema,
  password: passwordSchema,
});
export type CreateStaffInput = z.infer<typeof createStaffInput>;

export const roleUpdateInput = z.object({ role: roleSchema });
export const activeUpdateInput = z.object({ isActive: z.boolean() });
export const userIdParams = z.object({ userId: z.coerce.number().int().positive() });
