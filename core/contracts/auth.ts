import { z } from '../zod.ts';
import { FEATURES, PERMISSIONS, ROLES } from '../permissions.ts';
import {
  DATE_FORMATS,
  DEFAULT_USER_SETTINGS,
  FONT_SIZES,
  LANGUAGES,
  THEMES,
  TIME_FORMATS,
  type UserSettings,
} from './user-settings.values.ts';

const required = (max: number) => z.string().trim().min(1, 'Required').max(max, `Must be at most ${max} characters`);

/** Letters, digits, dot, dash and underscore: the characters of every username (ASCII only). */
const USERNAME_CHARS = /^[A-Za-z0-9._-]+$/;
const USERNAME_CHARS_MESSAGE = 'Username may contain letters, digits, dot, dash and underscore';

/**
 * A username folded one way for lookups and throttling. Usernames are ASCII, so JavaScript and
 * SQL lower-case them alike ("KILO1", "kilo1"); look-alikes such as a dotted capital I are refused
 * by the character set before they reach either.
 */
export const foldUsername = (username: string) => username.toLowerCase();

export const loginInput = z.object({
  username: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(50, 'Username must be at most 50 characters')
    .regex(USERNAME_CHARS, USERNAME_CHARS_MESSAGE),
  password: z.string().min(1, 'Required').max(200),
});
export type LoginInput = z.infer<typeof loginInput>;

export const PASSWORD_MIN = 8;
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(200, 'Password must be at most 200 characters');

export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(50, 'Username must be at most 50 characters')
  .regex(USERNAME_CHARS, USERNAME_CHARS_MESSAGE);

export const emailSchema = z.string().trim().max(255).email('Invalid email address');

export const registerInput = z.object({
  username: usernameSchema,
  password: passwordSchema,
  email: emailSchema,
  firstName: required(100),
  lastName: required(100),
});
export type RegisterInput = z.infer<typeof registerInput>;

export const roleSchema = z.enum(ROLES);

/** The user as every call returns it: never a password. */
export const publicUser = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  bio: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: roleSchema,
  hasCompletedOnboarding: z.boolean(),
  mustChangePassword: z.boolean(),
  isActive: z.boolean(),
  tenantName: z.string(),
  /** Sign-in asks for a code from the user's authenticator app (issue 17). */
  twoFactorEnabled: z.boolean(),
  /**
   * The workshop requires two-factor of its admins and managers and this one has not set it up:
   * until they do, they can only read themselves, set it up and log out (403
   * `auth.two_factor_setup_required` elsewhere).
   */
  mustSetUpTwoFactor: z.boolean(),
  /**
   * The user's permission overrides that had not expired when the session was read (an admin's
   * grants and denials: core/permissions.ts `hasPermission` applies them, on the server and here).
   */
  permissionOverrides: z.array(z.object({ permission: z.enum(PERMISSIONS), allowed: z.boolean(), expiresAt: z.string().nullable() })),
  /** The workshop's optional modules that are turned off: gone from the navigation, their API 404. */
  disabledFeatures: z.array(z.enum(FEATURES)),
});
export type PublicUser = z.infer<typeof publicUser>;

/** PUT /api/user/profile: the onboarding form, the profile form, or only the onboarding flag. */
/** The profile's required texts, as the spec words them (section 5). */
const requiredAs = (message: string, max: number) => z.string().trim().min(1, message).max(max, `Must be at most ${max} characters`);
export const profileFirstName = requiredAs('First name is required', 100);
export const profileLastName = requiredAs('Last name is required', 100);
export const profileEmail = z.string().trim().min(1, 'Email is required').pipe(emailSchema);

export const profileUpdateInput = z.object({
  firstName: profileFirstName.optional(),
  lastName: profileLastName.optional(),
  email: profileEmail.optional(),
  phone: z.string().trim().max(20, 'Must be at most 20 characters').optional(),
  bio: z.string().max(2000, 'Must be at most 2000 characters').optional(),
  hasCompletedOnboarding: z.boolean().optional(),
});
export type ProfileUpdateInput = z.infer<typeof profileUpdateInput>;

/** POST /api/user/password: required at first sign-in of a staff account made by an admin. */
export const changePasswordInput = z.object({
  currentPassword: z.string().min(1, 'Required'),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const preferences = z.object({
  emailNotifications: z.boolean(),
  taskAssignments: z.boolean(),
  taskUpdates: z.boolean(),
  dailyDigest: z.boolean(),
  pushNotifications: z.boolean(),
});
export type Preferences = z.infer<typeof preferences>;
export const DEFAULT_PREFERENCES: Preferences = {
  emailNotifications: true,
  taskAssignments: true,
  taskUpdates: true,
  dailyDigest: false,
  pushNotifications: false,
};

export { DEFAULT_USER_SETTINGS, type UserSettings };

/**
 * The signed-in user's own settings (spec/garage.md's user_settings, with its defaults): how the
 * app looks and behaves for them, kept on the server so they follow the user to another browser.
 * The workshop's currency and time zone are the workshop's settings (core/contracts/tenant.ts).
 */
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: `Must be one of ${values.join(', ')}` });

export const userSettings = z.strictObject(
  {
    language: oneOf(LANGUAGES),
    dateFormat: oneOf(DATE_FORMATS),
    timeFormat: oneOf(TIME_FORMATS),
    theme: oneOf(THEMES),
    fontSize: oneOf(FONT_SIZES),
    compactMode: z.boolean(),
    enableNotifications: z.boolean(),
    enableSounds: z.boolean(),
    enableKeyboardShortcuts: z.boolean(),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Unknown setting' : undefined) },
);

/** The schema and the zod-free type (user-settings.values.ts) are one shape: tsc fails here when they part. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const settingsShapeMatches: Same<z.infer<typeof userSettings>, UserSettings> = true;
void settingsShapeMatches;

/**
 * The settings as GET and PATCH /api/user/settings answer them: with the moment the user last
 * changed one, null while they never did (a browser then keeps its own choices instead of the
 * defaults: lib/user-settings.ts).
 */
export const savedUserSettings = z.object({
  // A plain output schema (the input's messages are not an answer's): the server compiles its writer.
  language: z.enum(LANGUAGES),
  dateFormat: z.enum(DATE_FORMATS),
  timeFormat: z.enum(TIME_FORMATS),
  theme: z.enum(THEMES),
  fontSize: z.enum(FONT_SIZES),
  compactMode: z.boolean(),
  enableNotifications: z.boolean(),
  enableSounds: z.boolean(),
  enableKeyboardShortcuts: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type SavedUserSettings = z.infer<typeof savedUserSettings>;

/** PATCH /api/user/settings: any of the settings, nothing else; at least one. */
export const userSettingsPatch = userSettings
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Choose at least one setting' });
export type UserSettingsPatch = z.infer<typeof userSettingsPatch>;

/** A code from an authenticator app: six digits (spaces allowed between them, as apps show them). */
export const TOTP_DIGITS = 6;
const totpCode = z
  .string()
  .max(32, 'Enter the 6-digit code from your authenticator app')
  .overwrite((value) => value.replace(/\s/g, ''))
  .min(1, 'Required')
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app');

/**
 * A code at sign-in or to turn two-factor off: six digits from the app, or one of the backup
 * codes (letters and digits, a dash or spaces between the groups). At most 32 characters.
 */
export const twoFactorCode = z
  .string()
  .max(32, 'Enter the 6-digit code or a backup code')
  .overwrite((value) => value.replace(/[\s-]/g, ''))
  .min(1, 'Required')
  .regex(/^(\d{6}|[A-Za-z0-9]{10})$/, 'Enter the 6-digit code or a backup code');

export const loginWithCodeInput = loginInput.extend({ code: twoFactorCode.optional() });
export type LoginWithCodeInput = z.infer<typeof loginWithCodeInput>;

/** POST /api/user/2fa/setup: a new secret, pending until a first code confirms it. */
export const twoFactorSetup = z.object({
  /** otpauth://totp/... for the QR code. */
  uri: z.string(),
  /** The same secret in base32, for typing into the app. */
  secret: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** POST /api/user/2fa/enable. */
export const twoFactorEnableInput = z.object({ code: totpCode });
/** The backup codes, shown this once; only their hashes are kept. */
export const twoFactorBackupCodes = z.object({ backupCodes: z.array(z.string()) });
export type TwoFactorBackupCodes = z.infer<typeof twoFactorBackupCodes>;

/** POST /api/user/2fa/disable: the password and a code (from the app or a backup code). */
export const twoFactorDisableInput = z.object({
  password: z.string().min(1, 'Required').max(200),
  code: twoFactorCode,
});
export type TwoFactorDisableInput = z.infer<typeof twoFactorDisableInput>;
