import { useTranslation } from 'react-i18next';
import type { CsvImportEntity } from '../csv/csv-import';
import { CUSTOMER_CSV_COLUMNS, CUSTOMERS_IMPORT_URL } from './customers.api';

/** The import dialog's view of customers: columns, labels in the active language. */
export function useCustomerCsv(): CsvImportEntity {
  const { t } = useTranslation('customers');
  return {
    label: t('csv.entity'),
    importUrl: CUSTOMERS_IMPORT_URL,
    columns: CUSTOMER_CSV_COLUMNS,
    requiredColumns: ['firstName', 'lastName', 'phone'],
    columnLabel: (column) => t(`fields.${column}`, { defaultValue: column }),
    templateName: 'customers-template',
  };
}
