/** The spare parts values the web needs without zod: statuses and other fixed lists (spare-parts.ts builds its schemas from them). */
export const SPARE_PART_STATUSES = ['active', 'discontinued'] as const;
/** The parts CSV's columns, in order: the export's header, and what an import reads back. */
export const SPARE_PART_CSV_COLUMNS = [
  'sku',
  'name',
  'category',
  'brand',
  'description',
  'stockQuantity',
  'minimumStock',
  'unitPrice',
  'location',
  'supplier',
  'status',
] as const;
