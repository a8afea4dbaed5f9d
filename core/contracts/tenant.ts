import { z } from '../zod.ts';

/** IANA time zone names the runtime knows. */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

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
});
export type TenantSettings = z.infer<typeof tenantSettings>;

export const DEFAULT_TENANT_SETTINGS: TenantSettings = {
  name: 'My Workshop',
  address: '',
  phone: '',
  email: '',
  timeZone: 'UTC',
  currency: 'USD',
  taxRate: '10.00',
};

/** `{tenantId}` in a path: checked against the session's workshop by the access guard. */
export const tenantParams = z.object({ tenantId: z.coerce.number().int().positive() });
