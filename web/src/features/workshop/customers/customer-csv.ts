import { useTranslation } from '@/lib/translation';
import type { TFunction } from '@/lib/translator';
import { csvEntity, type CsvImportEntity } from '../csv/csv-import';
import { CUSTOMER_CSV_COLUMNS, CUSTOMERS_IMPORT_URL } from './customers.api';

/** The import dialog's view of customers: columns, labels in the active language. */
export function useCustomerCsv(): CsvImportEntity {
  const { t } = useTranslation('customers');
  return csvEntity(t, {
    importUrl: CUSTOMERS_IMPORT_URL,
    columns: CUSTOMER_CSV_COLUMNS,
    requiredColumns: ['firstName', 'lastName', 'phone'],
    templateName: 'customers-template',
    translateMessage: (message) => translateCustomerImportMessage(message, t),
  });
}

/** The server's import texts about customers, in the active language (undefined: not one of them). */
function translateCustomerImportMessage(message: string, t: TFunction): string | undefined {
  const twice = /^The same customer \(name and phone\) is on row (\d+)$/.exec(message);
  if (twice) return t('validation.customerTwice', { row: twice[1] });
  if (message === 'This customer (name and phone) already exists') return t('validation.customerExists');
  return undefined;
}
