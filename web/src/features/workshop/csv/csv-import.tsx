import type { TFunction } from '@/lib/translator';
import { lazy } from 'react';
import { loadNamespaces } from '@/lib/i18n';

import type { CsvImportEntity } from './csv-import-dialog';

export type { CsvImportEntity };

/** The import dialog, loaded (with the `csv` dictionary) the first time it opens. */
export const CsvImportDialog = lazy(() => Promise.all([import('./csv-import-dialog'), loadNamespaces(['csv'])]).then(([module]) => module));

/**
 * An entity's import description from its dictionary `t`: its name (`csv.entity`) and column
 * names (`<labels>.<column>`, the header name when missing).
 */
export function csvEntity(
  t: TFunction,
  entity: Pick<CsvImportEntity, 'importUrl' | 'columns' | 'requiredColumns' | 'templateName' | 'translateMessage'> & { labels?: string },
): CsvImportEntity {
  const { labels = 'fields', ...rest } = entity;
  return { label: t('csv.entity'), columnLabel: (column) => t(`${labels}.${column}`, { defaultValue: column }), ...rest };
}
