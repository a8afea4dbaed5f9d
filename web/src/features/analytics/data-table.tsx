import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import { toCsv } from '@core/csv.ts';
import { downloadText } from '@/lib/download';
import { useTranslation } from '@/lib/translation';
import { cn } from '@/lib/utils';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

/** One cell: its raw value for the CSV (amounts as decimals, days as yyyy-MM-dd) and its text on screen. */
export type Cell = { csv: string | number | null; text?: ReactNode };
export type TableColumn = { label: string; numeric?: boolean };

/** The numbers behind a chart or a list: shown as a table, downloaded as CSV. */
export type TableData = {
  /** The file's name part ("revenue", "jobs-by-status"). */
  name: string;
  title: string;
  columns: TableColumn[];
  rows: Cell[][];
};

/**
 * Hands a table to the browser as a CSV file, made here (nothing is asked of the server): core/csv.ts
 * (RFC 4180, a BOM for spreadsheet programs, formulas neutralised), named after the table and the
 * days it covers: `revenue-2026-11-01-2026-11-26.csv`.
 */
function downloadTable(table: TableData, days: { from: string; to: string }) {
  const csv = toCsv(
    table.columns.map((c) => c.label),
    table.rows.map((row) => row.map((cell) => cell.csv)),
  );
  downloadText(csv, days.from === days.to ? `${table.name}-${days.from}.csv` : `${table.name}-${days.from}-${days.to}.csv`);
}

/** A download button for one table. */
export function CsvButton({ table, days, testId }: { table: TableData; days: { from: string; to: string }; testId?: string }) {
  const { t } = useTranslation('analytics');
  return (
    <Button
      variant="outline"
      size="sm"
      onClick={() => downloadTable(table, days)}
      aria-label={t('card.downloadCsv', { name: table.title })}
      className="print:hidden"
      data-testid={testId ?? `csv-${table.name}`}
    >
      <Download aria-hidden />
      {t('card.csv')}
    </Button>
  );
}

/** A table of figures with its title as caption and, on screen, its CSV download. */
export function DataTable({ table, days }: { table: TableData; days: { from: string; to: string } }) {
  const { t } = useTranslation('analytics');
  return (
    <div className="flex flex-col gap-2" data-testid={`table-${table.name}`}>
      <div className="flex items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">{table.title}</h4>
        {table.rows.length > 0 && <CsvButton table={table} days={days} />}
      </div>
      {table.rows.length === 0 ? (
        <p className="py-2 text-sm text-muted-foreground">{t('card.noRows')}</p>
      ) : (
        <div className="rounded-md border">
          <Table>
            <caption className="sr-only">{table.title}</caption>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                {table.columns.map((column) => (
                  <TableHead key={column.label} className={cn(column.numeric && 'text-end')}>
                    {column.label}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {table.rows.map((row, index) => (
                <TableRow key={index} data-testid="data-row" className="break-inside-avoid">
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th key={i} scope="row" className="whitespace-nowrap px-2 py-2 text-start align-middle font-normal sm:px-3">
                        {cell.text ?? cell.csv}
                      </th>
                    ) : (
                      <TableCell key={i} className={cn('py-2 whitespace-nowrap', table.columns[i]?.numeric && 'text-end tabular-nums')}>
                        {cell.text ?? cell.csv}
                      </TableCell>
                    ),
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
    </div>
  );
}
