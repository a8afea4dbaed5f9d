import { z } from '../zod.ts';
import { pagingQuery } from './paging.ts';
import { booleanQuery, moneyInput, optionalText, requiredText, searchQuery, text } from './fields.ts';
import { SPARE_PART_STATUSES } from './spare-parts.values.ts';

export { SPARE_PART_STATUSES };

export const sparePartStatus = z.enum(SPARE_PART_STATUSES);

const stock = (message: string) =>
  z.coerce.number({ error: message }).int('Must be a whole number').min(0, message).max(10_000_000, 'Must be at most 10,000,000');

export const sparePartInput = z.object({
  name: requiredText(200, 'Name is required'),
  sku: requiredText(100, 'SKU is required'),
  category: optionalText(100),
  brand: optionalText(100),
  description: optionalText(5000),
  stockQuantity: stock('Stock quantity must be 0 or greater').default(0),
  minimumStock: stock('Minimum stock must be 0 or greater').default(0),
  unitPrice: moneyInput({ value: 0, message: 'Unit price must be greater than 0', inclusive: false }),
  location: optionalText(100),
  supplier: optionalText(200),
  status: sparePartStatus.default('active'),
});
export type SparePartInput = z.input<typeof sparePartInput>;
/** An edit: the SKU cannot change; a changed stock quantity is recorded as a correction. */
export const sparePartUpdateInput = sparePartInput
  .omit({ sku: true })
  .partial()
  .extend({
    stockQuantity: stock('Stock quantity must be 0 or greater').optional(),
    minimumStock: stock('Minimum stock must be 0 or greater').optional(),
    status: sparePartStatus.optional(),
  });

export const sparePart = z.object({
  id: z.number().int(),
  tenantId: z.number().int(),
  name: z.string(),
  sku: z.string(),
  category: z.string().nullable(),
  brand: z.string().nullable(),
  description: z.string().nullable(),
  stockQuantity: z.number().int(),
  minimumStock: z.number().int(),
  unitPrice: z.string(),
  location: z.string().nullable(),
  supplier: z.string().nullable(),
  status: sparePartStatus,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SparePart = z.infer<typeof sparePart>;

/** `q` matches name, SKU, category and brand. */
export const sparePartListQuery = pagingQuery.extend({
  q: searchQuery,
  category: z.string().trim().max(100).optional(),
  status: sparePartStatus.optional(),
  /** Parts that need attention first, then the rest. */
  lowStockFirst: booleanQuery,
});
export type SparePartListQuery = z.infer<typeof sparePartListQuery>;

export const STOCK_MOVE_TYPES = ['receive', 'correct'] as const;
/** Receiving adds `quantity`; a correction (a count) sets the stock to `quantity`. */
export const stockMoveInput = z.object({
  type: z.enum(STOCK_MOVE_TYPES),
  quantity: z.coerce.number().int('Must be a whole number').min(0, 'Quantity must be 0 or greater').max(10_000_000),
  reason: text(500).optional(),
  unitCost: moneyInput({ value: 0, message: 'Unit cost must be 0 or greater', inclusive: true }).optional(),
});

export const AUDIT_ACTIONS = ['created', 'received', 'corrected', 'consumed', 'returned'] as const;
export const auditEntry = z.object({
  id: z.number().int(),
  sparePartId: z.number().int(),
  actionType: z.enum(AUDIT_ACTIONS),
  quantityBefore: z.number().int(),
  quantityChange: z.number().int(),
  quantityAfter: z.number().int(),
  unitCost: z.string().nullable(),
  referenceType: z.string().nullable(),
  referenceId: z.number().int().nullable(),
  reference: z.string().nullable(),
  reason: z.string().nullable(),
  performedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;
