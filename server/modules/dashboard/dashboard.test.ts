import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp } from '../../test/app.ts';
import { createJobCard, createSparePart, insertCustomerWithVehicle, insertVehicle } from '../../test/workshop.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the workshop metrics', () => {
  it('count customers, vehicles, active and completed job cards and parts needing attention', async () => {
    const ws = await createWorkshop(t.app);
    const url = `/api/tenants/${ws.tenantId}/dashboard/metrics`;
    expect((await ws.technician.get(url)).json()).toEqual({
      totalCustomers: 0,
      totalVehicles: 0,
      activeJobCards: 0,
      completedJobCards: 0,
      lowStockItems: 0,
      upcomingBookings: 0,
    });

    const a = await insertCustomerWithVehicle(t.database.db, ws.tenantId);
    await insertVehicle(t.database.db, ws.tenantId, a.customer.id);
    const b = await insertCustomerWithVehicle(t.database.db, ws.tenantId);
    const part = await createSparePart(ws.admin, { stockQuantity: 3, minimumStock: 2 });
    await createSparePart(ws.admin, { stockQuantity: 1, minimumStock: 2 }); // low
    await createSparePart(ws.admin, { stockQuantity: 0, minimumStock: 0 }); // out
    await createSparePart(ws.admin, { stockQuantity: 2, minimumStock: 2 }); // at the minimum: fine
    const card = (status: string) =>
      createJobCard(ws.manager, { customerId: a.customer.id, vehicleId: a.vehicle.id, status: status as 'pending' });
    await card('pending');
    await card('in_progress');
    await card('in_progress');
    await card('cancelled');
    await card('completed');
    // Completing this one takes the part to 1, below its minimum of 2.
    await createJobCard(ws.manager, {
      customerId: b.customer.id,
      vehicleId: b.vehicle.id,
      status: 'completed',
      parts: [{ sparePartId: part.id, quantity: 2 }],
    });
    const booking = (days: number, status = 'scheduled') =>
      ws.manager.post('/api/service-bookings', {
        customerId: b.customer.id,
        vehicleId: b.vehicle.id,
        serviceType: 'Inspection',
        scheduledDate: new Date(Date.now() + days * 86_400_000).toISOString(),
        status,
      });
    await booking(1);
    await booking(3);
    await booking(2, 'cancelled');
    await booking(30);

    expect((await ws.technician.get(url)).json()).toEqual({
      totalCustomers: 2,
      totalVehicles: 3,
      activeJobCards: 3,
      completedJobCards: 2,
      lowStockItems: 3,
      upcomingBookings: 2,
    });
    // Another workshop's figures are its own.
    const other = await createWorkshop(t.app);
    expect((await other.admin.get(`/api/tenants/${other.tenantId}/dashboard/metrics`)).json()).toMatchObject({
      totalCustomers: 0,
      activeJobCards: 0,
      lowStockItems: 0,
    });
    expect((await other.admin.get(url)).statusCode).toBe(404);
  });
});
