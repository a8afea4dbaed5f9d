// Types only from core/contracts (a value import would pull zod into the page); the enum values
// are repeated here and checked against the contract types.
import type { AuditEntry, SparePart, SparePartInput } from '@core/contracts/spare-parts.ts';

export type { AuditEntry, SparePart, SparePartInput };
export type SparePartStatus = SparePart['status'];
export type AuditAction = AuditEntry['actionType'];
export type StockMoveType = 'receive' | 'correct';
export type StockMoveInput = { type: StockMoveType; quantity: number; reason?: string; unitCost?: string };

export const SPARE_PART_STATUSES = ['active', 'discontinued'] as const satisfies readonly SparePartStatus[];
