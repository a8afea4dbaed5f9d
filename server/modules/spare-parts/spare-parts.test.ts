import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';
import { createSparePart } from '../../test/workshop.ts';
import { csvRecords } from '../../../core/csv.ts';
import { queryRows } from '../../db/client.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

type Part = { id: number; name: string; sku: string; stockQuantity: number };
const names = (rows: Part[]) => rows.map((p) => p.name);
const issues = (res: { json(): { issues: Array<{ path: string; message: string }> } }) =>
  Object.fromEntries(res.json().issues.map((i) => [i.path, i.message]));
const auditRows = (partId: number) =>
  queryRows<{ action: string; before: number; change: number; after: number }>(
    t.database.db,
    sql`select action_type as action, quantity_before as before, quantity_change as change, quantity_after as after
        from inventory_audit_trail where spare_part_id = ${partId} order by id`,
  );

describe('spare parts', () => {
  it('are created by staff with defaults and the spec validation messages', async () => {
    const part = await createSparePart(w.manager, {
      name: 'Brake pads front',
      sku: 'BRK-001',
      stockQuantity: undefined,
      minimumStock: undefined,
      unitPrice: 45.5,
    });
    expect(part).toMatchObject({
      tenantId: w.tenantId,
      name: 'Brake pads front',
      sku: 'BRK-001',
      stockQuantity: 0,
      minimumStock: 0,
      unitPrice: '45.50',
      status: 'active',
    });
    expect(await auditRows(part.id)).toEqual([{ action: 'created', before: 0, change: 0, after: 0 }]);

    const empty = await w.manager.post('/api/spare-parts', { name: '', sku: '  ', unitPrice: 0, stockQuantity: -1, minimumStock: -1 });
    expect(empty.statusCode).toBe(400);
    expect(issues(empty)).toEqual({
      name: 'Name is required',
      sku: 'SKU is required',
      unitPrice: 'Unit price must be greater than 0',
      stockQuantity: 'Stock quantity must be 0 or greater',
      minimumStock: 'Minimum stock must be 0 or greater',
    });
    expect(issues(await w.manager.post('/api/spare-parts', { name: 'x', sku: 'y', unitPrice: -3 })).unitPrice).toBe(
      'Unit price must be greater than 0',
    );
    expect(issues(await w.manager.put(`/api/spare-parts/${part.id}`, { name: '' })).name).toBe('Name is required');
    expect(issues(await w.manager.put(`/api/spare-parts/${part.id}`, { stockQuantity: -2 })).stockQuantity).toBe(
      'Stock quantity must be 0 or greater',
    );
  });

  it('keeps SKUs unique per workshop, case-insensitively', async () => {
    await createSparePart(w.admin, { sku: 'FLT-OIL-9' });
    const dup = await w.admin.post('/api/spare-parts', { name: 'Other', sku: 'flt-oil-9', unitPrice: 1 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'spare_parts.sku_taken', message: 'A part with SKU "flt-oil-9" already exists' });
    const other = await createWorkshop(t.app);
    expect((await createSparePart(other.admin, { sku: 'FLT-OIL-9' })).sku).toBe('FLT-OIL-9');
  });

  it('are searched by name, SKU, category and brand, filtered and paged', async () => {
    const ws = await createWorkshop(t.app);
    await createSparePart(ws.admin, { name: 'Air filter', sku: 'AF-100', category: 'Filters', brand: 'Mann' });
    await createSparePart(ws.admin, { name: 'Spark plug', sku: 'SP-200', category: 'Ignition', brand: 'NGK', status: 'discontinued' });
    await createSparePart(ws.admin, {
      name: 'Wiper blade',
      sku: 'WB-300',
      category: 'Body',
      brand: 'Valeo',
      stockQuantity: 1,
      minimumStock: 5,
    });
    await createSparePart(ws.admin, {
      name: 'Cabin filter 50%_off',
      sku: 'CF-400',
      category: 'Filters',
      brand: 'Bosch',
      stockQuantity: 0,
      minimumStock: 0,
    });
    const list = async (q: string) => (await ws.technician.get(`/api/tenants/${ws.tenantId}/spare-parts?${q}`)).json() as Part[];
    expect(names(await list(''))).toEqual(['Air filter', 'Cabin filter 50%_off', 'Spark plug', 'Wiper blade']);
    expect(names(await list('q=spark'))).toEqual(['Spark plug']); // name
    expect(names(await list('q=wb-3'))).toEqual(['Wiper blade']); // SKU, any case
    expect(names(await list('q=ignit'))).toEqual(['Spark plug']); // category
    expect(names(await list('q=valeo'))).toEqual(['Wiper blade']); // brand
    expect(names(await list('q=50%25_'))).toEqual(['Cabin filter 50%_off']); // % and _ are literal
    expect(names(await list('q=%25'))).toEqual(['Cabin filter 50%_off']);
    expect(names(await list('category=Filters'))).toEqual(['Air filter', 'Cabin filter 50%_off']);
    expect(names(await list('status=discontinued'))).toEqual(['Spark plug']);
    expect(names(await list('status=active&category=Filters&q=air'))).toEqual(['Air filter']);
    expect(names(await list('lowStockFirst=true'))).toEqual(['Cabin filter 50%_off', 'Wiper blade', 'Air filter', 'Spark plug']);

    const page = await ws.technician.get(`/api/tenants/${ws.tenantId}/spare-parts?limit=2&offset=1`);
    expect(page.headers['x-total-count']).toBe('4');
    expect(names(page.json())).toEqual(['Cabin filter 50%_off', 'Spark plug']);
    const past = await ws.technician.get(`/api/tenants/${ws.tenantId}/spare-parts?limit=2&offset=10`);
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('4');
    expect((await ws.technician.get(`/api/tenants/${ws.tenantId}/spare-parts?limit=501`)).statusCode).toBe(400);
  });

  it('lists the categories of the whole table, not of one page', async () => {
    const ws = await createWorkshop(t.app);
    for (let i = 0; i < 55; i++)
      await createSparePart(ws.admin, { name: `Part ${String(i).padStart(2, '0')}`, category: `Category ${String(i).padStart(2, '0')}` });
    await createSparePart(ws.admin, { name: 'No category', category: '' });
    await createSparePart(ws.admin, { name: 'Same category', category: 'Category 00' });
    const page = await ws.technician.get(`/api/tenants/${ws.tenantId}/spare-parts`);
    expect(page.json()).toHaveLength(50);
    expect(page.headers['x-total-count']).toBe('57');
    const categories = (await ws.technician.get(`/api/tenants/${ws.tenantId}/spare-parts/categories`)).json();
    expect(categories).toHaveLength(55);
    expect(categories[0]).toBe('Category 00');
    expect(categories[54]).toBe('Category 54');
  });

  it('lists the parts that need attention: below the minimum or at zero', async () => {
    const ws = await createWorkshop(t.app);
    await createSparePart(ws.admin, { name: 'A low', stockQuantity: 1, minimumStock: 3 });
    await createSparePart(ws.admin, { name: 'B at minimum', stockQuantity: 3, minimumStock: 3 });
    await createSparePart(ws.admin, { name: 'C zero, no minimum', stockQuantity: 0, minimumStock: 0 });
    await createSparePart(ws.admin, { name: 'D plenty', stockQuantity: 30, minimumStock: 3 });
    await createSparePart(ws.admin, { name: 'E zero', stockQuantity: 0, minimumStock: 2 });
    const res = await ws.technician.get(`/api/tenants/${ws.tenantId}/spare-parts/low-stock`);
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['A low', 'C zero, no minimum', 'E zero']);
    expect(res.headers['x-total-count']).toBe('3');
    const page = await ws.technician.get(`/api/tenants/${ws.tenantId}/spare-parts/low-stock?limit=1&offset=1`);
    expect(names(page.json())).toEqual(['C zero, no minimum']);
    expect(page.headers['x-total-count']).toBe('3');
  });

  it('records every stock change in the audit trail: created, received, corrected by count and by edit', async () => {
    const part = await createSparePart(w.admin, { name: 'Coolant 5L', stockQuantity: 4 });
    const received = await w.manager.post(`/api/spare-parts/${part.id}/stock`, {
      type: 'receive',
      quantity: 6,
      unitCost: '3.10',
      reason: 'Delivery #88',
    });
    expect(received.statusCode).toBe(200);
    expect(received.json().stockQuantity).toBe(10);
    const counted = await w.manager.post(`/api/spare-parts/${part.id}/stock`, { type: 'correct', quantity: 7 });
    expect(counted.json().stockQuantity).toBe(7);
    const edited = await w.manager.put(`/api/spare-parts/${part.id}`, { stockQuantity: 9, name: 'Coolant 5 L' });
    expect(edited.json()).toMatchObject({ stockQuantity: 9, name: 'Coolant 5 L', sku: part.sku });
    // An edit that leaves the quantity as it is writes no stock row.
    await w.manager.put(`/api/spare-parts/${part.id}`, { stockQuantity: 9, minimumStock: 4 });
    expect((await w.manager.post(`/api/spare-parts/${part.id}/stock`, { type: 'receive', quantity: 0 })).statusCode).toBe(400);
    expect(issues(await w.manager.post(`/api/spare-parts/${part.id}/stock`, { type: 'correct', quantity: -1 })).quantity).toBe(
      'Quantity must be 0 or greater',
    );

    expect(await auditRows(part.id)).toEqual([
      { action: 'created', before: 0, change: 4, after: 4 },
      { action: 'received', before: 4, change: 6, after: 10 },
      { action: 'corrected', before: 10, change: -3, after: 7 },
      { action: 'corrected', before: 7, change: 2, after: 9 },
    ]);
    const trail = await w.technician.get(`/api/spare-parts/${part.id}/audit-trail?limit=2`);
    expect(trail.headers['x-total-count']).toBe('4');
    expect(trail.json()).toHaveLength(2);
    expect(trail.json()[0]).toMatchObject({
      actionType: 'corrected',
      quantityAfter: 9,
      performedBy: { id: w.manager.user.id, name: 'Mona manager' },
    });
    expect(trail.json()[1]).toMatchObject({ actionType: 'corrected', reason: 'Stock count', referenceType: 'stock_count' });
    const oldest = (await w.technician.get(`/api/spare-parts/${part.id}/audit-trail?offset=2`)).json();
    expect(oldest[0]).toMatchObject({ actionType: 'received', unitCost: '3.10', reason: 'Delivery #88', referenceType: 'delivery' });
    expect(oldest[1]).toMatchObject({ actionType: 'created', performedBy: { id: w.admin.user.id, name: 'Amal Haddad' } });
  });

  it('are deleted only when no job card uses them', async () => {
    const part = await createSparePart(w.admin);
    expect((await w.manager.delete(`/api/spare-parts/${part.id}`)).statusCode).toBe(204);
    expect((await w.manager.get(`/api/spare-parts/${part.id}`)).statusCode).toBe(404);
    expect((await w.manager.delete(`/api/spare-parts/${part.id}`)).statusCode).toBe(404);
    // In use: see job-cards.test.ts (409 spare_parts.in_use).
  });

  it('technicians read; only staff create, edit, delete, move stock and import', async () => {
    const part = await createSparePart(w.admin);
    expect((await w.technician.get(`/api/spare-parts/${part.id}`)).statusCode).toBe(200);
    expect((await w.technician.get(`/api/tenants/${w.tenantId}/spare-parts`)).statusCode).toBe(200);
    expect((await w.technician.get(`/api/tenants/${w.tenantId}/spare-parts/categories`)).statusCode).toBe(200);
    expect((await w.technician.post('/api/spare-parts', { name: 'x', sku: 'tech-1', unitPrice: 1 })).statusCode).toBe(403);
    expect((await w.technician.put(`/api/spare-parts/${part.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await w.technician.delete(`/api/spare-parts/${part.id}`)).statusCode).toBe(403);
    expect((await w.technician.post(`/api/spare-parts/${part.id}/stock`, { type: 'receive', quantity: 1 })).statusCode).toBe(403);
    expect((await w.technician.post('/api/spare-parts/import', { rows: [{ name: 'x', sku: 'y', unitPrice: '1' }] })).statusCode).toBe(403);
    expect((await w.manager.get(`/api/spare-parts/${part.id}`)).json().stockQuantity).toBe(10);
  });

  it("keeps another workshop's parts invisible by list, id and search", async () => {
    const other = await createWorkshop(t.app);
    const theirs = await createSparePart(other.admin, { name: 'Secret turbo', sku: 'TURBO-X' });
    const mine = await createWorkshop(t.app);
    expect((await mine.admin.get(`/api/tenants/${mine.tenantId}/spare-parts?q=turbo`)).json()).toEqual([]);
    expect((await mine.admin.get(`/api/tenants/${mine.tenantId}/spare-parts`)).json()).toEqual([]);
    expect((await mine.admin.get(`/api/tenants/${mine.tenantId}/spare-parts/categories`)).json()).toEqual([]);
    expect((await mine.admin.get(`/api/tenants/${other.tenantId}/spare-parts`)).statusCode).toBe(404);
    expect((await mine.admin.get(`/api/tenants/${other.tenantId}/spare-parts/low-stock`)).statusCode).toBe(404);
    expect((await mine.admin.get(`/api/spare-parts/${theirs.id}`)).statusCode).toBe(404);
    expect((await mine.admin.put(`/api/spare-parts/${theirs.id}`, { name: 'Mine now' })).statusCode).toBe(404);
    expect((await mine.admin.delete(`/api/spare-parts/${theirs.id}`)).statusCode).toBe(404);
    expect((await mine.admin.post(`/api/spare-parts/${theirs.id}/stock`, { type: 'correct', quantity: 0 })).statusCode).toBe(404);
    expect((await mine.admin.get(`/api/spare-parts/${theirs.id}/audit-trail`)).statusCode).toBe(404);
    expect((await other.admin.get(`/api/spare-parts/${theirs.id}`)).json()).toMatchObject({ name: 'Secret turbo', stockQuantity: 10 });
    // Its SKU is free in this workshop.
    expect((await createSparePart(mine.admin, { sku: 'turbo-x' })).sku).toBe('turbo-x');
  });
});

describe('spare parts CSV', () => {
  it('exports every matching part (not one page) with a header the import reads back', async () => {
    const ws = await createWorkshop(t.app);
    for (let i = 0; i < 60; i++)
      await createSparePart(ws.admin, { name: `Bulb ${String(i).padStart(2, '0')}`, sku: `BLB-${i}`, category: 'Electrical' });
    await createSparePart(ws.admin, {
      name: 'Filter, "premium"',
      sku: 'F-1',
      category: 'Filters',
      description: 'Line one\nline two',
      brand: 'فلتر',
    });
    await createSparePart(ws.admin, {
      name: '=HYPERLINK("x")',
      sku: '-F-2',
      category: 'Electrical',
      description: '+12 V only',
      supplier: '@supplier',
    });
    const res = await ws.technician.get(`/api/tenants/${ws.tenantId}/spare-parts/export.csv?category=Electrical`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="spare-parts-\d{4}-\d{2}-\d{2}\.csv"$/);
    const { header, records } = csvRecords(res.body);
    expect(header).toEqual([
      'sku',
      'name',
      'category',
      'brand',
      'description',
      'stockQuantity',
      'minimumStock',
      'unitPrice',
      'location',
      'supplier',
      'status',
    ]);
    expect(records).toHaveLength(61);
    expect(records.find((r) => r.sku === 'BLB-0')).toMatchObject({
      name: 'Bulb 00',
      stockQuantity: '10',
      unitPrice: '12.50',
      status: 'active',
    });
    // A cell a spreadsheet would run as a formula is neutralised with a leading '.
    expect(records.find((r) => r.sku === "'-F-2")).toMatchObject({
      name: `'=HYPERLINK("x")`,
      sku: "'-F-2",
      description: "'+12 V only",
      supplier: "'@supplier",
    });

    const filters = csvRecords((await ws.technician.get(`/api/tenants/${ws.tenantId}/spare-parts/export.csv?q=premium`)).body).records;
    expect(filters).toEqual([expect.objectContaining({ name: 'Filter, "premium"', description: 'Line one\nline two', brand: 'فلتر' })]);

    // Round trip: the export imports into another workshop as it is.
    const other = await createWorkshop(t.app);
    const imported = await other.admin.post('/api/spare-parts/import', { rows: records });
    expect(imported.json()).toEqual({ imported: 61, valid: 61, errors: [] });
    expect((await other.admin.get(`/api/tenants/${other.tenantId}/spare-parts?limit=1`)).headers['x-total-count']).toBe('61');
    const formula = (await other.admin.get(`/api/tenants/${other.tenantId}/spare-parts?q=hyperlink`)).json();
    expect(formula).toEqual([
      expect.objectContaining({ name: '=HYPERLINK("x")', sku: '-F-2', description: '+12 V only', supplier: '@supplier' }),
    ]);
  });

  it('imports all rows or none, with per-row errors; a dry run writes nothing', async () => {
    const ws = await createWorkshop(t.app);
    await createSparePart(ws.admin, { sku: 'EXIST-1' });
    const rows = [
      { 'Part Name': 'Brake disc', SKU: 'BD-1', Category: 'Brakes', 'Unit Price': '80', Stock: '4', 'Min Stock': '2', Status: 'Active' },
      { 'Part Name': '', SKU: 'BD-2', Category: 'Brakes', 'Unit Price': '0', Stock: '-1', 'Min Stock': '', Status: '' },
      { 'Part Name': 'Duplicate', SKU: 'bd-1', Category: '', 'Unit Price': '5', Stock: '', 'Min Stock': '', Status: '' },
      { 'Part Name': 'Existing', SKU: 'exist-1', Category: '', 'Unit Price': '5', Stock: '', 'Min Stock': '', Status: '' },
      { 'Part Name': 'Fine', SKU: 'OK-1', Category: 'Brakes', 'Unit Price': '9.99', Stock: '', 'Min Stock': '-4', Status: '' },
    ];
    const dry = await ws.admin.post('/api/spare-parts/import', { rows, dryRun: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toEqual({
      imported: 0,
      valid: 1,
      errors: [
        { row: 3, field: 'name', message: 'Name is required' },
        { row: 3, field: 'stockQuantity', message: 'Stock quantity must be 0 or greater' },
        { row: 3, field: 'unitPrice', message: 'Unit price must be greater than 0' },
        { row: 4, field: 'sku', message: 'SKU "bd-1" is also on line 2' },
        { row: 5, field: 'sku', message: 'SKU "exist-1" already exists' },
        { row: 6, field: 'minimumStock', message: 'Minimum stock must be 0 or greater' },
      ].sort((a, b) => a.row - b.row),
    });
    const failed = await ws.admin.post('/api/spare-parts/import', { rows });
    expect(failed.statusCode).toBe(400);
    expect(failed.json()).toMatchObject({
      code: 'import.invalid',
      message: '4 rows have errors; nothing was imported',
      params: { errors: dry.json().errors },
    });
    expect((await ws.admin.get(`/api/tenants/${ws.tenantId}/spare-parts`)).headers['x-total-count']).toBe('1');

    const ok = await ws.admin.post('/api/spare-parts/import', { rows: [rows[0], rows[4]].map((r) => ({ ...r, 'Min Stock': '' })) });
    expect(ok.json()).toEqual({ imported: 2, valid: 2, errors: [] });
    const list: Array<Part & { unitPrice: string; status: string; minimumStock: number }> = (
      await ws.admin.get(`/api/tenants/${ws.tenantId}/spare-parts?category=Brakes`)
    ).json();
    expect(list.map((p) => [p.name, p.sku, p.stockQuantity, p.minimumStock, p.unitPrice, p.status])).toEqual([
      ['Brake disc', 'BD-1', 4, 0, '80.00', 'active'],
      ['Fine', 'OK-1', 0, 0, '9.99', 'active'],
    ]);
    expect(await auditRows(list[0].id)).toEqual([{ action: 'created', before: 0, change: 4, after: 4 }]);
    expect((await ws.admin.post('/api/spare-parts/import', { rows: [] })).json().issues[0].message).toBe('The file has no rows');
  });
});

describe('spare parts: totals at scale', () => {
  it('counts a search exactly up to 1,000 matches and estimates past that; lowStockFirst pages stay in order', async () => {
    const ws = await createWorkshop(t.app);
    await t.database.db
      .execute(sql`insert into spare_parts (tenant_id, name, sku, category, brand, stock_quantity, minimum_stock, unit_price)
      select ${ws.tenantId}, 'Bolt M' || lpad(g::text, 4, '0'), 'BLT-' || g, 'Fasteners', case when g % 3 = 0 then 'Würth' else 'Bossard' end,
        case when g % 100 = 0 then 0 else 50 end, 5, 0.25
      from generate_series(1, 1800) g`);
    const list = (q: string) => ws.manager.get(`/api/tenants/${ws.tenantId}/spare-parts?${q}`);
    const all = await list('limit=10');
    expect(all.headers['x-total-count']).toBe('1800');
    expect(all.headers['x-total-count-exact']).toBeUndefined();
    const bossard = await list('q=bossard&limit=10');
    expect(bossard.headers['x-total-count-exact']).toBe('false');
    expect(Number(bossard.headers['x-total-count'])).toBeGreaterThan(1000);
    const wurth = await list('q=w%C3%BCrth&limit=10');
    expect(wurth.headers['x-total-count']).toBe('600');
    expect(wurth.headers['x-total-count-exact']).toBeUndefined();
    const last = await list('q=bossard&limit=100&offset=1150');
    expect(last.json()).toHaveLength(50);
    expect(last.headers['x-total-count']).toBe('1200');
    expect(last.headers['x-total-count-exact']).toBeUndefined();

    // Out of stock first (every hundredth), then the rest, each by name; paging crosses the seam.
    const first = (await list('lowStockFirst=true&limit=19')).json() as Part[];
    expect(first.slice(0, 18).map((p) => p.name)).toEqual(
      Array.from({ length: 18 }, (_, i) => `Bolt M${String((i + 1) * 100).padStart(4, '0')}`),
    );
    expect(first[18].name).toBe('Bolt M0001');
    const seam = await list('lowStockFirst=true&limit=4&offset=16');
    expect((seam.json() as Part[]).map((p) => p.name)).toEqual(['Bolt M1700', 'Bolt M1800', 'Bolt M0001', 'Bolt M0002']);
    expect(seam.headers['x-total-count']).toBe('1800');
    const low = await ws.manager.get(`/api/tenants/${ws.tenantId}/spare-parts/low-stock?limit=5`);
    expect(low.headers['x-total-count']).toBe('18');
  });
});
