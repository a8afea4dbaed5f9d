import { useState } from 'react';
import { useTranslation } from '@/lib/translation';
import { Download, Upload } from 'lucide-react';
import { errorMessage } from '@/lib/errors';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { downloadCsv } from './csv.api';

/**
 * Downloads the server's CSV export of the list as filtered now (every matching row, not only
 * the loaded page). Needs the `csv` dictionary (list it in the page's lazyPage namespaces).
 */
export function CsvExportButton({
  url,
  fileName,
  entityLabel,
  testId = 'csv-export',
}: {
  url: string;
  fileName: string;
  entityLabel: string;
  testId?: string;
}) {
  const { t } = useTranslation('csv');
  const [pending, setPending] = useState(false);
  const run = async () => {
    setPending(true);
    try {
      const name = await downloadCsv(url, fileName);
      toast({ variant: 'success', title: t('toast.success'), description: t('export.done', { name }) });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('toast.error'),
        description: errorMessage(error, t, t('export.failed', { entity: entityLabel })),
      });
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="outline" onClick={() => void run()} loading={pending} data-testid={testId}>
      {!pending && <Download aria-hidden />}
      <span>{t('export.button')}</span>
    </Button>
  );
}

/** A list's Export CSV, and Import CSV for those who may change it (`onImport`). */
export function CsvActions({
  url,
  fileName,
  entityLabel,
  onImport,
}: {
  url: string;
  fileName: string;
  entityLabel: string;
  onImport?: () => void;
}) {
  const { t } = useTranslation('csv');
  return (
    <>
      <CsvExportButton url={url} fileName={fileName} entityLabel={entityLabel} />
      {onImport && (
        <Button variant="outline" onClick={onImport} data-testid="csv-import">
          <Upload aria-hidden />
          {t('import.button')}
        </Button>
      )}
    </>
  );
}
