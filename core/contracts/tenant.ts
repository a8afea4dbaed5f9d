import { z } from '../zod.ts';
import { isTimeZone } from '../time-zone.ts';
import { AUDIT_RETENTION_DAYS, LEGAL_RETENTION_YEARS } from './tenant.values.ts';

export { AUDIT_RETENTION_DAYS, LEGAL_RETENTION_YEARS };

/** Money of a setting: a decimal string with at most two decimals, 0 to 99,999,999.99 (numeric 10,2). */
const MONEY_SETTING = /^\d+(\.\d{1,2})?$/;
function labourRateProblem(value: string): string | undefined {
  if (!/^-?\d+(\.\d+)?$/.test(value)) return 'Labour rate must be a number';
  if (value.startsWith('-')) return 'Labour rate must be 0 or greater';
  if (!MONEY_SETTING.test(value)) return 'Labour rate must have at most two decimals';
  if (Number(value) > 99_999_999.99) return 'Labour rate must be at most 99,999,999.99';
  return undefined;
}
/** The workshop's hourly labour rate, e.g. "50.00". */
export const labourRate = z
  .string({ error: 'Labour rate must be a number' })
  .trim()
  .superRefine((value, ctx) => {
    const message = labourRateProblem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

export const tenantSettings = z.object({
  name: z.string().trim().min(1, 'Workshop name is required').max(200),
  address: z.string().trim().max(500),
  phone: z.string().trim().max(50),
  email: z.union([z.literal(''), z.string().trim().max(255).email('Invalid email address')]),
  timeZone: z.string().refine(isTimeZone, 'Unknown time zone'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'Currency must be a 3-letter ISO code'),
  /** Percent with two decimals, e.g. "10.00". */
  taxRate: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Tax rate must be a number with at most two decimals')
    .refine((v) => Number(v) <= 100, 'Tax rate must be between 0 and 100'),
  /** New labour lines start at it; a technician's new labour lines are charged at it. */
  labourRate,
  /** Admins and managers must set up two-factor sign-in before anything else. */
  requireTwoFactor: z.boolean(),
  /** Days the audit log keeps an entry; the retention job removes older ones. */
  auditRetentionDays: z.coerce
    .number({ error: 'Retention must be a whole number of days' })
    .int('Retention must be a whole number of days')
    .min(AUDIT_RETENTION_DAYS.min, 'Keep audit entries at least 30 days')
    .max(AUDIT_RETENTION_DAYS.max, 'Keep audit entries at most 3,650 days'),
  /** Years invoices and payments are kept whole by law; a customer's erasure leaves them so within it. */
  legalRetentionYears: z.coerce
    .number({ error: 'Retention must be a whole number of years' })
    .int('Retention must be a whole number of years')
    .min(LEGAL_RETENTION_YEARS.min, 'Keep invoices at least 1 year')
    .max(LEGAL_RETENTION_YEARS.max, 'Keep invoices at most 30 years'),
});
export type TenantSettings = z.infer<typeof tenantSettings>;
/** A save: every setting, except that a client written before the labour rate, the two-factor rule or the retentions may leave them out (kept). */
export const tenantSettingsInput = tenantSettings.extend({
  labourRate: labourRate.optional(),
  requireTwoFactor: z.boolean().optional(),
  auditRetentionDays: tenantSettings.shape.auditRetentionDays.optional(),
  legalRetentionYears: tenantSettings.shape.legalRetentionYears.optional(),
});
export type TenantSettingsInput = z.infer<typeof tenantSettingsInput>;

export const DEFAULT_TENANT_SETTINGS: TenantSettings = {
  name: 'My Workshop',
  address: '',
  phone: '',
  email: '',
  timeZone: 'UTC',
  currency: 'USD',
  taxRate: '10.00',
  labourRate: '50.00',
  requireTwoFactor: false,
  auditRetentionDays: AUDIT_RETENTION_DAYS.default,
  legalRetentionYears: LEGAL_RETENTION_YEARS.default,
};

/** `{tenantId}` in a path: checked against the session's workshop by the access guard. */
export const tenantParams = z.object({ tenantId: z.coerce.number().int().positive() });
