import { Search, X } from 'lucide-react';
import { cn } from '@/lib/utils';
import { Input } from './input';

/**
 * A list's search field: the magnifier at the start (right in Arabic), a clear button, Escape
 * clears, at most 100 characters (the server's limit); `label` names it for screen readers.
 */
export function SearchField({
  value,
  onChange,
  label,
  clearLabel,
  placeholder,
  testId,
  busy = false,
  className = 'w-full sm:max-w-sm',
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  clearLabel: string;
  placeholder: string;
  testId?: string;
  busy?: boolean;
  /** The field's width. */
  className?: string;
}) {
  return (
    <div className={cn('relative', className)} role="search">
      <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onChange('');
          }
        }}
        placeholder={placeholder}
        aria-label={label}
        aria-busy={busy || undefined}
        maxLength={100}
        className="ps-9 pe-10 [&::-webkit-search-cancel-button]:hidden"
        data-testid={testId}
      />
      {value && (
        <button
          type="button"
          onClick={() => onChange('')}
          aria-label={clearLabel}
          className="absolute inset-y-0 end-0 inline-flex w-10 items-center justify-center rounded-md text-muted-foreground hover:text-foreground"
        >
          <X className="size-4" aria-hidden />
        </button>
      )}
    </div>
  );
}
