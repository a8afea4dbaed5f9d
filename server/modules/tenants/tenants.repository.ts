import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tenants } from './tenants.table.ts';
import type { TenantSettings, TenantSettingsInput } from '../../../core/contracts/tenant.ts';
import { fromCents, toCents } from '../../../core/rules/money.ts';

const settingsColumns = {
  name: tenants.name,
  address: tenants.address,
  phone: tenants.phone,
  email: tenants.email,
  timeZone: tenants.timeZone,
  currency: tenants.currency,
  taxRate: tenants.taxRate,
  labourRate: tenants.labourRate,
  requireTwoFactor: tenants.requireTwoFactor,
};

export async function getSettings(db: Tx, tenantId: number): Promise<TenantSettings | undefined> {
  const [row] = await db.select(settingsColumns).from(tenants).where(eq(tenants.id, tenantId));
  return row;
}

/** Saves every setting sent; a labour rate or two-factor rule left out stays as it is. */
export async function saveSettings(db: Tx, tenantId: number, settings: TenantSettingsInput): Promise<TenantSettings> {
  const { labourRate, requireTwoFactor, ...rest } = settings;
  const [row] = await db
    .update(tenants)
    .set({
      ...rest,
      taxRate: Number(settings.taxRate).toFixed(2),
      ...(labourRate === undefined ? {} : { labourRate: fromCents(toCents(labourRate)) }),
      ...(requireTwoFactor === undefined ? {} : { requireTwoFactor }),
      updatedAt: new Date(),
    })
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
