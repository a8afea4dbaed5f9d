import { describe, expect, it } from 'vitest';
import type { TFunction } from '@/lib/translator';
import { partsExportUrl, translatePartImportMessage } from './part-csv';

const t = ((key: string, values?: Record<string, string>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as unknown as TFunction;

describe('parts CSV', () => {
  it('exports the list as filtered', () => {
    expect(partsExportUrl(3, {})).toBe('/api/tenants/3/spare-parts/export.csv');
    expect(partsExportUrl(3, { q: 'brake pad', category: 'Brakes & Discs', status: undefined })).toBe(
      '/api/tenants/3/spare-parts/export.csv?q=brake+pad&category=Brakes+%26+Discs',
    );
  });

  it("translates the server's row messages", () => {
    expect(translatePartImportMessage('SKU "BP-1" already exists', t)).toBe('inventory:csv.skuExists {"sku":"BP-1"}');
    expect(translatePartImportMessage('SKU "BP-1" is also on line 4', t)).toBe('inventory:csv.skuTwice {"sku":"BP-1","row":"4"}');
    expect(translatePartImportMessage('Unit price must be greater than 0', t)).toMatch(/^validation.inventoryUnitPriceMin /);
    expect(translatePartImportMessage('Something else', t)).toBeUndefined();
  });
});
