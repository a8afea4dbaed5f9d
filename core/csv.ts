/**
 * CSV (RFC 4180): comma-separated, fields quoted with " when they hold a comma, quote or line
 * break, lines ending CRLF. Shared by the server's exports and the browser's import preview.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  // A cell starting with = + - @ would run as a formula in a spreadsheet: neutralise it.
  if (/^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return values.map(csvField).join(',') + '\r\n';
}

/** A CSV document: header line then one line per row; starts with a BOM so Excel reads UTF-8 (Arabic names). */
export function toCsv(header: string[], rows: unknown[][]): string {
  return '\uFEFF' + csvLine(header) + rows.map(csvLine).join('');
}

/** Parses CSV text into rows of fields; tolerates LF or CRLF, a BOM, and a missing final line break. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.length > 1 || r[0] !== '');
}

/** Rows as objects keyed by the header line (header names trimmed); missing cells read as ''. */
export function csvRecords(text: string): { header: string[]; records: Record<string, string>[] } {
  const [header = [], ...rows] = parseCsv(text);
  const names = header.map((h) => h.trim());
  return { header: names, records: rows.map((r) => Object.fromEntries(names.map((n, i) => [n, r[i] ?? '']))) };
}
