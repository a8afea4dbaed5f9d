import { useTranslation } from '@/lib/translation';
import type { TFunction } from '@/lib/translator';
import { csvEntity, type CsvImportEntity } from '../csv/csv-import';
import { validationText } from '@/shared/messages';
import { SPARE_PART_CSV_COLUMNS } from '@core/contracts/spare-parts.values.ts';

/** POST /api/spare-parts/import ({ rows, dryRun }). */
export const PARTS_IMPORT_URL = '/api/spare-parts/import';

/** GET .../spare-parts/export.csv of the list as filtered now (every matching part). */
export function partsExportUrl(tenantId: number, filter: { q?: string; category?: string; status?: string }): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) params.set(key, value);
  const query = params.toString();
  return `/api/tenants/${tenantId}/spare-parts/export.csv${query ? `?${query}` : ''}`;
}

/** The server's import texts about parts, in the active language (undefined: not one of them). */
export function translatePartImportMessage(message: string, t: TFunction): string | undefined {
  const taken = /^SKU "(.*)" already exists$/.exec(message);
  if (taken) return t('inventory:csv.skuExists', { sku: taken[1] });
  const twice = /^SKU "(.*)" is also on line (\d+)$/.exec(message);
  if (twice) return t('inventory:csv.skuTwice', { sku: twice[1], row: twice[2] });
  const known = validationText(message, t);
  return known === message ? undefined : known;
}

/** The import dialog's view of spare parts: columns, labels and messages in the active language. */
export function usePartCsv(): CsvImportEntity {
  const { t } = useTranslation('inventory');
  return csvEntity(t, {
    importUrl: PARTS_IMPORT_URL,
    columns: [...SPARE_PART_CSV_COLUMNS],
    requiredColumns: ['sku', 'name', 'unitPrice'],
    templateName: 'spare-parts-template',
    translateMessage: (message) => translatePartImportMessage(message, t),
  });
}
