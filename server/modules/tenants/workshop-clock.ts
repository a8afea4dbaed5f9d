import type { Tx } from '../../db/client.ts';
import { DEFAULT_TENANT_SETTINGS } from '../../../core/contracts/tenant.ts';
import { dayInZone, zonedDateTimeToUtc } from '../../../core/rules/time-zone.ts';
import { getSettings } from './tenants.repository.ts';

/**
 * A workshop's calendar and rates, read once per call: every day and time a user types or sees
 * is the workshop's wall clock, whatever the server's zone.
 */
export type WorkshopClock = {
  timeZone: string;
  currency: string;
  taxRate: string;
  labourRate: string;
  /** Today (yyyy-MM-dd) at the workshop. */
  today: string;
  /** The instant of a day (and a time, HH:MM, midnight by default) at the workshop. */
  at(day: string, time?: string): Date;
  /** The workshop's calendar day of an instant. */
  dayOf(instant: Date): string;
};

export async function workshopClock(tx: Tx, tenantId: number, now = new Date()): Promise<WorkshopClock> {
  const settings = (await getSettings(tx, tenantId)) ?? DEFAULT_TENANT_SETTINGS;
  const timeZone = settings.timeZone;
  return {
    timeZone,
    currency: settings.currency,
    taxRate: settings.taxRate,
    labourRate: settings.labourRate,
    today: dayInZone(now, timeZone),
    at: (day, time = '00:00') => zonedDateTimeToUtc(day, time, timeZone),
    dayOf: (instant) => dayInZone(instant, timeZone),
  };
}
