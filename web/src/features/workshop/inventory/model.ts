// Types only from core/contracts (a value import would pull zod into the page); the status lists
// from the contracts' zod-free value files.
import type { AuditEntry, SparePart, SparePartInput } from '@core/contracts/spare-parts.ts';
import { SPARE_PART_STATUSES } from '@core/contracts/spare-parts.values.ts';

export { SPARE_PART_STATUSES };

export type { AuditEntry, SparePart, SparePartInput };
export type SparePartStatus = SparePart['status'];
export type AuditAction = AuditEntry['actionType'];
export type StockMoveType = 'receive' | 'correct';
export type StockMoveInput = { type: StockMoveType; quantity: number; reason?: string; unitCost?: string };
