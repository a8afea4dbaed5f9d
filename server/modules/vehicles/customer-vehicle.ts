import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { lockLiveCustomer } from '../customers/customers.service.ts';

/** The one answer for a vehicle that is not the chosen customer's, wherever both are named. */
export const vehicleNotCustomers = () => badRequest('vehicles.customer_mismatch', 'This vehicle does not belong to the chosen customer');

/**
 * The check every record naming a customer and one of their vehicles makes (job cards,
 * estimates, invoices, service bookings): both are the workshop's (400 `<entity>.customer_invalid`
 * / `<entity>.vehicle_invalid`, the module's own codes), the customer is not erased (409
 * customers.erased: their record takes nothing new) and the vehicle is the customer's (400
 * vehicles.customer_mismatch). The customer's row is share-locked, so an erasure waits for the
 * new record and then erases it with the rest. Answers the vehicle's mileage, which a job card records.
 */
export async function checkCustomerVehicle(
  tx: Tx,
  tenantId: number,
  entity: string,
  customerId: number,
  vehicleId: number,
): Promise<{ mileage: number | null }> {
  await lockLiveCustomer(tx, tenantId, customerId, 'key share', () => badRequest(`${entity}.customer_invalid`, 'Unknown customer'));
  const [vehicle] = await queryRows<{ customerId: number; mileage: number | null }>(
    tx,
    sql`select customer_id as "customerId", mileage from vehicles where tenant_id = ${tenantId} and id = ${vehicleId}`,
  );
  if (!vehicle) throw badRequest(`${entity}.vehicle_invalid`, 'Unknown vehicle');
  if (vehicle.customerId !== customerId) throw vehicleNotCustomers();
  return { mileage: vehicle.mileage };
}
