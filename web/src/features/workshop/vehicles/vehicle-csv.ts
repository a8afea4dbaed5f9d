import { useTranslation } from '@/lib/translation';
import { csvEntity, type CsvImportEntity } from '../csv/csv-import';
import { validationText } from '@/shared/messages';
import { VEHICLE_CSV_COLUMNS, VEHICLES_IMPORT_URL } from './vehicles.api';

/** The import dialog's view of vehicles: columns, labels and messages in the active language. */
export function useVehicleCsv(): CsvImportEntity {
  const { t } = useTranslation('vehicles');
  return csvEntity(t, {
    importUrl: VEHICLES_IMPORT_URL,
    columns: VEHICLE_CSV_COLUMNS,
    requiredColumns: ['make', 'model', 'year', 'plateNumber', ['customerPhone', 'customerEmail']],
    templateName: 'vehicles-template',
    translateMessage: (message) => validationText(message, t),
    labels: 'csvColumns',
  });
}
