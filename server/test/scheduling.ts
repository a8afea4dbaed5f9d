import type { TestApp, Workshop } from './app.ts';
import { insertCustomerWithVehicle } from './workshop.ts';

type Values<T extends 'customer' | 'vehicle'> = NonNullable<Parameters<typeof insertCustomerWithVehicle>[T extends 'customer' ? 2 : 3]>;

/** The ids of a customer and their vehicle for scheduling tests (rows written by workshop.ts). */
export async function insertCustomerVehicle(
  t: TestApp,
  ws: Workshop,
  vehicle: Values<'vehicle'> = {},
  customer: Values<'customer'> = {},
): Promise<{ customerId: number; vehicleId: number }> {
  const made = await insertCustomerWithVehicle(t.database.db, ws.tenantId, customer, vehicle);
  return { customerId: made.customer.id, vehicleId: made.vehicle.id };
}
