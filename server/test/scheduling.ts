import type { TestApp, Workshop } from './app.ts';
import { customers } from '../modules/customers/customers.table.ts';
import { vehicles } from '../modules/vehicles/vehicles.table.ts';

/** A customer and their vehicle, straight into the tables (their own APIs are tested in their modules). */
export async function insertCustomerVehicle(
  t: TestApp,
  ws: Workshop,
  vehicle: Partial<typeof vehicles.$inferInsert> = {},
  customer: Partial<typeof customers.$inferInsert> = {},
): Promise<{ customerId: number; vehicleId: number }> {
  const [c] = await t.database.db
    .insert(customers)
    .values({ tenantId: ws.tenantId, firstName: 'Fleet', lastName: 'Owner', phone: '555', ...customer })
    .returning({ id: customers.id });
  const [v] = await t.database.db
    .insert(vehicles)
    .values({
      tenantId: ws.tenantId,
      customerId: c.id,
      make: 'Ford',
      model: 'Transit',
      year: 2022,
      plateNumber: `PL-${Math.random().toString(36).slice(2, 7)}`,
      mileage: 40_000,
      ...vehicle,
    })
    .returning({ id: vehicles.id });
  return { customerId: c.id, vehicleId: v.id };
}
