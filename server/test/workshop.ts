import type { Db } from '../db/client.ts';
import { customers } from '../modules/customers/customers.table.ts';
import { vehicles } from '../modules/vehicles/vehicles.table.ts';
import type { JobCardDetail, JobCardInput } from '../../core/contracts/job-cards.ts';
import type { SparePart, SparePartInput } from '../../core/contracts/spare-parts.ts';
import { uniqueName, type Client } from './app.ts';

type CustomerRow = typeof customers.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;

/** A customer row of a workshop, written straight to the table. */
export async function insertCustomer(db: Db, tenantId: number, over: Partial<typeof customers.$inferInsert> = {}): Promise<CustomerRow> {
  const [row] = await db
    .insert(customers)
    .values({ tenantId, firstName: 'Layla', lastName: 'Hassan', phone: '+971501234567', city: 'Dubai', ...over })
    .returning();
  return row;
}

/** A vehicle row of a customer, written straight to the table. */
export async function insertVehicle(
  db: Db,
  tenantId: number,
  customerId: number,
  over: Partial<typeof vehicles.$inferInsert> = {},
): Promise<VehicleRow> {
  const [row] = await db
    .insert(vehicles)
    .values({
      tenantId,
      customerId,
      make: 'Toyota',
      model: 'Corolla',
      year: 2020,
      plateNumber: uniqueName('P-').slice(0, 20),
      mileage: 42_000,
      ...over,
    })
    .returning();
  return row;
}

/** A customer and one vehicle of theirs. */
export async function insertCustomerWithVehicle(
  db: Db,
  tenantId: number,
  customer: Partial<typeof customers.$inferInsert> = {},
  vehicle: Partial<typeof vehicles.$inferInsert> = {},
) {
  const c = await insertCustomer(db, tenantId, customer);
  const v = await insertVehicle(db, tenantId, c.id, vehicle);
  return { customer: c, vehicle: v };
}

export async function createSparePart(client: Client, over: Partial<SparePartInput> = {}): Promise<SparePart> {
  const res = await client.post('/api/spare-parts', {
    name: 'Oil filter',
    sku: uniqueName('SKU-'),
    category: 'Filters',
    brand: 'Bosch',
    stockQuantity: 10,
    minimumStock: 2,
    unitPrice: '12.50',
    ...over,
  });
  if (res.statusCode !== 201) throw new Error(`spare part: ${res.statusCode} ${res.body}`);
  return res.json();
}

export async function createJobCard(
  client: Client,
  input: Partial<JobCardInput> & { customerId: number; vehicleId: number },
): Promise<JobCardDetail> {
  const res = await client.post('/api/job-cards', { serviceType: 'Oil change', ...input });
  if (res.statusCode !== 201) throw new Error(`job card: ${res.statusCode} ${res.body}`);
  return res.json();
}
