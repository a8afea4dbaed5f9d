/** Loaded on first validation (lazyZodResolver) so zod is not part of the page's first load. */
import { z } from '@core/zod.ts';
import { changePasswordInput, profileEmail, profileFirstName, profileLastName } from '@core/contracts/auth.ts';
import { PASSWORDS_MISMATCH } from './password-mismatch';

export const passwordForm = changePasswordInput
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, { path: ['confirmPassword'], message: PASSWORDS_MISMATCH });
export type PasswordFormValues = z.infer<typeof passwordForm>;

/** The profile form: the fields of PUT /api/user/profile a person edits; names and e-mail required, in the spec's words. */
export const profileForm = z.object({
  firstName: profileFirstName,
  lastName: profileLastName,
  email: profileEmail,
  phone: z.string().trim().max(20, 'Must be at most 20 characters'),
  bio: z.string().max(2000, 'Must be at most 2000 characters'),
});
export type ProfileFormValues = z.infer<typeof profileForm>;

/** Two-factor forms: the contract's own schemas (a first code; the password and a code to turn it off). */
export { twoFactorEnableInput as twoFactorEnableForm, twoFactorDisableInput as twoFactorDisableForm } from '@core/contracts/auth.ts';
export type TwoFactorCodeValues = { code: string };
export type TwoFactorDisableValues = { password: string; code: string };
