import { lazy } from 'react';
import { loadNamespaces } from '@/lib/i18n';

export type { CsvImportEntity } from './csv-import-dialog';

/** The import dialog, loaded (with the `csv` dictionary) the first time it opens. */
export const CsvImportDialog = lazy(() => Promise.all([import('./csv-import-dialog'), loadNamespaces(['csv'])]).then(([module]) => module));
