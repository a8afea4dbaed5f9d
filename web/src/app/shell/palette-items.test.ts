import { describe, expect, it } from 'vitest';
import { permissionsFor, type Permission } from '@core/permissions.ts';
import { SEARCH_KINDS } from '@core/contracts/search.ts';
import { hitHref, matchesText, paletteSections, parseRecent, RECENT_LIMIT, withRecent, type PaletteInput } from './palette-items';

const input = (over: Partial<PaletteInput> = {}): PaletteInput => ({
  query: '',
  groups: [],
  permissions: permissionsFor('manager'),
  pages: [
    { key: 'dashboard', path: '/' },
    { key: 'jobCards', path: '/job-cards' },
  ],
  recent: [],
  label: {
    kind: (kind) => `kind:${kind}`,
    action: (action) => ({ newJobCard: 'New job card', newCustomer: 'New customer' })[action as string] ?? action,
    page: (key) => ({ dashboard: 'Dashboard', jobCards: 'Job Cards' })[key] ?? key,
    section: (id) => id,
  },
  ...over,
});
const hit = (id: number, title: string, subtitle: string | null = null, exact = false) => ({ id, title, subtitle, exact });

describe('hitHref', () => {
  it("opens a record's view, or its list searching for what names it", () => {
    expect(hitHref('customers', hit(4, 'Layla Haddad'))).toBe('/customers/4');
    expect(hitHref('jobCards', hit(9, 'JC-000009'))).toBe('/job-cards/9');
    expect(hitHref('invoices', hit(2, 'INV-000002'))).toBe('/invoices/2');
    expect(hitHref('parts', hit(3, 'Brake pad set', 'BRK 1'))).toBe('/inventory?q=BRK%201');
    expect(hitHref('bookings', hit(5, 'Layla Haddad', 'Wheel alignment'))).toBe('/bookings?q=Layla%20Haddad');
    expect(hitHref('appointments', hit(6, 'APT-000006'))).toBe('/appointments?q=APT-000006');
    expect(hitHref('technicians', hit(8, 'Karim Mansour'))).toBe('/technicians');
  });
});

describe('paletteSections', () => {
  it('without a query: recent records, the allowed actions, the pages', () => {
    const recent = [{ kind: 'vehicles' as const, id: 7, title: 'DXB-7788', subtitle: '2020 Toyota Camry' }];
    const sections = paletteSections(input({ recent }));
    expect(sections.map((s) => s.id)).toEqual(['recent', 'actions', 'pages']);
    expect(sections[0].items[0]).toMatchObject({ type: 'recent', href: '/vehicles/7' });
    expect(sections[1].items.map((i) => i.href)).toContain('/job-cards?new=1');
  });

  it("with a query: the actions, the search's groups with 'see all', the pages whose label holds it", () => {
    const sections = paletteSections(
      input({
        query: '  job  ',
        groups: [{ kind: 'jobCards', hits: [hit(1, 'JC-000001', 'Job inspection')], more: true }],
      }),
    );
    // The words name an action: it comes first, as a command typed.
    expect(sections.map((s) => s.id)).toEqual(['actions', 'jobCards', 'pages']);
    expect(sections[0].items.map((i) => i.key)).toEqual(['action:newJobCard']);
    expect(sections[1].items.map((i) => i.href)).toEqual(['/job-cards/1', '/job-cards?q=job']);
    expect(sections[2].items.map((i) => i.key)).toEqual(['page:jobCards']);
    const records = paletteSections(
      input({ query: 'layla', groups: [{ kind: 'customers', hits: [hit(4, 'Layla Haddad')], more: false }] }),
    );
    expect(records.map((s) => s.id)).toEqual(['customers']);
    // The recent list is for an empty box only.
    expect(
      paletteSections(input({ query: 'x', recent: [{ kind: 'customers', id: 1, title: 'A', subtitle: null }] })).map((s) => s.id),
    ).toEqual([]);
  });

  it('in payment mode: only the invoices found, each opening its payment', () => {
    const groups = [
      { kind: 'customers' as const, hits: [hit(4, 'Layla Haddad')], more: false },
      { kind: 'invoices' as const, hits: [hit(2, 'INV-000002', 'Layla Haddad')], more: true },
    ];
    const sections = paletteSections(input({ query: 'layla', mode: 'pay', groups }));
    expect(sections.map((s) => s.items.map((i) => i.href))).toEqual([['/invoices/2?pay=1']]);
    expect(paletteSections(input({ query: '', mode: 'pay', groups }))).toEqual([]);
    expect(
      paletteSections(input())
        .flatMap((s) => s.items)
        .find((i) => i.key === 'action:recordPayment'),
    ).toMatchObject({ href: '' });
  });

  it("follows the user's permission overrides: a denial removes the action, a grant adds it", () => {
    const actions = (permissions: PaletteInput['permissions']) =>
      paletteSections(input({ permissions }))
        .flatMap((s) => s.items)
        .filter((i) => i.key.startsWith('action:'))
        .map((i) => i.key.slice('action:'.length));
    const denied = (permission: Permission) => ({ permission, allowed: false, expiresAt: null });
    const manager = permissionsFor('manager', [denied('customers.edit'), denied('payments.record'), denied('invoices.view')]);
    expect(actions(manager)).toEqual(['newJobCard', 'newVehicle', 'newBooking', 'newAppointment', 'newTask', 'newEstimate', 'newPart']);
    const technician = permissionsFor('technician', [{ permission: 'customers.edit', allowed: true, expiresAt: null }]);
    expect(actions(technician)).toEqual(['newCustomer']);
  });

  it('gives a technician no quick actions to create workshop records', () => {
    const sections = paletteSections(input({ permissions: permissionsFor('technician') }));
    expect(sections.map((s) => s.id)).toEqual(['pages']);
  });
});

describe('matchesText', () => {
  it('needs every word, in any order and case, Arabic too', () => {
    expect(matchesText('card new', 'New job card')).toBe(true);
    expect(matchesText('new boat', 'New job card')).toBe(false);
    expect(matchesText('جديد أمر', 'أمر عمل جديد')).toBe(true);
  });
});

describe('recent records', () => {
  it('keeps the latest first, once, at most six', () => {
    let list = [] as ReturnType<typeof withRecent>;
    for (let id = 1; id <= 8; id++) list = withRecent(list, { kind: 'customers', id, title: `C${id}`, subtitle: null });
    list = withRecent(list, { kind: 'customers', id: 5, title: 'C5', subtitle: null });
    expect(list.map((r) => r.id)).toEqual([5, 8, 7, 6, 4, 3]);
    expect(list).toHaveLength(RECENT_LIMIT);
  });
  it('reads a stored list defensively', () => {
    expect(parseRecent('not json', SEARCH_KINDS)).toEqual([]);
    expect(parseRecent('{"a":1}', SEARCH_KINDS)).toEqual([]);
    expect(
      parseRecent(
        JSON.stringify([
          { kind: 'ships', id: 1, title: 'x', subtitle: null },
          { kind: 'customers', id: 2, title: 'B', subtitle: null },
        ]),
        SEARCH_KINDS,
      ),
    ).toEqual([{ kind: 'customers', id: 2, title: 'B', subtitle: null }]);
  });
});
