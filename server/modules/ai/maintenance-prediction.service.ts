import type { Db, Tx } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import type { Citation, MaintenancePrediction, MaintenancePredictions } from '../../../core/contracts/ai.ts';
import type { AiUrgency } from '../../../core/contracts/ai.values.ts';
import { predictMaintenance } from '../../../core/rules/predict-maintenance.ts';
import { averageDailyMileage } from '../../../core/rules/maintenance.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';
import { updateVehicle } from '../vehicles/vehicles.service.ts';
import { addSchedule, listSchedules, refreshVehicle } from '../maintenance/maintenance.service.ts';
import { createBooking } from '../bookings/bookings.service.ts';
import { takeAiCall } from './ai-limits.ts';
import { decision } from './ai-record.ts';
import * as repo from './maintenance-prediction.repository.ts';

/**
 * Predictive maintenance (issue 13, item 2): what a vehicle is due for, from its own records
 * (core/rules/predict-maintenance.ts), each stored as a pending prediction that someone
 * acknowledges, turns into a booking or a maintenance schedule, or dismisses, once.
 *
 * The mileage asked with is the odometer now: never below the vehicle's last reading (its
 * mileage or its history's highest), used for the forecast, and, when it is higher than the
 * vehicle's and the asker may edit vehicles (admins and managers), saved as the vehicle's
 * mileage through the vehicles service (which recomputes its maintenance schedules). A
 * technician's reading is used for the forecast only.
 */

export const predictionNotFound = () => notFound('ai_maintenance_predictions', 'Maintenance prediction');
const vehicleNotFound = () => notFound('vehicles', 'Vehicle');
const STAFF_ROLES = new Set(['admin', 'manager']);

/** Inside a transaction, another module's call joins it (a savepoint), so everything commits or nothing does. */
const joined = (tx: Tx) => tx as Db;

function toPrediction(r: repo.PredictionRow): MaintenancePrediction {
  const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());
  return {
    id: r.id,
    vehicleId: r.vehicleId,
    service: r.predictedIssue,
    description: r.recommendedAction,
    urgency: r.severity as AiUrgency,
    dueAt: { date: r.dueDate, mileage: r.dueMileage },
    confidence: Number(r.confidence),
    reason: r.reason,
    basedOn: (r.basedOnData.citations ?? []) as Citation[],
    serviceKey: r.basedOnData.serviceKey ?? null,
    reasonFacts: (r.basedOnData.facts ?? null) as MaintenancePrediction['reasonFacts'],
    timeframe: r.estimatedTimeframe,
    acknowledgedBy: r.acknowledgedBy,
    acknowledgedAt: iso(r.acknowledgedAt),
    bookingId: r.bookingId,
    maintenanceScheduleId: r.maintenanceScheduleId,
    ...decision(r),
  };
}

export async function predict(
  db: Db,
  actor: PublicUser,
  input: { vehicleId: number; mileage: number },
  perMinute: number,
): Promise<MaintenancePredictions> {
  const tenantId = await takeAiCall(db, actor, perMinute);
  return db.transaction(async (tx) => {
    const vehicle = await repo.findVehicle(tx, tenantId, input.vehicleId);
    if (!vehicle) throw vehicleNotFound();
    if (vehicle.lastReading !== null && input.mileage < vehicle.lastReading) {
      throw badRequest(
        'ai.mileage_below_last',
        `Mileage cannot be below the vehicle's last reading (${vehicle.lastReading.toLocaleString('en-US')} km)`,
        { lastReading: vehicle.lastReading },
      );
    }
    const { today } = await workshopClock(tx, tenantId);
    const history = await repo.pastServices(tx, tenantId, vehicle.id);
    const readings = await repo.mileageReadings(tx, tenantId, vehicle.id);
    const schedules = await listSchedules(joined(tx), tenantId, vehicle.id);
    const allReadings = [...readings, { date: today, mileage: input.mileage }];
    const drafts = predictMaintenance({
      vehicleId: vehicle.id,
      vehicleLabel: `${vehicle.make} ${vehicle.model} ${vehicle.plateNumber}`,
      today,
      mileage: input.mileage,
      dailyMileage: averageDailyMileage(allReadings),
      readings: allReadings.length,
      history,
      schedules: schedules.filter((s) => s.isActive),
    });
    if (STAFF_ROLES.has(actor.role) && (vehicle.mileage === null || input.mileage > vehicle.mileage)) {
      await updateVehicle(joined(tx), actor, vehicle.id, { mileage: input.mileage }, refreshVehicle);
    }
    const ids = await repo.insertPredictions(
      tx,
      drafts.map((d) => ({
        tenantId,
        vehicleId: vehicle.id,
        predictedIssue: d.service.slice(0, 200),
        severity: d.urgency,
        recommendedAction: d.description,
        estimatedTimeframe: d.timeframe.slice(0, 100),
        dueDate: d.dueDate,
        dueMileage: d.dueMileage,
        confidence: d.confidence.toFixed(3),
        reason: d.reason,
        basedOnData: {
          serviceKey: d.serviceKey,
          citations: d.basedOn,
          intervalKm: d.intervalKm,
          intervalMonths: d.intervalMonths,
          mileage: input.mileage,
          facts: d.facts,
        },
        createdBy: actor.id,
      })),
    );
    const rows = await repo.findPredictions(tx, tenantId, ids);
    const order = new Map(ids.map((id, i) => [id, i]));
    return { vehicleId: vehicle.id, predictions: rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!).map(toPrediction) };
  });
}

export async function getPrediction(db: Db, tenantId: number, id: number): Promise<MaintenancePrediction> {
  const [row] = await repo.findPredictions(db, tenantId, [id]);
  if (!row) throw predictionNotFound();
  return toPrediction(row);
}

/** Locks a pending prediction to decide it: 404 unknown, 409 already applied or dismissed. */
async function pending(tx: Tx, tenantId: number, id: number): Promise<repo.PredictionRow> {
  const row = await repo.lockPrediction(tx, tenantId, id);
  if (!row) throw predictionNotFound();
  if (row.status !== 'pending') throw conflict('ai.already_decided', `This prediction is already ${row.status}`, { status: row.status });
  return row;
}

async function decide(tx: Tx, actor: PublicUser, id: number, d: Omit<repo.Decision, 'decidedBy'>): Promise<MaintenancePrediction> {
  if (!(await repo.decidePrediction(tx, actor.tenantId, id, { ...d, decidedBy: actor.id }))) {
    throw conflict('ai.already_decided', 'This prediction is already decided');
  }
  return getPrediction(joined(tx), actor.tenantId, id);
}

/** Seen and noted (who, when): the prediction is applied. */
export async function acknowledge(db: Db, actor: PublicUser, id: number): Promise<MaintenancePrediction> {
  return db.transaction(async (tx) => {
    await pending(tx, actor.tenantId, id);
    return decide(tx, actor, id, { status: 'applied', acknowledge: true });
  });
}

export async function dismiss(db: Db, actor: PublicUser, id: number): Promise<MaintenancePrediction> {
  return db.transaction(async (tx) => {
    await pending(tx, actor.tenantId, id);
    return decide(tx, actor, id, { status: 'dismissed' });
  });
}

/** A service booking for the vehicle's owner through the bookings service, linked to the prediction. */
export async function book(
  db: Db,
  actor: PublicUser,
  id: number,
  input: { scheduledDate: string; technicianId?: number | null },
): Promise<MaintenancePrediction> {
  return db.transaction(async (tx) => {
    const row = await pending(tx, actor.tenantId, id);
    const vehicle = await repo.findVehicle(tx, actor.tenantId, row.vehicleId);
    if (!vehicle) throw vehicleNotFound();
    const booking = await createBooking(joined(tx), actor.tenantId, {
      customerId: vehicle.customerId,
      vehicleId: vehicle.id,
      serviceType: row.predictedIssue.slice(0, 100),
      scheduledDate: input.scheduledDate,
      technicianId: input.technicianId ?? null,
      notes: `From AI maintenance prediction #${row.id}: ${row.reason}`.slice(0, 5000),
    });
    return decide(tx, actor, id, { status: 'applied', bookingId: booking.id });
  });
}

/** A maintenance schedule for the service on the vehicle (its interval by default), linked to the prediction. */
export async function schedule(
  db: Db,
  actor: PublicUser,
  id: number,
  input: { intervalMileage?: number | null; intervalMonths?: number | null },
): Promise<MaintenancePrediction> {
  return db.transaction(async (tx) => {
    const row = await pending(tx, actor.tenantId, id);
    const intervalMileage = input.intervalMileage !== undefined ? input.intervalMileage : (row.basedOnData.intervalKm ?? null);
    const intervalMonths = input.intervalMonths !== undefined ? input.intervalMonths : (row.basedOnData.intervalMonths ?? null);
    if (!intervalMileage && !intervalMonths) {
      throw badRequest('ai.interval_required', 'Give a mileage or a months interval for the schedule');
    }
    const created = await addSchedule(joined(tx), actor.tenantId, row.vehicleId, {
      serviceName: row.predictedIssue,
      description: row.recommendedAction,
      intervalMileage,
      intervalMonths,
    });
    return decide(tx, actor, id, { status: 'applied', maintenanceScheduleId: created.id });
  });
}
