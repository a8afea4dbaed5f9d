import type { Permissions } from '@core/permissions.ts';
import type { SearchGroup, SearchHit, SearchKind } from '@core/contracts/search.ts';
import { normalizeSearch } from '@core/rules/search.ts';

/**
 * What the command palette lists, as plain data (the palette renders it): the search's hits, the
 * quick actions the user's role allows, the pages to go to and the records opened lately.
 */
export type PaletteItem =
  | { type: 'hit'; key: string; kind: SearchKind; hit: SearchHit; href: string }
  | { type: 'more'; key: string; kind: SearchKind; href: string }
  | { type: 'action'; key: string; action: QuickAction; href: string }
  | { type: 'page'; key: string; routeKey: string; href: string }
  | { type: 'recent'; key: string; record: RecentRecord; href: string };

export type PaletteSection = { id: string; heading: string; items: PaletteItem[] };

/** Records with a view of their own; the other kinds open their list searching for the record. */
const DETAIL: Partial<Record<SearchKind, string>> = {
  customers: '/customers',
  vehicles: '/vehicles',
  jobCards: '/job-cards',
  estimates: '/estimates',
  invoices: '/invoices',
};
/** Each kind's list, which "see all" opens with the query. */
export const KIND_LIST: Record<SearchKind, string> = {
  customers: '/customers',
  vehicles: '/vehicles',
  jobCards: '/job-cards',
  estimates: '/estimates',
  invoices: '/invoices',
  parts: '/inventory',
  technicians: '/technicians',
  bookings: '/bookings',
  appointments: '/appointments',
};

const withQuery = (path: string, q: string) => `${path}?q=${encodeURIComponent(q)}`;

/** Where a hit leads: its record's view, or its list searching for what names it (a part's SKU, a booking's customer). */
export function hitHref(kind: SearchKind, hit: Pick<SearchHit, 'id' | 'title' | 'subtitle'>): string {
  const detail = DETAIL[kind];
  if (detail) return `${detail}/${hit.id}`;
  if (kind === 'parts') return withQuery(KIND_LIST.parts, hit.subtitle ?? hit.title);
  // The technicians' page has no search: its list (a workshop's few) with their workload.
  if (kind === 'technicians') return KIND_LIST.technicians;
  return withQuery(KIND_LIST[kind], hit.title);
}

export const QUICK_ACTIONS = [
  'newJobCard',
  'newCustomer',
  'newVehicle',
  'newBooking',
  'newAppointment',
  'newTask',
  'newEstimate',
  'newInvoice',
  'newPart',
  'recordPayment',
] as const;
export type QuickAction = (typeof QUICK_ACTIONS)[number];

/**
 * Each action's page (opened with `?new=1`, which opens its new-record dialog) and who may take
 * it. Record payment has no page of its own: it turns the palette to choosing the invoice, whose
 * view then opens its payment dialog (`?pay=1`).
 */
const ACTION_TARGET: Record<QuickAction, { path: string; allowed: (p: Permissions) => boolean }> = {
  newJobCard: { path: '/job-cards', allowed: (p) => p.canEditWorkshopData },
  newCustomer: { path: '/customers', allowed: (p) => p.canEditCustomers },
  newVehicle: { path: '/vehicles', allowed: (p) => p.canEditWorkshopData },
  newBooking: { path: '/bookings', allowed: (p) => p.canEditWorkshopData },
  newAppointment: { path: '/appointments', allowed: (p) => p.canEditWorkshopData },
  newTask: { path: '/tasks', allowed: (p) => p.canEditAllTasks },
  newEstimate: { path: '/estimates', allowed: (p) => p.canViewEstimates && p.canEditEstimates },
  newInvoice: { path: '/invoices', allowed: (p) => p.canViewInvoices && p.canEditInvoices },
  newPart: { path: '/inventory', allowed: (p) => p.canEditSpareParts },
  recordPayment: { path: '/invoices', allowed: (p) => p.canViewInvoices && p.canRecordPayments },
};
const actionHref = (action: QuickAction) => (action === 'recordPayment' ? '' : `${ACTION_TARGET[action].path}?new=1`);

/** Whether the labels (in the user's language) hold every word of the query, in any order and case. */
export function matchesText(query: string, ...labels: string[]): boolean {
  const words = normalizeSearch(query).toLocaleLowerCase().split(' ').filter(Boolean);
  const text = labels.join(' ').toLocaleLowerCase();
  return words.every((word) => text.includes(word));
}

export type RecentRecord = { kind: SearchKind; id: number; title: string; subtitle: string | null };
export const RECENT_LIMIT = 6;

/** The recent list after opening `record`: it first, once, at most RECENT_LIMIT. */
export function withRecent(list: RecentRecord[], record: RecentRecord): RecentRecord[] {
  return [record, ...list.filter((r) => !(r.kind === record.kind && r.id === record.id))].slice(0, RECENT_LIMIT);
}

/** A stored recent list read defensively (another version of the app, or a hand-edited value). */
export function parseRecent(stored: string | null, kinds: readonly SearchKind[]): RecentRecord[] {
  try {
    const value: unknown = JSON.parse(stored ?? '[]');
    if (!Array.isArray(value)) return [];
    return value
      .filter(
        (r): r is RecentRecord =>
          typeof r === 'object' &&
          r !== null &&
          kinds.includes(r.kind) &&
          Number.isInteger(r.id) &&
          typeof r.title === 'string' &&
          (r.subtitle === null || typeof r.subtitle === 'string'),
      )
      .slice(0, RECENT_LIMIT);
  } catch {
    return [];
  }
}

export type PaletteInput = {
  query: string;
  /** `pay`: choosing the invoice to record a payment on (only invoices, each opening its payment). */
  mode?: 'all' | 'pay';
  groups: SearchGroup[];
  permissions: Permissions;
  /** The pages of the navigation this user sees: route key and path. */
  pages: Array<{ key: string; path: string }>;
  recent: RecentRecord[];
  /** Texts: a kind's heading, an action's and a page's label, the sections' headings. */
  label: {
    kind: (kind: SearchKind) => string;
    action: (action: QuickAction) => string;
    page: (routeKey: string) => string;
    section: (id: 'recent' | 'actions' | 'pages') => string;
  };
};

/**
 * The palette's sections in order. Without a query: recent records, every allowed action, every
 * page. With one: the actions whose label holds the query's words (a command typed), the search's
 * groups (each with its "see all" when there are more), the pages whose label holds the words.
 */
export function paletteSections(input: PaletteInput): PaletteSection[] {
  const q = normalizeSearch(input.query);
  if (input.mode === 'pay') {
    const invoices = input.groups.find((group) => group.kind === 'invoices');
    if (!q || !invoices) return [];
    return [
      {
        id: 'invoices',
        heading: input.label.kind('invoices'),
        items: invoices.hits.map((hit) => ({
          type: 'hit',
          key: `hit:invoices:${hit.id}`,
          kind: 'invoices',
          hit,
          href: `${hitHref('invoices', hit)}?pay=1`,
        })),
      },
    ];
  }
  const sections: PaletteSection[] = [];
  if (!q && input.recent.length > 0) {
    sections.push({
      id: 'recent',
      heading: input.label.section('recent'),
      items: input.recent.map((record) => ({
        type: 'recent',
        key: `recent:${record.kind}:${record.id}`,
        record,
        href: hitHref(record.kind, record),
      })),
    });
  }
  const actions = QUICK_ACTIONS.filter(
    (action) => ACTION_TARGET[action].allowed(input.permissions) && (!q || matchesText(q, input.label.action(action))),
  );
  const actionSection: PaletteSection | null = actions.length
    ? {
        id: 'actions',
        heading: input.label.section('actions'),
        items: actions.map((action) => ({ type: 'action', key: `action:${action}`, action, href: actionHref(action) })),
      }
    : null;
  // Words that name an action ("new job") are a command: it comes before the records.
  if (q && actionSection) sections.push(actionSection);
  if (q) {
    for (const group of input.groups) {
      const items: PaletteItem[] = group.hits.map((hit) => ({
        type: 'hit',
        key: `hit:${group.kind}:${hit.id}`,
        kind: group.kind,
        hit,
        href: hitHref(group.kind, hit),
      }));
      if (group.more) {
        const list = KIND_LIST[group.kind];
        items.push({
          type: 'more',
          key: `more:${group.kind}`,
          kind: group.kind,
          href: group.kind === 'technicians' ? list : withQuery(list, q),
        });
      }
      sections.push({ id: group.kind, heading: input.label.kind(group.kind), items });
    }
  }
  if (!q && actionSection) sections.push(actionSection);
  const pages = input.pages.filter((page) => !q || matchesText(q, input.label.page(page.key)));
  if (pages.length > 0) {
    sections.push({
      id: 'pages',
      heading: input.label.section('pages'),
      items: pages.map((page) => ({ type: 'page', key: `page:${page.key}`, routeKey: page.key, href: page.path })),
    });
  }
  return sections;
}
