import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { Check, ChevronsUpDown, LoaderCircle, Search } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useDebouncedValue } from '@/lib/use-debounced-value';

export type ComboboxTexts = {
  placeholder: string;
  search: string;
  empty: string;
  loading: string;
  failed: string;
};

type Props<T> = {
  id: string;
  /** What the closed control shows: the chosen item's label, or null for the placeholder. */
  selectedLabel: ReactNode | null;
  selectedId: number | null;
  /** The list's query key for a search text (the server searches; e.g. limit 20). */
  queryKey: (q: string) => QueryKey;
  itemId: (item: T) => number;
  renderItem: (item: T) => { label: ReactNode; description?: ReactNode; aside?: ReactNode; text: string };
  onSelect: (item: T) => void;
  texts: ComboboxTexts;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  testId?: string;
};

/**
 * A select whose choices the server searches: a button like the other selects opens a popover
 * with a search box (an ARIA combobox) over a listbox; arrows, Home/End, Enter and Escape work.
 */
export function ServerCombobox<T>({
  id,
  selectedLabel,
  selectedId,
  queryKey,
  itemId,
  renderItem,
  onSelect,
  texts,
  disabled,
  invalid,
  describedBy,
  testId,
}: Props<T>) {
  const [open, setOpen] = useState(false);
  const [q, setQ] = useState('');
  const search = useDebouncedValue(q.trim(), 250);
  const [active, setActive] = useState(0);
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);
  const { data, isFetching, isError } = useQuery<T[]>({
    queryKey: queryKey(search),
    enabled: open,
    staleTime: 30_000,
    placeholderData: (previous) => previous,
  });
  const items = useMemo(() => data ?? [], [data]);

  // A new search starts at its first result (state adjusted while rendering, not in an effect).
  const [searched, setSearched] = useState(search);
  if (searched !== search) {
    setSearched(search);
    setActive(0);
  }
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const choose = (item: T) => {
    onSelect(item);
    setOpen(false);
    setQ('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') setActive((i) => Math.min(items.length - 1, i + 1));
    else if (event.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1));
    else if (event.key === 'Home') setActive(0);
    else if (event.key === 'End') setActive(Math.max(0, items.length - 1));
    else if (event.key === 'Enter') {
      if (items[active]) choose(items[active]);
    } else return;
    event.preventDefault();
  };

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setQ('');
      }}
      modal
    >
      <Popover.Trigger asChild disabled={disabled}>
        <button
          id={id}
          type="button"
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          data-testid={testId}
          className={cn(
            'flex h-11 w-full items-center justify-between gap-2 rounded-md border border-input bg-card px-3 text-start text-base text-foreground shadow-card md:h-9 md:text-sm',
            'focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/25',
            'disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive',
          )}
        >
          <span className={cn('min-w-0 truncate', selectedLabel === null && 'text-muted-foreground')}>
            {selectedLabel ?? texts.placeholder}
          </span>
          <ChevronsUpDown className="size-4 shrink-0 opacity-60" aria-hidden />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 flex w-[max(var(--radix-popover-trigger-width),16rem)] max-w-[calc(100vw-1rem)] flex-col overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-pop data-[state=open]:animate-fade-in"
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement).querySelector('input')?.focus();
          }}
        >
          <div className="relative border-b">
            <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <input
              type="text"
              role="combobox"
              aria-expanded
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={items[active] ? optionId(active) : undefined}
              aria-label={texts.search}
              placeholder={texts.search}
              value={q}
              onChange={(e) => setQ(e.target.value)}
              onKeyDown={onKeyDown}
              autoComplete="off"
              className="h-11 w-full bg-transparent pe-9 ps-9 text-base outline-none placeholder:text-muted-foreground md:h-10 md:text-sm"
            />
            {isFetching && (
              <LoaderCircle className="absolute end-3 top-1/2 size-4 -translate-y-1/2 animate-spin text-muted-foreground" aria-hidden />
            )}
          </div>
          <ul id={listId} ref={listRef} role="listbox" aria-label={texts.search} className="max-h-64 overflow-y-auto p-1">
            {items.map((item, index) => {
              const view = renderItem(item);
              const selected = itemId(item) === selectedId;
              return (
                <li
                  key={itemId(item)}
                  id={optionId(index)}
                  role="option"
                  aria-selected={selected}
                  data-index={index}
                  data-active={index === active || undefined}
                  onPointerMove={() => setActive(index)}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(item)}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm data-[active]:bg-accent data-[active]:text-accent-foreground md:min-h-9"
                >
                  <Check className={cn('size-4 shrink-0', selected ? 'opacity-100' : 'opacity-0')} aria-hidden />
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate">{view.label}</span>
                    {view.description && <span className="truncate text-xs text-muted-foreground">{view.description}</span>}
                  </span>
                  {view.aside}
                </li>
              );
            })}
          </ul>
          {items.length === 0 && (
            <p className="px-3 pb-4 pt-2 text-center text-sm text-muted-foreground" role="status">
              {isError ? texts.failed : data === undefined ? texts.loading : texts.empty}
            </p>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
