import { and, desc, eq, lt, sql, type SQL } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/search.ts';
import { JOB_CARD_SEARCH } from '../job-cards/job-cards.table.ts';
import { SPARE_PART_SEARCH } from '../spare-parts/spare-parts.table.ts';
import type { PastJob } from '../../../core/rules/ai-estimation.ts';
import { aiJobEstimations, aiMaintenancePredictions, aiPartsRecommendations } from './ai.table.ts';

/**
 * Reads for job estimation and parts recommendation: past completed job cards found through the
 * job cards' trigram index (job number and service type) and their vehicle index, each with its
 * part and labour lines summed in SQL; catalogue parts through the spare parts' trigram index.
 * Every query names the workshop.
 */

const orAll = (parts: SQL[]) => sql.join(parts, sql` or `);

/** Service types of completed job cards whose text contains one of the words, with how many of a sample carry each. */
export async function serviceTypesMatching(db: Tx, tenantId: number, words: string[]): Promise<Array<{ serviceType: string; n: number }>> {
  if (words.length === 0) return [];
  const like = orAll(words.map((w) => sql`${JOB_CARD_SEARCH} ilike ${containsPattern(w)}`));
  return queryRows(
    db,
    sql`select service_type as "serviceType", count(*)::int as n from (
          select service_type from job_cards
          where tenant_id = ${tenantId} and status = 'completed' and (${like})
          limit 2000
        ) s group by service_type order by n desc limit 50`,
  );
}

/**
 * The newest `limit` completed job cards matching `where` (walking job_cards_completed_type_idx
 * or the vehicle index backwards), then, for those only, their vehicle's make and model and their part and
 * labour lines summed (money in cents).
 */
function pastJobsQuery(tenantId: number, where: SQL, limit: number) {
  return sql`select jc.id, jc.job_number as "jobNumber", jc.service_type as "serviceType", jc.description, v.make, v.model,
      greatest(0, extract(epoch from (now() - coalesce(jc.completed_date, jc.updated_at))) / 86400)::float8 as "ageDays",
      coalesce(l.hours, 0)::float8 as hours, coalesce(l.cents, 0)::float8 as "labourCents", coalesce(p.cents, 0)::float8 as "partsCents"
    from (
      select id, job_number, service_type, description, vehicle_id, completed_date, updated_at from job_cards
      where tenant_id = ${tenantId} and status = 'completed' and ${where}
      order by id desc limit ${limit}
    ) jc
    join vehicles v on v.tenant_id = ${tenantId} and v.id = jc.vehicle_id
    left join lateral (
      select sum(hours) as hours, sum(round(hours * rate * 100)) as cents
      from job_card_labour where tenant_id = ${tenantId} and job_card_id = jc.id
    ) l on true
    left join lateral (
      select sum(round(quantity * unit_price * 100)) as cents
      from job_card_parts where tenant_id = ${tenantId} and job_card_id = jc.id
    ) p on true
    order by jc.id desc`;
}

const list = (values: Array<string | number>) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The newest completed job cards of these service types (found by `serviceTypesMatching`, through
 * the trigram index), and the vehicle's own past ones (the vehicle index); `exclude` leaves one
 * card out (the bench's leave-one-out evaluation).
 */
export async function pastJobs(
  db: Tx,
  tenantId: number,
  options: { serviceTypes: string[]; vehicleId?: number; limit: number; exclude?: number },
): Promise<PastJob[]> {
  const { serviceTypes, vehicleId, limit, exclude } = options;
  const out = new Map<number, PastJob>();
  const skip = exclude === undefined ? sql`true` : sql`id <> ${exclude}`;
  // One query per service type, each newest first through the completed-by-type index (the
  // best named type gets the most).
  for (const [i, type] of serviceTypes.entries()) {
    const where = sql`service_type = ${type} and ${skip}`;
    for (const row of await queryRows<PastJob>(db, pastJobsQuery(tenantId, where, Math.ceil(limit / (i + 1))))) out.set(row.id, row);
  }
  if (vehicleId !== undefined) {
    for (const row of await queryRows<PastJob>(db, pastJobsQuery(tenantId, sql`vehicle_id = ${vehicleId} and ${skip}`, 50))) {
      out.set(row.id, row);
    }
  }
  return [...out.values()];
}

export type VehicleRow = { id: number; make: string; model: string; year: number; plateNumber: string; mileage: number | null };

export async function findVehicle(db: Tx, tenantId: number, id: number): Promise<VehicleRow | undefined> {
  const [row] = await queryRows<VehicleRow>(
    db,
    sql`select id, make, model, year, plate_number as "plateNumber", mileage from vehicles where tenant_id = ${tenantId} and id = ${id}`,
  );
  return row;
}

export type CataloguePart = {
  id: number;
  name: string;
  description: string | null;
  sku: string;
  unitPrice: string;
  stockQuantity: number;
  status: string;
};

const PART_COLUMNS = sql`id, name, description, sku, unit_price::text as "unitPrice", stock_quantity as "stockQuantity", status`;

/** Catalogue parts (not discontinued) whose name, SKU, category or brand contains one of the words (a sample). */
export async function partsMentioning(db: Tx, tenantId: number, words: string[]): Promise<CataloguePart[]> {
  if (words.length === 0) return [];
  const like = orAll(words.map((w) => sql`${SPARE_PART_SEARCH} ilike ${containsPattern(w)}`));
  return queryRows(
    db,
    sql`select ${PART_COLUMNS} from spare_parts
        where tenant_id = ${tenantId} and status <> 'discontinued' and (${like})
        order by id limit 200`,
  );
}

export async function partsByIds(db: Tx, tenantId: number, ids: number[]): Promise<CataloguePart[]> {
  if (ids.length === 0) return [];
  return queryRows(db, sql`select ${PART_COLUMNS} from spare_parts where tenant_id = ${tenantId} and id in (${list(ids)})`);
}

export type JobWithVehicle = { id: number; jobNumber: string; make: string; model: string };

/** The newest completed job cards of a service type (job_cards_completed_type_idx, backwards), with their vehicle. */
export async function jobsOfServiceType(db: Tx, tenantId: number, serviceType: string, limit: number): Promise<JobWithVehicle[]> {
  return queryRows(
    db,
    sql`select jc.id, jc.job_number as "jobNumber", v.make, v.model
        from (
          select id, job_number, vehicle_id from job_cards
          where tenant_id = ${tenantId} and status = 'completed' and service_type = ${serviceType}
          order by id desc limit ${limit}
        ) jc join vehicles v on v.tenant_id = ${tenantId} and v.id = jc.vehicle_id
        order by jc.id desc`,
  );
}

/** The part lines of job cards (part, quantity summed per card). */
export async function partLinesOf(
  db: Tx,
  tenantId: number,
  jobCardIds: number[],
): Promise<Array<{ jobCardId: number; sparePartId: number; quantity: number }>> {
  if (jobCardIds.length === 0) return [];
  return queryRows(
    db,
    sql`select job_card_id as "jobCardId", spare_part_id as "sparePartId", sum(quantity)::int as quantity
        from job_card_parts where tenant_id = ${tenantId} and job_card_id in (${list(jobCardIds)})
        group by job_card_id, spare_part_id`,
  );
}

// ---- records ------------------------------------------------------------------------------

export type EstimationRow = typeof aiJobEstimations.$inferSelect;
export type RecommendationRow = typeof aiPartsRecommendations.$inferSelect;
export type PredictionRow = typeof aiMaintenancePredictions.$inferSelect;

export async function insertEstimation(db: Tx, values: typeof aiJobEstimations.$inferInsert): Promise<EstimationRow> {
  const [row] = await db.insert(aiJobEstimations).values(values).returning();
  return row;
}

export async function findEstimation(db: Tx, tenantId: number, id: number, lock = false): Promise<EstimationRow | undefined> {
  const query = db
    .select()
    .from(aiJobEstimations)
    .where(and(eq(aiJobEstimations.tenantId, tenantId), eq(aiJobEstimations.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function decideEstimation(
  db: Tx,
  tenantId: number,
  id: number,
  values: Pick<EstimationRow, 'status' | 'decidedBy' | 'decidedAt'> & { appliedToJobCard?: number },
): Promise<EstimationRow> {
  const [row] = await db
    .update(aiJobEstimations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(aiJobEstimations.tenantId, tenantId), eq(aiJobEstimations.id, id)))
    .returning();
  return row;
}

export async function insertRecommendation(db: Tx, values: typeof aiPartsRecommendations.$inferInsert): Promise<RecommendationRow> {
  const [row] = await db.insert(aiPartsRecommendations).values(values).returning();
  return row;
}

export async function findRecommendation(db: Tx, tenantId: number, id: number, lock = false): Promise<RecommendationRow | undefined> {
  const query = db
    .select()
    .from(aiPartsRecommendations)
    .where(and(eq(aiPartsRecommendations.tenantId, tenantId), eq(aiPartsRecommendations.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function decideRecommendation(
  db: Tx,
  tenantId: number,
  id: number,
  values: Pick<RecommendationRow, 'status' | 'decidedBy' | 'decidedAt'> & { appliedToJobCard?: number; appliedToEstimate?: number },
): Promise<RecommendationRow> {
  const [row] = await db
    .update(aiPartsRecommendations)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(aiPartsRecommendations.tenantId, tenantId), eq(aiPartsRecommendations.id, id)))
    .returning();
  return row;
}

/** A vehicle's AI results, newest first, a page of `limit` each (before an id, for the next page). */
export async function vehicleHistory(db: Tx, tenantId: number, vehicleId: number, limit: number, before?: number) {
  const older = (column: Parameters<typeof lt>[0]) => (before === undefined ? undefined : lt(column, before));
  const [estimations, predictions, recommendations] = [
    await db
      .select()
      .from(aiJobEstimations)
      .where(and(eq(aiJobEstimations.tenantId, tenantId), eq(aiJobEstimations.vehicleId, vehicleId), older(aiJobEstimations.id)))
      .orderBy(desc(aiJobEstimations.id))
      .limit(limit),
    await db
      .select()
      .from(aiMaintenancePredictions)
      .where(
        and(
          eq(aiMaintenancePredictions.tenantId, tenantId),
          eq(aiMaintenancePredictions.vehicleId, vehicleId),
          older(aiMaintenancePredictions.id),
        ),
      )
      .orderBy(desc(aiMaintenancePredictions.id))
      .limit(limit),
    await db
      .select()
      .from(aiPartsRecommendations)
      .where(
        and(
          eq(aiPartsRecommendations.tenantId, tenantId),
          eq(aiPartsRecommendations.vehicleId, vehicleId),
          older(aiPartsRecommendations.id),
        ),
      )
      .orderBy(desc(aiPartsRecommendations.id))
      .limit(limit),
  ];
  return { estimations, predictions, recommendations };
}

/** The customer a vehicle of the workshop belongs to (undefined: not the workshop's vehicle). */
export async function vehicleCustomerId(db: Tx, tenantId: number, vehicleId: number): Promise<number | undefined> {
  const [row] = await queryRows<{ customerId: number }>(
    db,
    sql`select customer_id as "customerId" from vehicles where tenant_id = ${tenantId} and id = ${vehicleId}`,
  );
  return row?.customerId;
}
