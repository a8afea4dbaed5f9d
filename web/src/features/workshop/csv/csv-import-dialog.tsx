import { useEffect, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from '@/lib/translation';
import { CircleAlert, CircleCheck, Download, FileSpreadsheet, Upload } from 'lucide-react';
import { toCsv } from '@core/csv.ts';
import { IMPORT_MAX_ROWS, importRowNumber } from '@core/contracts/imports.ts';
import { downloadText } from '@/lib/download';
import { errorMessage } from '@/lib/errors';
import { formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';
import { translateValidation } from '@/lib/validation';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { toast } from '@/components/ui/toast';
import { checkHeader, parseCsvInChunks, type RequiredColumn } from './chunked-parse';
import { importErrorsOf, postImport, type ImportError } from './csv.api';

/** What the import dialog needs to know about the rows it imports. */
export type CsvImportEntity = {
  /** The rows' name in the active language, plural ("customers"). */
  label: string;
  /** POST endpoint taking { rows, dryRun } (core/contracts/imports.ts). */
  importUrl: string;
  /** Header names the server reads, in template order. */
  columns: string[];
  /** Header names a file must have; a list is a choice (one of them is enough). */
  requiredColumns: RequiredColumn[];
  /** A column's name for people (e.g. "First name"); the header name when absent. */
  columnLabel?: (column: string) => string;
  /** Template file name without extension. */
  templateName: string;
  /** Translates a row error the server sent in English; falls back to the shared validation texts. */
  translateMessage?: (message: string) => string | undefined;
};

/** Rows shown in the preview table. */
export const PREVIEW_ROWS = 10;
/** Row errors listed under the preview. */
export const LISTED_ERRORS = 100;
/** Files larger than this are refused before reading (a 20,000-row file is far smaller). */
const MAX_FILE_BYTES = 50 * 1024 * 1024;

type Stage =
  | { step: 'choose'; problem?: string }
  | { step: 'reading'; name: string; done: number; total: number }
  | { step: 'checking'; name: string; rows: number; sent: number }
  | {
      step: 'preview';
      name: string;
      header: string[];
      rows: Record<string, string>[];
      valid: number;
      errors: ImportError[];
      unknown: string[];
    }
  | { step: 'importing'; name: string; rows: number; sent: number };

function downloadTemplate(columns: string[], name: string) {
  downloadText(toCsv(columns, []), `${name}.csv`);
}

/**
 * CSV import: choose a file → parsed in the browser a piece at a time (progress bar) → checked
 * by the server without writing (dry run) → a preview of the first rows with every row's errors
 * by line number → Import writes all rows in one transaction, or Cancel writes nothing.
 */
export default function CsvImportDialog({
  entity,
  onClose,
  onImported,
}: {
  entity: CsvImportEntity;
  onClose: () => void;
  onImported?: (count: number) => void;
}) {
  const { t, i18n } = useTranslation('csv');
  const lang = i18n.language;
  const n = (value: number) => formatNumber(value, lang);
  const [stage, setStage] = useState<Stage>({ step: 'choose' });
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const label = (column: string) => entity.columnLabel?.(column) ?? column;
  const translate = (message: string) => entity.translateMessage?.(message) ?? translateValidation(message, t) ?? message;
  const busy = stage.step === 'reading' || stage.step === 'checking' || stage.step === 'importing';

  const chooseAgain = (problem?: string) => {
    abort.current?.abort();
    if (fileInput.current) fileInput.current.value = '';
    setStage({ step: 'choose', problem });
  };

  const start = async (file: File) => {
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    const name = file.name;
    if (!/\.csv$/i.test(name) && !/csv|text\/plain|excel/.test(file.type)) return chooseAgain(t('problems.notCsv', { name }));
    if (file.size > MAX_FILE_BYTES) return chooseAgain(t('problems.tooLarge', { name }));
    setStage({ step: 'reading', name, done: 0, total: file.size || 1 });
    try {
      const text = await file.text();
      const parsed = await parseCsvInChunks(text, {
        signal: controller.signal,
        onProgress: (done, total) => setStage({ step: 'reading', name, done, total }),
      });
      if (parsed.records.length === 0) return chooseAgain(t('problems.empty', { name }));
      if (parsed.records.length > IMPORT_MAX_ROWS) {
        return chooseAgain(t('problems.tooMany', { rows: n(parsed.records.length), max: n(IMPORT_MAX_ROWS) }));
      }
      const { mapping, missing, unknown } = checkHeader(parsed.header, entity.columns, entity.requiredColumns);
      if (missing.length > 0) {
        const names = missing.map((need) => (Array.isArray(need) ? need.map(label).join(t('problems.or')) : label(need)));
        return chooseAgain(t('problems.missingColumns', { columns: names.join(', ') }));
      }
      // Rows travel keyed by the entity's own column names; unknown columns stay behind (named in the preview).
      const used = parsed.header
        .map((name, i) => [name, mapping[i]] as const)
        .filter((pair): pair is readonly [string, string] => pair[1] !== null);
      const rows = parsed.records.map((record) => Object.fromEntries(used.map(([name, column]) => [column, record[name] ?? ''])));
      const header = entity.columns.filter((column) => used.some(([, c]) => c === column));
      setStage({ step: 'checking', name, rows: rows.length, sent: 0 });
      const result = await postImport(entity.importUrl, rows, true, {
        signal: controller.signal,
        onUpload: (sent, total) => setStage({ step: 'checking', name, rows: rows.length, sent: sent / total }),
      });
      setStage({ step: 'preview', name, header, rows, valid: result.valid, errors: result.errors, unknown });
    } catch (error) {
      if (controller.signal.aborted) return;
      chooseAgain(errorMessage(error, t, t('problems.unreadable', { name })));
    }
  };

  const runImport = async () => {
    if (stage.step !== 'preview') return;
    const preview = stage;
    const controller = new AbortController();
    abort.current = controller;
    setStage({ step: 'importing', name: preview.name, rows: preview.rows.length, sent: 0 });
    try {
      const result = await postImport(entity.importUrl, preview.rows, false, {
        onUpload: (sent, total) => setStage({ step: 'importing', name: preview.name, rows: preview.rows.length, sent: sent / total }),
      });
      onImported?.(result.imported);
      onClose();
      toast({
        variant: 'success',
        title: t('toast.success'),
        description: t('import.imported', { n: n(result.imported), entity: entity.label }),
      });
    } catch (error) {
      // Someone changed the data since the check: show the new errors; nothing was written.
      const errors = importErrorsOf(error);
      if (errors) {
        setStage({ ...preview, valid: preview.rows.length - new Set(errors.map((e) => e.row)).size, errors });
        return;
      }
      setStage(preview);
      toast({ variant: 'destructive', title: t('toast.error'), description: errorMessage(error, t, t('import.failed')) });
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files?.[0];
    if (file && !busy) void start(file);
  };

  return (
    <Dialog open onOpenChange={(open) => !open && stage.step !== 'importing' && onClose()}>
      <DialogContent width="lg" blocking={stage.step === 'importing'} data-testid="csv-import-dialog" aria-busy={busy || undefined}>
        <DialogHeader>
          <DialogTitle>{t('import.title', { entity: entity.label })}</DialogTitle>
          <DialogDescription>{t('import.description', { entity: entity.label })}</DialogDescription>
        </DialogHeader>

        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          className="sr-only"
          tabIndex={-1}
          aria-hidden
          data-testid="csv-file-input"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void start(file);
          }}
        />

        {stage.step === 'choose' && (
          <div className="flex flex-col gap-3">
            <div
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
              className={cn(
                'flex flex-col items-center gap-3 rounded-md border-2 border-dashed px-4 py-8 text-center transition-colors',
                dragging ? 'border-primary bg-primary/5' : 'border-input',
              )}
            >
              <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
                <FileSpreadsheet className="size-6" aria-hidden />
              </div>
              <Button onClick={() => fileInput.current?.click()} data-testid="csv-choose-file">
                <Upload aria-hidden />
                {t('import.choose')}
              </Button>
              <p className="text-sm text-muted-foreground">{t('import.drop')}</p>
            </div>
            {stage.problem && (
              <p
                role="alert"
                className="flex gap-2 rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive"
                data-testid="csv-problem"
              >
                <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
                <span>{stage.problem}</span>
              </p>
            )}
            <div className="flex flex-col gap-1 text-xs text-muted-foreground">
              <p>
                {t('import.columns')}{' '}
                <span dir="ltr" className="font-mono">
                  {entity.columns.join(', ')}
                </span>
              </p>
              <p>{t('import.rules', { max: n(IMPORT_MAX_ROWS) })}</p>
            </div>
            <div>
              <Button variant="link" size="sm" className="px-0" onClick={() => downloadTemplate(entity.columns, entity.templateName)}>
                <Download aria-hidden />
                {t('import.template')}
              </Button>
            </div>
          </div>
        )}

        {stage.step === 'reading' && (
          <div className="flex flex-col gap-2 py-4" data-testid="csv-reading">
            <p className="text-sm font-medium">{t('import.reading', { name: stage.name })}</p>
            <Progress value={stage.done} max={stage.total} label={t('import.readingLabel')} />
            <p className="text-xs text-muted-foreground">{formatNumber((stage.done / stage.total) * 100, lang)}%</p>
          </div>
        )}

        {(stage.step === 'checking' || stage.step === 'importing') && (
          <div className="flex flex-col gap-3 py-4" data-testid={stage.step === 'checking' ? 'csv-checking' : 'csv-importing'}>
            <div className="flex items-center gap-3">
              <Spinner size="sm" label={t('common:status.loading')} />
              <p className="text-sm font-medium">
                {stage.step === 'checking'
                  ? t('import.checking', { rows: n(stage.rows) })
                  : t('import.importing', { rows: n(stage.rows), entity: entity.label })}
              </p>
            </div>
            {/* Sending is measured; the server's own work follows at the end of the bar. */}
            <Progress
              value={Math.round(stage.sent * 90)}
              max={100}
              label={stage.step === 'checking' ? t('import.checkingLabel') : t('import.importingLabel')}
            />
          </div>
        )}

        {stage.step === 'preview' && <Preview stage={stage} label={label} translate={translate} entityLabel={entity.label} />}

        <DialogFooter>
          {stage.step === 'preview' && (
            <Button variant="ghost" onClick={() => chooseAgain()} className="sm:me-auto">
              {t('import.chooseAnother')}
            </Button>
          )}
          <Button variant="outline" onClick={onClose} disabled={stage.step === 'importing'} data-testid="csv-cancel">
            {t('common:actions.cancel')}
          </Button>
          {(stage.step === 'preview' || stage.step === 'importing') && (
            <Button
              onClick={() => void runImport()}
              disabled={stage.step === 'preview' && stage.errors.length > 0}
              loading={stage.step === 'importing'}
              data-testid="csv-import-submit"
            >
              {t('import.submit', { rows: n(stage.step === 'preview' ? stage.rows.length : stage.rows) })}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Preview({
  stage,
  label,
  translate,
  entityLabel,
}: {
  stage: Extract<Stage, { step: 'preview' }>;
  label: (column: string) => string;
  translate: (message: string) => string;
  entityLabel: string;
}) {
  const { t, i18n } = useTranslation('csv');
  const n = (value: number) => formatNumber(value, i18n.language);
  const byLine = useMemo(() => {
    const map = new Map<number, ImportError[]>();
    for (const error of stage.errors) map.set(error.row, [...(map.get(error.row) ?? []), error]);
    return map;
  }, [stage.errors]);
  const badRows = byLine.size;
  const shown = stage.rows.slice(0, PREVIEW_ROWS);
  const describe = (error: ImportError) => {
    const message = translate(error.message);
    const field = error.field ? label(error.field) : '';
    // "Last name is required" names its field already.
    return field && !message.toLowerCase().includes(field.toLowerCase()) ? `${field}: ${message}` : message;
  };

  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="csv-preview">
      {badRows === 0 ? (
        <p className="flex gap-2 rounded-md border border-success/30 bg-success/10 p-3 text-sm" data-testid="csv-summary">
          <CircleCheck className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
          <span>{t('import.allValid', { rows: n(stage.rows.length), entity: entityLabel, name: stage.name })}</span>
        </p>
      ) : (
        <p
          role="alert"
          className="flex gap-2 rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive"
          data-testid="csv-summary"
        >
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{t('import.withErrors', { bad: n(badRows), rows: n(stage.rows.length) })}</span>
        </p>
      )}
      {stage.unknown.length > 0 && (
        <p className="text-xs text-muted-foreground">
          {t('import.ignored')}{' '}
          <span dir="ltr" className="font-mono">
            {stage.unknown.join(', ')}
          </span>
        </p>
      )}
      <p className="text-xs font-medium text-muted-foreground">
        {t('import.previewTitle', { n: n(shown.length), rows: n(stage.rows.length) })}
      </p>
      <div className="rounded-md border">
        <Table className="text-xs">
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              <TableHead className="w-12">{t('import.line')}</TableHead>
              <TableHead className="min-w-48">{t('import.check')}</TableHead>
              {stage.header.map((column) => (
                <TableHead key={column} className="whitespace-nowrap normal-case tracking-normal">
                  {label(column)}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((row, index) => {
              const line = importRowNumber(index);
              const errors = byLine.get(line);
              return (
                <TableRow
                  key={line}
                  data-testid="csv-preview-row"
                  data-line={line}
                  data-invalid={errors ? 'true' : undefined}
                  className={errors ? 'bg-destructive/5' : undefined}
                >
                  <TableCell className="tabular-nums text-muted-foreground">{n(line)}</TableCell>
                  <TableCell>
                    {errors ? (
                      <ul className="flex flex-col gap-0.5 text-destructive">
                        {errors.map((error, i) => (
                          <li key={i}>{describe(error)}</li>
                        ))}
                      </ul>
                    ) : (
                      <span className="inline-flex items-center gap-1 text-success">
                        <CircleCheck className="size-3.5" aria-hidden />
                        {t('import.rowOk')}
                      </span>
                    )}
                  </TableCell>
                  {stage.header.map((column) => {
                    const bad = errors?.some((error) => error.field === column);
                    return (
                      <TableCell
                        key={column}
                        className={cn('max-w-40 truncate', bad && 'font-medium text-destructive underline decoration-dotted')}
                        title={row[column]}
                        data-invalid={bad || undefined}
                      >
                        <bdi>{row[column] || (bad ? '—' : '')}</bdi>
                      </TableCell>
                    );
                  })}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </div>
      {stage.errors.length > 0 && (
        <div className="flex flex-col gap-1">
          <p className="text-xs font-medium">{t('import.errorsTitle', { n: n(stage.errors.length) })}</p>
          <ul className="max-h-40 overflow-y-auto rounded-md border p-2 text-xs" data-testid="csv-errors">
            {stage.errors.slice(0, LISTED_ERRORS).map((error, i) => (
              <li key={i} className="py-0.5">
                <span className="font-medium">{t('import.lineN', { line: n(error.row) })}</span> · {describe(error)}
              </li>
            ))}
            {stage.errors.length > LISTED_ERRORS && (
              <li className="py-0.5 text-muted-foreground">{t('import.moreErrors', { n: n(stage.errors.length - LISTED_ERRORS) })}</li>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}
