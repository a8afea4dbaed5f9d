/**
 * The cells of an editable list of lines (job card parts and labour, estimate and invoice lines):
 * a small label above a line's field on phones (on wider screens the column heads say it), and
 * the line field's error under it.
 */
export function CellLabel({ htmlFor, children }: { htmlFor: string; children: string }) {
  return (
    <label htmlFor={htmlFor} className="text-xs font-medium text-muted-foreground sm:sr-only">
      {children}
    </label>
  );
}

export function CellError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-xs font-medium text-destructive">
      {message}
    </p>
  );
}

/** The columns of a line on wider screens: what, quantity, price, amount, remove. */
export const LINE_GRID = 'grid grid-cols-2 gap-2 sm:grid-cols-[minmax(0,1fr)_5.5rem_7rem_6.5rem_2.75rem] sm:items-start';
