import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { tenants } from './tenants.table.ts';
import {
  AUDIT_RETENTION_DAYS,
  LEGAL_RETENTION_YEARS,
  type TenantSettings,
  type TenantSettingsInput,
} from '../../../core/contracts/tenant.ts';
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
  // In the workshop's config (what migration 0035's audit_retention_days() reads), the default when unset.
  auditRetentionDays: sql<number>`coalesce((${tenants.config} ->> 'auditRetentionDays')::integer, ${AUDIT_RETENTION_DAYS.default})`.mapWith(
    Number,
  ),
  // In the workshop's config too; a customer's erasure reads it (modules/data-rights).
  legalRetentionYears:
    sql<number>`coalesce((${tenants.config} ->> 'legalRetentionYears')::integer, ${LEGAL_RETENTION_YEARS.default})`.mapWith(Number),
};

export async function getSettings(db: Tx, tenantId: number): Promise<TenantSettings | undefined> {
  const [row] = await db.select(settingsColumns).from(tenants).where(eq(tenants.id, tenantId));
  return row;
}

/** Saves every setting sent; a labour rate, two-factor rule or retention left out stays as it is. */
export async function saveSettings(db: Tx, tenantId: number, settings: TenantSettingsInput): Promise<TenantSettings> {
  const { labourRate, requireTwoFactor, auditRetentionDays, legalRetentionYears, ...rest } = settings;
  const config = {
    ...(auditRetentionDays === undefined ? {} : { auditRetentionDays }),
    ...(legalRetentionYears === undefined ? {} : { legalRetentionYears }),
  };
  const [row] = await db
    .update(tenants)
    .set({
      ...rest,
      taxRate: Number(settings.taxRate).toFixed(2),
      ...(labourRate === undefined ? {} : { labourRate: fromCents(toCents(labourRate)) }),
      ...(requireTwoFactor === undefined ? {} : { requireTwoFactor }),
      ...(Object.keys(config).length === 0 ? {} : { config: sql`${tenants.config} || ${JSON.stringify(config)}::jsonb` }),
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
