import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tenants } from './tenants.table.ts';
import type { TenantSettings } from '../../../core/contracts/tenant.ts';

const settingsColumns = {
  name: tenants.name,
  address: tenants.address,
  phone: tenants.phone,
  email: tenants.email,
  timeZone: tenants.timeZone,
  currency: tenants.currency,
  taxRate: tenants.taxRate,
};

export async function getSettings(db: Tx, tenantId: number): Promise<TenantSettings | undefined> {
  const [row] = await db.select(settingsColumns).from(tenants).where(eq(tenants.id, tenantId));
  return row;
}

export async function saveSettings(db: Tx, tenantId: number, settings: TenantSettings): Promise<TenantSettings> {
  const [row] = await db
    .update(tenants)
    .set({ ...settings, taxRate: Number(settings.taxRate).toFixed(2), updatedAt: new Date() })
    .where(eq(tenants.id, tenantId))
    .returning(settingsColumns);
  return row;
}

export async function insertTenant(db: Tx, name: string): Promise<number> {
  const [row] = await db.insert(tenants).values({ name }).returning({ id: tenants.id });
  return row.id;
}

/** Row-locks tenant 1: registrations take turns deciding who is the first account. */
export async function lockDefaultTenant(db: Tx): Promise<void> {
  await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, 1)).for('update');
}
