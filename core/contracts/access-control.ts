import { z } from '../zod.ts';
import { FEATURES, PERMISSIONS } from '../permissions.ts';
import { isoDateTime, optionalText } from './fields.ts';
import { userIdParams } from './users.ts';
import { tenantParams } from './tenant.ts';

/** A permission of the catalogue (core/permissions.ts), e.g. "invoices.view". */
export const permissionSchema = z.enum(PERMISSIONS);
export const featureSchema = z.enum(FEATURES);

/** One user's grant or denial of one permission, as the admin's screen lists it. */
export const permissionOverride = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  permission: permissionSchema,
  resource: z.string(),
  action: z.string(),
  allowed: z.boolean(),
  reason: z.string().nullable(),
  /** ISO 8601; null: until removed. */
  expiresAt: z.string().nullable(),
  /** Whether it applies now (not expired). */
  active: z.boolean(),
  createdBy: z.number().int().nullable(),
  createdAt: z.string(),
});
export type PermissionOverrideRow = z.infer<typeof permissionOverride>;

export const permissionOverrideParams = userIdParams.extend({ permission: permissionSchema });

/** PUT /api/users/:userId/permission-overrides/:permission: grant (allowed) or deny, optionally until a time in the future. */
export const permissionOverrideInput = z.strictObject({
  allowed: z.boolean(),
  reason: optionalText(500),
  expiresAt: isoDateTime.nullable().optional(),
});
export type PermissionOverrideInput = z.input<typeof permissionOverrideInput>;

/** One optional module of a workshop: on unless an admin turned it off. */
export const featureFlag = z.object({
  flag: featureSchema,
  isEnabled: z.boolean(),
  /** 'default': never set (on); 'admin': an admin set it. */
  source: z.enum(['admin', 'default']),
  updatedAt: z.string().nullable(),
});
export type FeatureFlag = z.infer<typeof featureFlag>;

export const featureFlagParams = tenantParams.extend({ flag: featureSchema });
export const featureFlagInput = z.strictObject({ isEnabled: z.boolean() });
export type FeatureFlagInput = z.infer<typeof featureFlagInput>;
