import type { Tx } from '../../db/client.ts';
import { jobCardLabour, jobCardParts, jobCards } from '../job-cards/job-cards.table.ts';
import { vehicleServiceHistory } from '../vehicles/vehicles.table.ts';
import { highestJobNumber } from '../job-cards/job-cards.repository.ts';
import { fromCents, lineTotalCents, sumCents, toCents } from '../../../core/rules/money.ts';
import { SEED_JOB_TEMPLATES } from './seed-data.ts';

/**
 * Two years of completed job cards behind the sample workshop, so the AI assistant has history to
 * answer from on a fresh install (job estimation, parts recommendation, maintenance prediction):
 * each template's jobs spread over the vehicles, their hours varying with the kind of vehicle
 * (luxury and large vehicles take longer) and from job to job, older jobs at lower rates and
 * prices, each with its service history entry (date and odometer). They are history: their parts
 * left the stock long ago (the stock on hand is today's), so no stock moves and no audit rows.
 */

/** Past completed job cards per seed batch. */
export const SEED_PAST_JOB_CARDS = 120;
const DAY = 24 * 3600 * 1000;
const LUXURY = new Set(['Lexus', 'Mercedes-Benz', 'BMW', 'Land Rover', 'Audi', 'Volvo', 'Tesla']);
const LARGE = new Set(['Land Cruiser', 'Patrol', 'Tahoe', 'Yukon', 'F-150', 'Hilux', 'Pajero', 'Wrangler', 'XC90']);

/** A 32-bit hash: the same batch and index always give the same history. */
const mix = (a: number, b: number) => Math.imul((a + 13) ^ Math.imul(b + 101, 0x9e3779b1), 0x85ebca6b) >>> 0;
/** A deterministic number in [0, 1). */
const unit = (a: number, b: number) => mix(a, b) / 2 ** 32;

export type SeedVehicle = { id: number; customerId: number; make: string; model: string; mileage: number | null };

export async function seedPastJobCards(
  tx: Tx,
  tenantId: number,
  batch: number,
  vehicles: SeedVehicle[],
  parts: Map<string, { id: number; unitPrice: string }>,
  technicianIds: number[],
  now: Date,
): Promise<number> {
  const highest = await highestJobNumber(tx, tenantId);
  let next = highest ? Number(highest.slice(3)) + 1 : 1;
  // Each vehicle drives its own distance a day (20 to 70 km).
  const dailyKm = vehicles.map((_, i) => 20 + Math.floor(unit(batch, 500 + i) * 50));
  const cards = Array.from({ length: SEED_PAST_JOB_CARDS }, (_, k) => {
    const [serviceType, description, templateParts, labour] = SEED_JOB_TEMPLATES[k % SEED_JOB_TEMPLATES.length];
    const vi = (k * 7 + Math.floor(k / SEED_JOB_TEMPLATES.length) * 3 + batch) % vehicles.length;
    const vehicle = vehicles[vi];
    // Oldest first: from about two years ago to two weeks ago.
    const daysAgo = Math.round(730 - (k * 715) / SEED_PAST_JOB_CARDS + unit(batch, k) * 6);
    const completed = new Date(now.getTime() - daysAgo * DAY);
    completed.setUTCHours(9 + (k % 8), (k % 4) * 15, 0, 0);
    const years = daysAgo / 365;
    const factor = (LUXURY.has(vehicle.make) ? 1.3 : 1) * (LARGE.has(vehicle.model) ? 1.15 : 1);
    const noise = 0.85 + unit(batch + 7, k) * 0.4;
    const partLines = templateParts.map(([sku, quantity], i) => {
      const part = parts.get(sku)!;
      // Now and then a job needs one more (a second filter, another litre).
      const extra = unit(batch + 11, k * 5 + i) < 0.15 ? 1 : 0;
      return {
        sparePartId: part.id,
        quantity: quantity + extra,
        unitPrice: fromCents(Math.round(toCents(part.unitPrice) * (1 - 0.03 * years) * (LUXURY.has(vehicle.make) ? 1.1 : 1))),
      };
    });
    const labourLines = labour.map(([text, hours, rate]) => ({
      description: text,
      hours: Math.max(0.25, Math.round(hours * factor * noise * 4) / 4).toFixed(2),
      rate: fromCents(Math.round(toCents(rate) * (1 - 0.04 * years))),
    }));
    const totalCents = sumCents([
      ...partLines.map((l) => lineTotalCents(l.quantity, l.unitPrice)),
      ...labourLines.map((l) => lineTotalCents(l.hours, l.rate)),
    ]);
    const mileage = vehicle.mileage === null ? null : vehicle.mileage - daysAgo * dailyKm[vi];
    return {
      values: {
        tenantId,
        customerId: vehicle.customerId,
        vehicleId: vehicle.id,
        jobNumber: `JC-${String(next++).padStart(6, '0')}`,
        serviceType,
        description,
        status: 'completed',
        priority: 'medium',
        assignedTo: technicianIds.length ? technicianIds[k % Math.min(10, technicianIds.length)] : null,
        estimatedCost: fromCents(Math.ceil(totalCents / 1000) * 1000),
        actualCost: fromCents(totalCents),
        scheduledDate: new Date(completed.getTime() - 3 * 3600 * 1000),
        completedDate: completed,
        partsConsumed: true,
        createdAt: new Date(completed.getTime() - 2 * DAY),
        updatedAt: completed,
      },
      partLines,
      labourLines,
      history: {
        serviceDate: completed.toISOString().slice(0, 10),
        mileageAtService: mileage !== null && mileage > 0 ? mileage : null,
        cost: fromCents(totalCents),
      },
    };
  });
  const ids = await tx
    .insert(jobCards)
    .values(cards.map((c) => c.values))
    .returning({ id: jobCards.id });
  await tx.insert(jobCardParts).values(cards.flatMap((c, i) => c.partLines.map((l) => ({ tenantId, jobCardId: ids[i].id, ...l }))));
  await tx.insert(jobCardLabour).values(cards.flatMap((c, i) => c.labourLines.map((l) => ({ tenantId, jobCardId: ids[i].id, ...l }))));
  await tx.insert(vehicleServiceHistory).values(
    cards.map((c, i) => ({
      tenantId,
      vehicleId: c.values.vehicleId,
      jobCardId: ids[i].id,
      serviceType: c.values.serviceType,
      description: c.values.description,
      ...c.history,
    })),
  );
  return cards.length;
}
