import { createElement, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { Dialog as DialogPrimitive } from 'radix-ui';
import {
  ArrowRight,
  CalendarCheck,
  CalendarClock,
  Car,
  ClipboardList,
  FileText,
  History,
  Package,
  Plus,
  Receipt,
  Search,
  Users,
  Wrench,
  X,
  type LucideIcon,
} from 'lucide-react';
import type { PublicUser } from '@core/contracts/auth.ts';
import { SEARCH_KINDS, SEARCH_MIN_CONTAINS, type SearchKind, type SearchResult } from '@core/contracts/search.ts';
import { normalizeSearch } from '@core/rules/search.ts';
import { permissionsFor } from '@core/permissions.ts';
import { useTranslation } from '@/lib/translation';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { overlayClasses } from '@/components/ui/dialog';
import { Kbd } from '@/components/ui/kbd';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { APP_ROUTES, isRouteShown } from '../routes';
import { paletteSections, parseRecent, withRecent, type PaletteItem, type RecentRecord } from './palette-items';

const KIND_ICON: Record<SearchKind, LucideIcon> = {
  customers: Users,
  vehicles: Car,
  jobCards: ClipboardList,
  estimates: FileText,
  invoices: Receipt,
  parts: Package,
  technicians: Wrench,
  bookings: CalendarCheck,
  appointments: CalendarClock,
};
const ROUTE_ICON = new Map(APP_ROUTES.map((route) => [route.key, route.icon]));
/** Typing pauses this long before the search asks the server. */
const DEBOUNCE_MS = 150;

const recentKey = (user: PublicUser) => `workbay.recent-records.${user.id}`;
function readRecent(user: PublicUser): RecentRecord[] {
  try {
    return parseRecent(localStorage.getItem(recentKey(user)), SEARCH_KINDS);
  } catch {
    return [];
  }
}
function remember(user: PublicUser, record: RecentRecord) {
  try {
    localStorage.setItem(recentKey(user), JSON.stringify(withRecent(readRecent(user), record)));
  } catch {
    // Private mode or storage full: nothing to remember.
  }
}

/** The search as the palette asks it: cancelled when the text moves on, the previous answer kept meanwhile. */
function useSearchResults(text: string) {
  const typed = normalizeSearch(text);
  const q = useDebouncedValue(typed, DEBOUNCE_MS);
  const query = useQuery<SearchResult>({
    queryKey: ['/api/search', { q }],
    enabled: q.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  // The last answer stays on screen while the next is asked (no flicker as you type).
  const result = typed && query.data ? query.data : undefined;
  const pending = typed.length > 0 && (typed !== q || query.isFetching || query.data?.q !== typed);
  return { result, pending, error: query.isError && !pending };
}

function ItemRow({ item, active, id, onPick }: { item: PaletteItem; active: boolean; id: string; onPick: () => void }) {
  const { t } = useTranslation('shell');
  let icon: LucideIcon = ArrowRight;
  let title: string;
  let subtitle: string | null = null;
  let exact = false;
  switch (item.type) {
    case 'hit':
      icon = KIND_ICON[item.kind];
      title = item.hit.title;
      subtitle = item.hit.subtitle;
      exact = item.hit.exact;
      break;
    case 'recent':
      icon = History;
      title = item.record.title;
      subtitle = [t(`palette.kinds.${item.record.kind}`), item.record.subtitle].filter(Boolean).join(' · ');
      break;
    case 'more':
      title = t('palette.seeAll', { kind: t(`palette.kinds.${item.kind}`) });
      break;
    case 'action':
      icon = Plus;
      title = t(`palette.actions.${item.action}`);
      break;
    case 'page':
      icon = ROUTE_ICON.get(item.routeKey) ?? ArrowRight;
      title = t(`routes.${item.routeKey}.title`);
      break;
  }
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      onMouseDown={(event) => event.preventDefault()}
      onClick={onPick}
      className={cn(
        'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm',
        active ? 'bg-accent text-accent-foreground' : 'text-foreground',
      )}
      data-testid="palette-item"
      data-item={item.key}
    >
      {createElement(icon, { className: 'size-4 shrink-0 text-muted-foreground', 'aria-hidden': true })}
      <span className="min-w-0 flex-1">
        <span dir="auto" className={cn('block truncate text-start', item.type === 'more' ? 'text-primary' : 'font-medium')}>
          {title}
        </span>
        {subtitle && (
          <span dir="auto" className="block truncate text-start text-xs text-muted-foreground">
            {subtitle}
          </span>
        )}
      </span>
      {exact && (
        <span className="shrink-0 rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary">{t('palette.exact')}</span>
      )}
      {active && <ArrowRight className="size-4 shrink-0 text-muted-foreground rtl:rotate-180" aria-hidden />}
    </li>
  );
}

/**
 * The command palette (Ctrl/Cmd+K, the top bar's search box, the search button on a phone): the
 * workshop's records as you type, grouped, exact matches first; quick actions and pages for the
 * user's role; records opened lately. Arrows move, Enter opens, Escape closes; Ctrl+K again goes to
 * Tasks (the spec's shortcut). Full screen on a phone.
 */
export function CommandPalette({
  open,
  onOpenChange,
  user,
  initialText = '',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: PublicUser;
  initialText?: string;
}) {
  const { t } = useTranslation('shell');
  const [, navigate] = useLocation();
  const [text, setText] = useState(initialText);
  const [mode, setMode] = useState<'all' | 'pay'>('all');
  // The option the arrows chose (its key); the first one until they move, and again after typing.
  const [chosen, setChosen] = useState<string | null>(null);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const permissions = useMemo(() => permissionsFor(user.role, user.permissionOverrides), [user.role, user.permissionOverrides]);
  // Each opening is a new palette (the shell keys it): the recent list is read as it opens.
  const [recent] = useState(() => readRecent(user));
  const { result, pending, error } = useSearchResults(text);
  // Enter pressed while the search had not answered the text yet: taken when it has.
  const enterWaiting = useRef(false);

  const sections = useMemo(
    () =>
      paletteSections({
        query: text,
        mode,
        groups: result?.groups ?? [],
        permissions,
        pages: APP_ROUTES.filter((route) => isRouteShown(route, permissions, user.disabledFeatures)).map((route) => ({
          key: route.key,
          path: route.path,
        })),
        recent,
        label: {
          kind: (kind) => t(`palette.kinds.${kind}`),
          action: (action) => t(`palette.actions.${action}`),
          page: (key) => t(`routes.${key}.title`),
          section: (id) => t(`palette.sections.${id}`),
        },
      }),
    [text, mode, result, permissions, user.disabledFeatures, recent, t],
  );
  const items = useMemo(() => sections.flatMap((section) => section.items), [sections]);
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item.key === chosen),
  );
  const activeItem = items[activeIndex];
  const optionId = (index: number) => `${listId}-option-${index}`;

  const pick = (item: PaletteItem | undefined) => {
    if (!item) return;
    if (item.type === 'action' && item.action === 'recordPayment') {
      setMode('pay');
      setText('');
      setChosen(null);
      inputRef.current?.focus();
      return;
    }
    if (item.type === 'hit') remember(user, { kind: item.kind, id: item.hit.id, title: item.hit.title, subtitle: item.hit.subtitle });
    if (item.type === 'recent') remember(user, item.record);
    onOpenChange(false);
    navigate(item.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const last = items.length - 1;
    const moves: Record<string, () => number> = {
      ArrowDown: () => (activeIndex >= last ? 0 : activeIndex + 1),
      ArrowUp: () => (activeIndex <= 0 ? last : activeIndex - 1),
      Home: () => 0,
      End: () => last,
    };
    if (moves[event.key] && items.length > 0 && (event.key.startsWith('Arrow') || event.ctrlKey)) {
      event.preventDefault();
      const next = moves[event.key]();
      setChosen(items[next].key);
      document.getElementById(optionId(next))?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Backspace' && mode === 'pay' && text === '') {
      setMode('all');
    } else if (event.key === 'Enter') {
      event.preventDefault();
      // A record of the last answer is not what the new text asks for: wait for its answer.
      if (pending && (!activeItem || activeItem.type === 'hit' || activeItem.type === 'more')) enterWaiting.current = true;
      else pick(activeItem);
    }
  };
  useEffect(() => {
    if (!enterWaiting.current || pending) return;
    enterWaiting.current = false;
    pick(items[0]);
  });

  const trimmed = normalizeSearch(text);
  const short = trimmed.length > 0 && [...trimmed].length < SEARCH_MIN_CONTAINS;
  const nothing = !!result && !pending && result.groups.length === 0 && trimmed.length > 0;
  let index = -1;

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlayClasses} />
        <DialogPrimitive.Content
          className={cn(
            'fixed inset-0 z-50 flex flex-col bg-popover text-popover-foreground data-[state=open]:animate-fade-in',
            'md:inset-x-0 md:top-[10vh] md:bottom-auto md:mx-auto md:max-h-[75vh] md:w-[calc(100%-2rem)] md:max-w-[640px] md:rounded-lg md:border md:shadow-pop',
          )}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            inputRef.current?.focus();
            const length = inputRef.current?.value.length ?? 0;
            inputRef.current?.setSelectionRange(length, length);
          }}
          aria-describedby={undefined}
          data-testid="command-palette"
        >
          <DialogPrimitive.Title className="sr-only">{t('palette.title')}</DialogPrimitive.Title>
          <div className="flex items-center gap-2 border-b px-3">
            {pending && trimmed ? (
              <Spinner className="size-4 shrink-0 text-muted-foreground" />
            ) : (
              <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            )}
            {mode === 'pay' && (
              <button
                type="button"
                onClick={() => {
                  setMode('all');
                  inputRef.current?.focus();
                }}
                className="inline-flex shrink-0 items-center gap-1 rounded-full bg-primary/10 px-2.5 py-1 text-xs font-medium text-primary hover:bg-primary/15"
                aria-label={t('palette.leavePay')}
                data-testid="palette-mode"
              >
                {t('palette.actions.recordPayment')}
                <X className="size-3" aria-hidden />
              </button>
            )}
            <input
              ref={inputRef}
              type="text"
              role="combobox"
              aria-expanded
              aria-controls={listId}
              aria-activedescendant={activeItem ? optionId(activeIndex) : undefined}
              aria-autocomplete="list"
              aria-label={t('palette.title')}
              placeholder={mode === 'pay' ? t('palette.payPlaceholder') : t('palette.placeholder')}
              value={text}
              onChange={(event) => {
                enterWaiting.current = false;
                setText(event.target.value);
                setChosen(null);
              }}
              onKeyDown={onKeyDown}
              maxLength={100}
              autoComplete="off"
              spellCheck={false}
              className="h-14 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground"
              data-testid="palette-input"
            />
            <DialogPrimitive.Close
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-accent md:hidden"
              aria-label={t('common:actions.close')}
            >
              <X className="size-5" aria-hidden />
            </DialogPrimitive.Close>
            <span className="hidden md:inline-flex">
              <Kbd>Esc</Kbd>
            </span>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto p-2">
            <p role="status" className="px-3 py-2 text-sm text-muted-foreground empty:hidden" data-testid="palette-status">
              {error
                ? t('palette.error')
                : mode === 'pay' && !trimmed
                  ? t('palette.payHint')
                  : nothing || (mode === 'pay' && !pending && trimmed && items.length === 0)
                    ? t('palette.nothing', { q: trimmed })
                    : short
                      ? t('palette.short')
                      : ''}
            </p>
            <ul id={listId} role="listbox" aria-label={t('palette.title')} className="flex flex-col">
              {sections.map((section) => (
                <li key={section.id} role="presentation" className="pb-2" data-testid="palette-section" data-section={section.id}>
                  <p role="presentation" className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                    {section.heading}
                  </p>
                  <ul role="group" aria-label={section.heading}>
                    {section.items.map((item) => {
                      index++;
                      const position = index;
                      return (
                        <ItemRow
                          key={item.key}
                          item={item}
                          id={optionId(position)}
                          active={activeItem === item}
                          onPick={() => pick(item)}
                        />
                      );
                    })}
                  </ul>
                </li>
              ))}
            </ul>
          </div>
          <div className="hidden items-center gap-4 border-t px-4 py-2 text-xs text-muted-foreground md:flex">
            <span className="inline-flex items-center gap-1.5">
              <Kbd>↑</Kbd>
              <Kbd>↓</Kbd>
              {t('palette.hints.move')}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Kbd>Enter</Kbd>
              {t('palette.hints.open')}
            </span>
            <span className="ms-auto inline-flex items-center gap-1.5">
              <Kbd>Ctrl K</Kbd>
              {t('palette.hints.tasks')}
            </span>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
