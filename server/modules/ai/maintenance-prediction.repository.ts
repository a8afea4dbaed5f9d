import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../db/client.ts';
import type { PastService } from '../../../core/rules/predict-maintenance.ts';
import { aiMaintenancePredictions } from './ai.table.ts';
import { idIn } from '../../db/conditions.ts';

/** The vehicle a prediction is for: its odometer, its owner (a booking needs one) and how it is cited. */
export async function findVehicle(db: Tx, tenantId: number, vehicleId: number) {
  const [row] = await queryRows<{
    id: number;
    customerId: number;
    make: string;
    model: string;
    plateNumber: string;
    mileage: number | null;
    lastReading: number | null;
  }>(
    db,
    sql`select v.id, v.customer_id as "customerId", v.make, v.model, v.plate_number as "plateNumber", v.mileage,
          greatest(v.mileage, (select max(h.mileage_at_service) from vehicle_service_history h
            where h.tenant_id = v.tenant_id and h.vehicle_id = v.id)) as "lastReading"
        from vehicles v where v.tenant_id = ${tenantId} and v.id = ${vehicleId}`,
  );
  return row;
}

/**
 * The vehicle's past services, newest first (the last 500), each with the text a service is
 * recognised in: its type, description and notes, and its job card's labour lines and part names.
 */
export async function pastServices(db: Tx, tenantId: number, vehicleId: number): Promise<PastService[]> {
  return queryRows<PastService>(
    db,
    sql`select h.service_date::text as date, h.mileage_at_service as mileage, h.job_card_id as "jobCardId", j.job_number as "jobNumber",
          concat_ws(' | ', h.service_type, h.description, h.notes,
            (select string_agg(l.description, ' | ') from job_card_labour l where l.tenant_id = h.tenant_id and l.job_card_id = h.job_card_id),
            (select string_agg(p.name, ' | ') from job_card_parts jp join spare_parts p on p.id = jp.spare_part_id and p.tenant_id = jp.tenant_id
              where jp.tenant_id = h.tenant_id and jp.job_card_id = h.job_card_id)) as text
        from vehicle_service_history h
        left join job_cards j on j.tenant_id = h.tenant_id and j.id = h.job_card_id
        where h.tenant_id = ${tenantId} and h.vehicle_id = ${vehicleId}
        order by h.service_date desc, h.id desc
        limit 500`,
  );
}

/** Mileage readings over time: the history's, oldest first. */
export async function mileageReadings(db: Tx, tenantId: number, vehicleId: number) {
  return queryRows<{ date: string; mileage: number }>(
    db,
    sql`select service_date::text as date, mileage_at_service as mileage from vehicle_service_history
        where tenant_id = ${tenantId} and vehicle_id = ${vehicleId} and mileage_at_service is not null
        order by service_date`,
  );
}

export async function insertPredictions(db: Tx, rows: Array<typeof aiMaintenancePredictions.$inferInsert>): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await db.insert(aiMaintenancePredictions).values(rows).returning({ id: aiMaintenancePredictions.id });
  return inserted.map((r) => r.id);
}

export type PredictionRow = {
  id: number;
  vehicleId: number;
  predictedIssue: string;
  severity: string;
  recommendedAction: string;
  estimatedTimeframe: string;
  dueDate: string | null;
  dueMileage: number | null;
  confidence: string;
  reason: string;
  basedOnData: {
    serviceKey?: string | null;
    citations?: unknown[];
    intervalKm?: number | null;
    intervalMonths?: number | null;
    facts?: unknown;
  };
  acknowledgedBy: number | null;
  acknowledgedAt: string | null;
  bookingId: number | null;
  maintenanceScheduleId: number | null;
  status: string;
  decidedBy: number | null;
  decidedAt: string | null;
  createdAt: string;
};

const COLUMNS = sql`id, vehicle_id as "vehicleId", predicted_issue as "predictedIssue", severity, recommended_action as "recommendedAction",
  estimated_timeframe as "estimatedTimeframe", due_date::text as "dueDate", due_mileage as "dueMileage", confidence::text as confidence,
  reason, based_on_data as "basedOnData", acknowledged_by as "acknowledgedBy", acknowledged_at as "acknowledgedAt",
  booking_id as "bookingId", maintenance_schedule_id as "maintenanceScheduleId", status, decided_by as "decidedBy",
  decided_at as "decidedAt", created_at as "createdAt"`;

export async function findPredictions(db: Tx, tenantId: number, ids: number[]): Promise<PredictionRow[]> {
  if (ids.length === 0) return [];
  return queryRows<PredictionRow>(
    db,
    sql`select ${COLUMNS} from ai_maintenance_predictions
        where tenant_id = ${tenantId} and ${idIn(ids)} order by id`,
  );
}

/** The prediction, locked until the transaction ends (an apply step decides it once). */
export async function lockPrediction(db: Tx, tenantId: number, id: number): Promise<PredictionRow | undefined> {
  const [row] = await queryRows<PredictionRow>(
    db,
    sql`select ${COLUMNS} from ai_maintenance_predictions where tenant_id = ${tenantId} and id = ${id} for update`,
  );
  return row;
}

export type Decision = {
  status: 'applied' | 'dismissed';
  decidedBy: number;
  acknowledge?: boolean;
  bookingId?: number;
  maintenanceScheduleId?: number;
};

/** Decides a pending prediction; false when it was already decided. */
export async function decidePrediction(db: Tx, tenantId: number, id: number, d: Decision): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ai_maintenance_predictions set status = ${d.status}, decided_by = ${d.decidedBy}, decided_at = now(), updated_at = now(),
          acknowledged_by = case when ${d.acknowledge ?? false} then ${d.decidedBy}::int else acknowledged_by end,
          acknowledged_at = case when ${d.acknowledge ?? false} then now() else acknowledged_at end,
          booking_id = coalesce(${d.bookingId ?? null}::int, booking_id),
          maintenance_schedule_id = coalesce(${d.maintenanceScheduleId ?? null}::int, maintenance_schedule_id)
        where tenant_id = ${tenantId} and id = ${id} and status = 'pending'
        returning id`,
  );
  return rows.length > 0;
}
