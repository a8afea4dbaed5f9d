import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { countRows, searchTotal, totalFromPage, type Total } from '../../db/totals.ts';
import type { JobCard, JobCardListQuery } from '../../../core/contracts/job-cards.ts';
import { containsPattern } from '../../db/search.ts';
import { CUSTOMER_FULL_NAME } from '../customers/customers.table.ts';
import { VEHICLE_MAKE_MODEL, vehicles, vehicleServiceHistory } from '../vehicles/vehicles.table.ts';
import { spareParts } from '../spare-parts/spare-parts.table.ts';
import { JOB_CARD_SEARCH, jobCardLabour, jobCardParts, jobCards } from './job-cards.table.ts';
import { idIn } from '../../db/conditions.ts';
import { isoTimestamp } from '../../db/columns.ts';

type Row = Omit<JobCard, 'scheduledDate' | 'completedDate' | 'createdAt' | 'updatedAt'> & {
  scheduledDate: string | Date | null;
  completedDate: string | Date | null;
  createdAt: string | Date;
  updatedAt: string | Date;
  partsConsumed: boolean;
};

const iso = (v: string | Date | null) => (v === null ? null : isoTimestamp(v));

export type JobCardFilter = Partial<Omit<JobCardListQuery, 'mine'>> & { assignedTo?: number; ids?: number[] };

/** The filters other than the search box. */
function conditions(tenantId: number, f: JobCardFilter): SQL {
  const where: SQL[] = [sql`tenant_id = ${tenantId}`];
  if (f.ids) where.push(idIn(f.ids));
  if (f.status) where.push(sql`status = ${f.status}`);
  if (f.priority) where.push(sql`priority = ${f.priority}`);
  if (f.customerId) where.push(sql`customer_id = ${f.customerId}`);
  if (f.vehicleId) where.push(sql`vehicle_id = ${f.vehicleId}`);
  if (f.assignedTo) where.push(sql`assigned_to = ${f.assignedTo}`);
  return sql.join(where, sql` and `);
}

/**
 * What the search box matches, as three conditions each served by a trigram index: the job
 * card's own text (job number, service type), its customer's full name, its vehicle's make and model.
 */
function searchBranches(tenantId: number, q: string): SQL[] {
  const like = containsPattern(q);
  return [
    sql`${JOB_CARD_SEARCH} ilike ${like}`,
    sql`customer_id in (select id from customers where tenant_id = ${tenantId} and ${CUSTOMER_FULL_NAME} ilike ${like})`,
    sql`vehicle_id in (select id from vehicles where tenant_id = ${tenantId} and ${VEHICLE_MAKE_MODEL} ilike ${like})`,
  ];
}

/**
 * The ids of one page, newest first. A search is a union of its three conditions, each taking
 * only the newest rows it could contribute, so the planner serves each from its own index and
 * stops early whether a condition matches ten rows or a hundred thousand.
 */
function pageIds(tenantId: number, f: JobCardFilter, limit: number, offset: number): SQL {
  const where = conditions(tenantId, f);
  if (!f.q) return sql`select id from job_cards where ${where} order by id desc limit ${limit} offset ${offset}`;
  const parts = searchBranches(tenantId, f.q).map(
    (match) => sql`(select id from job_cards where ${where} and ${match} order by id desc limit ${offset + limit})`,
  );
  return sql`select id from (${sql.join(parts, sql` union `)}) matched order by id desc limit ${limit} offset ${offset}`;
}

/** The full count: from the page when it is the last, from job_card_counts when only status and priority filter. */
async function jobCardTotal(db: Tx, tenantId: number, f: JobCardFilter, limit: number, offset: number, rows: number): Promise<Total> {
  const known = totalFromPage(offset, limit, rows);
  if (known) return known;
  const where = conditions(tenantId, f);
  if (f.q) {
    const branches = searchBranches(tenantId, f.q);
    return searchTotal(
      db,
      { offset, limit, rows },
      (n) =>
        sql.join(
          branches.map((match) => sql`(select id from job_cards where ${where} and ${match} limit ${n})`),
          sql` union `,
        ),
      branches.map((match) => sql`select id from job_cards where ${where} and ${match}`),
    );
  }
  if (!f.customerId && !f.vehicleId && !f.assignedTo && !f.ids) {
    const counted: SQL[] = [sql`tenant_id = ${tenantId}`];
    if (f.status) counted.push(sql`status = ${f.status}`);
    if (f.priority) counted.push(sql`priority = ${f.priority}`);
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select coalesce(sum(n), 0)::int as n from job_card_counts where ${sql.join(counted, sql` and `)}`,
    );
    return { total: row.n, exact: true };
  }
  // A customer's, a vehicle's or a technician's cards: few enough to count through their index.
  return { total: await countRows(db, sql`select 1 from job_cards where ${where}`), exact: true };
}

/** Job cards newest first with their customer, vehicle and technician, filtered and paged, with the full count. */
export async function listJobCards(
  db: Tx,
  tenantId: number,
  f: JobCardFilter,
): Promise<{ rows: Array<JobCard & { partsConsumed: boolean }>; total: number; exact: boolean }> {
  const limit = f.limit ?? 500;
  const offset = f.offset ?? 0;
  // The page's ids first, then the names of its rows only: one query whatever the page size.
  const rows = await queryRows<Row>(
    db,
    sql`with page as (${pageIds(tenantId, f, limit, offset)})
        select j.id, j.tenant_id as "tenantId", j.job_number as "jobNumber", j.customer_id as "customerId", j.vehicle_id as "vehicleId",
          json_build_object('id', c.id, 'firstName', c.first_name, 'lastName', c.last_name) as customer,
          json_build_object('id', v.id, 'make', v.make, 'model', v.model, 'plateNumber', v.plate_number) as vehicle,
          j.service_type as "serviceType", j.description, j.status, j.priority, j.assigned_to as "assignedTo",
          case when t.id is null then null else json_build_object('id', t.id, 'firstName', t.first_name, 'lastName', t.last_name) end as technician,
          j.estimated_cost::text as "estimatedCost", j.actual_cost::text as "actualCost",
          j.scheduled_date as "scheduledDate", j.completed_date as "completedDate", j.notes,
          j.parts_consumed as "partsConsumed", j.created_at as "createdAt", j.updated_at as "updatedAt"
        from page
        join job_cards j on j.id = page.id
        join customers c on c.id = j.customer_id
        join vehicles v on v.id = j.vehicle_id
        left join technicians t on t.id = j.assigned_to
        order by j.id desc`,
  );
  const { total, exact } = f.ids ? { total: rows.length, exact: true } : await jobCardTotal(db, tenantId, f, limit, offset, rows.length);
  return {
    rows: rows.map((r) => ({
      ...r,
      scheduledDate: iso(r.scheduledDate),
      completedDate: iso(r.completedDate),
      createdAt: iso(r.createdAt)!,
      updatedAt: iso(r.updatedAt)!,
    })),
    total,
    exact,
  };
}

export async function findJobCard(db: Tx, tenantId: number, id: number) {
  return (await listJobCards(db, tenantId, { ids: [id], limit: 1 })).rows[0];
}

export type PartLineRow = { id: number; sparePartId: number; name: string; sku: string; quantity: number; unitPrice: string };
export type LabourLineRow = { id: number; description: string; hours: string; rate: string };

export async function partLines(db: Tx, tenantId: number, jobCardId: number): Promise<PartLineRow[]> {
  return queryRows<PartLineRow>(
    db,
    sql`select l.id, l.spare_part_id as "sparePartId", p.name, p.sku, l.quantity, l.unit_price::text as "unitPrice"
        from job_card_parts l join spare_parts p on p.tenant_id = l.tenant_id and p.id = l.spare_part_id
        where l.tenant_id = ${tenantId} and l.job_card_id = ${jobCardId} order by l.id`,
  );
}

export async function labourLines(db: Tx, tenantId: number, jobCardId: number): Promise<LabourLineRow[]> {
  return queryRows<LabourLineRow>(
    db,
    sql`select id, description, hours::text as hours, rate::text as rate from job_card_labour
        where tenant_id = ${tenantId} and job_card_id = ${jobCardId} order by id`,
  );
}

/** The job card row locked for the rest of the transaction: changes to one card take turns. */
export async function lockJobCard(db: Tx, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(jobCards)
    .where(and(eq(jobCards.tenantId, tenantId), eq(jobCards.id, id)))
    .for('update');
  return row;
}

/** The highest job number of a workshop (numbers are fixed width, so text order is number order). */
export async function highestJobNumber(db: Tx, tenantId: number): Promise<string | null> {
  const [row] = await queryRows<{ jobNumber: string }>(
    db,
    sql`select job_number as "jobNumber" from job_cards where tenant_id = ${tenantId} and job_number like 'JC-%'
        order by job_number desc limit 1`,
  );
  return row?.jobNumber ?? null;
}

export type JobCardColumns = Partial<Omit<typeof jobCards.$inferInsert, 'id' | 'tenantId'>>;

/** Inserts unless the job number is taken (then undefined: the caller allocates another or answers 409). */
export async function insertJobCard(
  db: Tx,
  values: JobCardColumns & { tenantId: number; jobNumber: string; customerId: number; vehicleId: number; serviceType: string },
): Promise<number | undefined> {
  const [row] = await db
    .insert(jobCards)
    .values(values)
    .onConflictDoNothing({ target: [jobCards.tenantId, jobCards.jobNumber] })
    .returning({ id: jobCards.id });
  return row?.id;
}

export async function updateJobCard(db: Tx, tenantId: number, id: number, values: JobCardColumns) {
  await db
    .update(jobCards)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(jobCards.tenantId, tenantId), eq(jobCards.id, id)));
}

export async function replacePartLines(
  db: Tx,
  tenantId: number,
  jobCardId: number,
  lines: Array<{ sparePartId: number; quantity: number; unitPrice: string }>,
) {
  await db.delete(jobCardParts).where(and(eq(jobCardParts.tenantId, tenantId), eq(jobCardParts.jobCardId, jobCardId)));
  if (lines.length) await db.insert(jobCardParts).values(lines.map((l) => ({ ...l, tenantId, jobCardId })));
}

export async function replaceLabourLines(
  db: Tx,
  tenantId: number,
  jobCardId: number,
  lines: Array<{ description: string; hours: string; rate: string }>,
) {
  await db.delete(jobCardLabour).where(and(eq(jobCardLabour.tenantId, tenantId), eq(jobCardLabour.jobCardId, jobCardId)));
  if (lines.length) await db.insert(jobCardLabour).values(lines.map((l) => ({ ...l, tenantId, jobCardId })));
}

export async function findVehicle(db: Tx, tenantId: number, id: number) {
  const [row] = await db
    .select({ id: vehicles.id, customerId: vehicles.customerId, mileage: vehicles.mileage })
    .from(vehicles)
    .where(and(eq(vehicles.tenantId, tenantId), eq(vehicles.id, id)));
  return row;
}

/** Parts of this workshop among `ids`, with their unit prices (a line's default price). */
export async function partPrices(db: Tx, tenantId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: spareParts.id, unitPrice: spareParts.unitPrice })
    .from(spareParts)
    .where(and(eq(spareParts.tenantId, tenantId), inArray(spareParts.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r.unitPrice]));
}

export async function technicianName(db: Tx, tenantId: number, id: number | null): Promise<string | null> {
  if (!id) return null;
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select first_name || ' ' || last_name as name from technicians where tenant_id = ${tenantId} and id = ${id}`,
  );
  return row?.name ?? null;
}

export type HistoryColumns = {
  serviceType: string;
  description: string | null;
  cost: string | null;
  performedBy: string | null;
};

export async function insertServiceHistory(
  db: Tx,
  values: HistoryColumns & { tenantId: number; vehicleId: number; jobCardId: number; serviceDate: string; mileageAtService: number | null },
) {
  await db.insert(vehicleServiceHistory).values(values);
}

export async function updateServiceHistory(db: Tx, tenantId: number, jobCardId: number, values: HistoryColumns & { vehicleId: number }) {
  await db
    .update(vehicleServiceHistory)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(vehicleServiceHistory.tenantId, tenantId), eq(vehicleServiceHistory.jobCardId, jobCardId)));
}

export async function deleteServiceHistory(db: Tx, tenantId: number, jobCardId: number) {
  await db
    .delete(vehicleServiceHistory)
    .where(and(eq(vehicleServiceHistory.tenantId, tenantId), eq(vehicleServiceHistory.jobCardId, jobCardId)));
}
