import { z } from '../zod.ts';
import { pagingQuery } from './paging.ts';
import { optionalEmail, optionalText, requiredText, searchQuery } from './fields.ts';
import { CUSTOMER_NOTE_CATEGORIES } from './customers.values.ts';
import { LANGUAGES } from './user-settings.values.ts';

export { CUSTOMER_NOTE_CATEGORIES };

export const customerInput = z.object({
  firstName: requiredText(100, 'First name is required'),
  lastName: requiredText(100, 'Last name is required'),
  email: optionalEmail(),
  phone: requiredText(20, 'Phone is required'),
  address: optionalText(500),
  city: optionalText(100),
  postalCode: optionalText(20),
  notes: optionalText(5000),
  /** The language their messages are written in; a new customer without one gets English. */
  preferredLanguage: z.enum(LANGUAGES, { error: `Must be one of ${LANGUAGES.join(', ')}` }).optional(),
});
export type CustomerInput = z.input<typeof customerInput>;
export const customerUpdateInput = customerInput.partial();

export const customer = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  notes: z.string().nullable(),
  preferredLanguage: z.enum(LANGUAGES),
  /** When their personal data was erased; such a record takes no new personal data. */
  erasedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customer>;

/** `q` matches first name, last name, email, phone and city. */
export const customerListQuery = pagingQuery.extend({ q: searchQuery });
export type CustomerListQuery = z.infer<typeof customerListQuery>;

/** The customer view: the customer with how much hangs off them. */
export const customerDetail = customer.extend({
  vehicleCount: z.number().int(),
  jobCardCount: z.number().int(),
});

export const customerNoteInput = z.object({
  note: requiredText(5000, 'Note is required'),
  category: z.enum(CUSTOMER_NOTE_CATEGORIES).default('general'),
  isImportant: z.boolean().default(false),
});
export const customerNote = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  note: z.string(),
  category: z.enum(CUSTOMER_NOTE_CATEGORIES),
  isImportant: z.boolean(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type CustomerNote = z.infer<typeof customerNote>;
