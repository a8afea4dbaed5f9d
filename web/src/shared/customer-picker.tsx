import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from '@/lib/translation';
import { Popover } from 'radix-ui';
import { ChevronsUpDown, LoaderCircle, Search, X } from 'lucide-react';
import type { Customer } from '@core/contracts/customers.ts';
import { useAuth } from '@/lib/auth';
import { formatNumber } from '@/lib/format';
import { fetchPage } from '@/lib/paging';
import { urlFromQueryKey } from '@/lib/api';
import { cn, fullName } from '@/lib/utils';

/** What the picker shows of a customer; a full Customer fits. */
export type CustomerOption = Pick<Customer, 'id' | 'firstName' | 'lastName'> & Partial<Pick<Customer, 'phone' | 'email' | 'city'>>;

/** Customers per search: the server searches, so 20 is enough at any size of the list. */
export const PICKER_LIMIT = 20;
const DEBOUNCE_MS = 200;

/**
 * One search of the picker: GET /api/tenants/:tenantId/customers?q&limit=20 with the total
 * (X-Total-Count). The key has a 'picker' part of its own, since it holds { items, total } rather
 * than the list's plain array; customer changes still refresh it (it sits under the customers).
 */
export const customerSearchQuery = (tenantId: number, q: string) =>
  queryOptions({
    queryKey: ['/api/tenants', tenantId, 'customers', 'picker', { q: q || undefined, limit: PICKER_LIMIT }],
    queryFn: ({ signal }) =>
      fetchPage<Customer>(urlFromQueryKey(['/api/tenants', tenantId, 'customers', { q: q || undefined, limit: PICKER_LIMIT }]), signal),
  });

export type CustomerPickerProps = {
  /** The chosen customer's id, or null. */
  value: number | null;
  onChange: (customerId: number | null, customer: CustomerOption | null) => void;
  /** The input's id, for a `<label htmlFor>`. */
  id?: string;
  /** What the picker shows for `value` before it has looked the customer up (e.g. a vehicle's owner). */
  selected?: CustomerOption | null;
  invalid?: boolean;
  /** Ids of the hint / error text. */
  describedBy?: string;
  disabled?: boolean;
  placeholder?: string;
  /** Offer a clear button (when a customer is optional). */
  clearable?: boolean;
  testId?: string;
};

/**
 * A combobox of the workshop's customers that searches on the server as you type (name, phone,
 * e-mail, city), so it works with any number of customers. Keyboard: type to search, Arrow keys
 * move, Enter chooses, Escape closes; leaving the field keeps the chosen customer.
 */
export function CustomerPicker({
  value,
  onChange,
  id,
  selected: selectedProp,
  invalid = false,
  describedBy,
  disabled = false,
  placeholder,
  clearable = false,
  testId = 'customer-picker',
}: CustomerPickerProps) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const tenantId = user?.tenantId ?? 0;
  const autoId = useId();
  const inputId = id ?? `customer-picker-${autoId}`;
  const listId = `${inputId}-list`;
  const optionId = (index: number) => `${inputId}-option-${index}`;
  const anchor = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [typed, setTyped] = useState(false);
  const [q, setQ] = useState('');
  const [active, setActive] = useState(-1);
  const [chosen, setChosen] = useState<CustomerOption | null>(selectedProp ?? null);

  // The chosen customer's name: known from a pick or the `selected` prop, else looked up once.
  const known = chosen && chosen.id === value ? chosen : selectedProp && selectedProp.id === value ? selectedProp : null;
  const lookup = useQuery<Customer>({ queryKey: ['/api/customers', value ?? 0], enabled: value !== null && value > 0 && !known });
  const current: CustomerOption | null = value === null ? null : (known ?? lookup.data ?? null);
  const label = current ? fullName(current.firstName, current.lastName) : '';

  // Show the chosen name whenever the user is not typing a search (adjusted while rendering).
  if (!typed && text !== label) setText(label);

  useEffect(() => {
    const next = typed ? text.trim() : '';
    if (next === q) return;
    const timer = setTimeout(() => setQ(next), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, typed, q]);

  const results = useQuery({ ...customerSearchQuery(tenantId, q), enabled: open && tenantId > 0, placeholderData: keepPreviousData });
  // An erased customer takes no new vehicle, visit or document (the server answers 409): not offered.
  const items = (results.data?.items ?? []).filter((customer) => !customer.erasedAt);
  const total = results.data?.total ?? 0;
  const loading = results.isFetching || (typed && text.trim() !== q);

  // A new answer starts at its first customer.
  const [answered, setAnswered] = useState(results.data);
  if (answered !== results.data) {
    setAnswered(results.data);
    setActive(items.length > 0 ? 0 : -1);
  }

  useEffect(() => {
    if (open && active >= 0) document.getElementById(`${inputId}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [active, open, inputId]);

  const close = () => {
    setOpen(false);
    setTyped(false);
  };

  const pick = (customer: CustomerOption) => {
    setChosen(customer);
    onChange(customer.id, customer);
    close();
    setText(fullName(customer.firstName, customer.lastName));
  };

  const clear = () => {
    setChosen(null);
    onChange(null, null);
    setText('');
    setTyped(false);
    input.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (items.length > 0) setActive((i) => (i + 1) % items.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else if (items.length > 0) setActive((i) => (i <= 0 ? items.length - 1 : i - 1));
        break;
      case 'PageDown':
        if (open && items.length > 0) {
          event.preventDefault();
          setActive((i) => Math.min(items.length - 1, i + 5));
        }
        break;
      case 'PageUp':
        if (open && items.length > 0) {
          event.preventDefault();
          setActive((i) => Math.max(0, i - 5));
        }
        break;
      case 'Enter':
        // Never submit the surrounding form from the search field.
        event.preventDefault();
        if (open && active >= 0 && items[active]) pick(items[active]);
        else setOpen(true);
        break;
      case 'Tab':
        if (open) close();
        break;
    }
  };

  const lang = i18n.language;
  return (
    <Popover.Root
      open={open}
      onOpenChange={(next) => {
        if (next) setOpen(true);
        else close();
      }}
    >
      <Popover.Anchor asChild>
        <div ref={anchor} className="relative" data-testid={testId}>
          <Search className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
          <input
            ref={input}
            id={inputId}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-haspopup="listbox"
            aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            disabled={disabled}
            value={text}
            placeholder={placeholder ?? t('pickers.customer.placeholder')}
            onChange={(event) => {
              setText(event.target.value);
              setTyped(true);
              setOpen(true);
            }}
            onFocus={(event) => event.target.select()}
            onClick={() => setOpen(true)}
            onBlur={() => {
              // The list closes itself on outside clicks; a search left unfinished reverts to the chosen name.
              setTyped(false);
            }}
            onKeyDown={onKeyDown}
            className={cn(
              'h-11 w-full rounded-md border border-input bg-card ps-9 text-base text-foreground shadow-card transition-colors md:h-9 md:text-sm',
              'placeholder:text-muted-foreground focus-visible:border-ring focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/25',
              'disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive',
              clearable && value !== null ? 'pe-16' : 'pe-9',
            )}
          />
          <span className="pointer-events-none absolute inset-y-0 end-0 flex w-9 items-center justify-center text-muted-foreground">
            {open && loading ? (
              <LoaderCircle className="size-4 animate-spin" aria-hidden />
            ) : (
              <ChevronsUpDown className="size-4" aria-hidden />
            )}
          </span>
          {clearable && value !== null && !disabled && (
            <button
              type="button"
              onClick={clear}
              aria-label={t('pickers.customer.clear')}
              className="absolute inset-y-0 end-8 inline-flex w-8 items-center justify-center rounded-md text-muted-foreground hover:text-foreground"
            >
              <X className="size-4" aria-hidden />
            </button>
          )}
        </div>
      </Popover.Anchor>
      {/* Not portalled: inside a dialog the list must stay in the dialog's layer (focus, scrolling). */}
      <Popover.Content
        side="bottom"
        align="start"
        sideOffset={4}
        collisionPadding={8}
        onOpenAutoFocus={(event) => event.preventDefault()}
        onCloseAutoFocus={(event) => event.preventDefault()}
        onInteractOutside={(event) => {
          if (anchor.current?.contains(event.target as Node)) event.preventDefault();
        }}
        // No fade: the list changes as you type and must read at once.
        className="z-50 w-[var(--radix-popover-trigger-width)] min-w-64 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-pop"
        data-testid={`${testId}-popover`}
        // Clicks in the list keep the focus (and the search) in the field.
        onMouseDown={(event) => event.preventDefault()}
      >
        <ul
          id={listId}
          role="listbox"
          aria-label={t('pickers.customer.listLabel')}
          className="max-h-[min(18rem,var(--radix-popover-content-available-height))] overflow-y-auto p-1"
        >
          {items.map((customer, index) => (
            <li
              key={customer.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              data-customer-id={customer.id}
              onMouseMove={() => setActive(index)}
              onClick={() => pick(customer)}
              className={cn(
                'flex min-h-11 cursor-pointer flex-col justify-center gap-0.5 rounded-md px-2 py-1.5 md:min-h-9',
                index === active && 'bg-accent text-accent-foreground',
                customer.id === value && 'font-semibold',
              )}
            >
              <span className="truncate text-sm">{fullName(customer.firstName, customer.lastName)}</span>
              <span className="flex min-w-0 gap-2 text-xs text-muted-foreground">
                <span dir="ltr" className="truncate">
                  {customer.phone}
                </span>
                {customer.city && <span className="truncate">· {customer.city}</span>}
              </span>
            </li>
          ))}
        </ul>
        {results.isError ? (
          <p role="alert" className="border-t px-3 py-2 text-xs text-destructive">
            {t('pickers.customer.failed')}
          </p>
        ) : results.data && items.length === 0 ? (
          <p className="px-3 py-3 text-sm text-muted-foreground" data-testid="customer-picker-empty">
            {q ? t('pickers.customer.noMatch', { q }) : t('pickers.customer.none')}
          </p>
        ) : !results.data ? (
          <p className="px-3 py-3 text-sm text-muted-foreground">{t('pickers.customer.loading')}</p>
        ) : (
          total > items.length && (
            <p className="border-t px-3 py-2 text-xs text-muted-foreground" aria-live="polite">
              {t('pickers.customer.more', { shown: formatNumber(items.length, lang), total: formatNumber(total, lang) })}
            </p>
          )
        )}
      </Popover.Content>
    </Popover.Root>
  );
}
