import type { Db } from '../../db/client.ts';
import { FLEET_ALERT_DAYS, type FleetStats, type FleetVehicle, type FleetVehicleInput } from '../../../core/contracts/fleet.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { refreshVehicle } from '../maintenance/maintenance.service.ts';
import * as repo from './fleet.repository.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';
import { isInWorkshop } from '../../db/workshop-rows.ts';

export const fleetVehicleNotFound = () => notFound('fleet_vehicles', 'Fleet vehicle');

type Values = Partial<Omit<FleetVehicleInput, 'fuelLevel' | 'nextServiceMileage'>> & {
  fuelLevel?: number | null;
  nextServiceMileage?: number | null;
};

async function withUniqueChecks<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const text = String((err as { cause?: { constraint?: string } }).cause?.constraint ?? (err as Error).message);
    if (text.includes('vehicle_key')) throw conflict('fleet_vehicles.vehicle_taken', 'This vehicle is already in the fleet');
    throw conflict('fleet_vehicles.number_taken', 'This fleet number is already in use');
  }
}

export async function createFleetVehicle(
  db: Db,
  tenantId: number,
  input: Values & { vehicleId: number; fleetNumber: string },
): Promise<FleetVehicle> {
  return withUniqueChecks(() =>
    db.transaction(async (tx) => {
      if (!(await isInWorkshop(tx, 'vehicles', tenantId, input.vehicleId)))
        throw badRequest('fleet_vehicles.vehicle_invalid', 'Unknown vehicle');
      const id = await repo.insertFleetVehicle(tx, { ...input, tenantId, status: input.status ?? 'active' });
      await refreshVehicle(tx, tenantId, input.vehicleId);
      return (await repo.findFleetVehicle(tx, tenantId, id))!;
    }),
  );
}

export async function updateFleetVehicle(db: Db, tenantId: number, id: number, input: Values): Promise<FleetVehicle> {
  return withUniqueChecks(() =>
    db.transaction(async (tx) => {
      const existing = await repo.findFleetVehicle(tx, tenantId, id);
      if (!existing) throw fleetVehicleNotFound();
      if (input.vehicleId && !(await isInWorkshop(tx, 'vehicles', tenantId, input.vehicleId))) {
        throw badRequest('fleet_vehicles.vehicle_invalid', 'Unknown vehicle');
      }
      await repo.updateFleetVehicle(tx, tenantId, id, input);
      // With maintenance schedules, next service date and mileage are computed, not typed.
      await refreshVehicle(tx, tenantId, input.vehicleId ?? existing.vehicleId);
      return (await repo.findFleetVehicle(tx, tenantId, id))!;
    }),
  );
}

export async function stats(db: Db, tenantId: number, now = new Date()): Promise<FleetStats> {
  const { today } = await workshopClock(db, tenantId, now);
  return repo.fleetStats(db, tenantId, today, addDays(today, FLEET_ALERT_DAYS));
}

/** Plain reads the routes serve as the repository answers them. */
export { findFleetVehicle, listFleet } from './fleet.repository.ts';
