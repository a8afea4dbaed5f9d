import { and, eq, sql } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import type { TaskColumns } from '../tasks/tasks.repository.ts';
import { listSkills, insertSkill, insertTechnician, setTechnicianSkills, updateTechnician } from '../technicians/technicians.repository.ts';
import { insertTask, setDependencies } from '../tasks/tasks.repository.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { insertAttachment } from '../attachments/attachments.repository.ts';
import { seedPortrait } from './seed-portraits.ts';
import { seedScheduling } from './seed-scheduling.ts';
import { seedBilling } from './seed-billing.ts';
import { seedPastJobCards } from './seed-ai-history.ts';
import { customers } from '../customers/customers.table.ts';
import { vehicles } from '../vehicles/vehicles.table.ts';
import { spareParts } from '../spare-parts/spare-parts.table.ts';
import { createSparePart } from '../spare-parts/spare-parts.service.ts';
import { createJobCard } from '../job-cards/job-cards.service.ts';
import { fromCents, lineTotalCents, sumCents } from '../../../core/rules/money.ts';
import {
  SEED_CUSTOMERS,
  SEED_JOB_CARD_STATUSES,
  SEED_JOB_TEMPLATES,
  SEED_JOBS,
  SEED_LOCATIONS,
  SEED_PARTS,
  SEED_PEOPLE,
  SEED_SKILLS,
  SEED_VEHICLES,
  seedVin,
} from './seed-data.ts';

export type SeedCounts = {
  customers: number;
  vehicles: number;
  technicians: number;
  tasks: number;
  jobCards: number;
  /** Completed job cards of the past two years (history for the AI assistant). */
  pastJobCards: number;
  spareParts: number;
  estimates: number;
  invoices: number;
  payments: number;
};

const STATUSES = ['pending', 'assigned', 'in_progress', 'completed', 'cancelled'] as const;
const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
const DAY = 24 * 3600 * 1000;

/**
 * Adds one batch of realistic sample data to the admin's workshop; never changes or deletes
 * what is there. Seeding again adds another batch (e-mails carry the batch number; phones,
 * plates and VINs differ; SKUs and job numbers are allocated so they stay unique).
 */
export async function seedWorkshop(db: Db, admin: PublicUser, now = new Date()): Promise<SeedCounts> {
  const tenantId = admin.tenantId;
  const batch = now.getTime().toString(36);
  let technicianCount = 0;
  let taskCount = 0;
  let workshop = { customers: 0, vehicles: 0, spareParts: 0, jobCards: 0, pastJobCards: 0 };
  let scheduling = { fleetVehicles: 0, bookings: 0, appointments: 0, shiftAssignments: 0 };
  let billing = { estimates: 0, invoices: 0, payments: 0 };
  await db.transaction(async (tx) => {
    const [{ previous }] = await queryRows<{ previous: number }>(
      tx,
      sql`select count(*)::int as previous from activity_log where tenant_id = ${tenantId} and action = 'seeded_database'`,
    );
    const existing = new Map((await listSkills(tx, tenantId)).map((s) => [s.name.toLowerCase(), s.id]));
    for (const name of SEED_SKILLS) {
      if (!existing.has(name.toLowerCase())) existing.set(name.toLowerCase(), (await insertSkill(tx, tenantId, name)).id);
    }
    const skillId = (name: string) => existing.get(name.toLowerCase())!;

    const technicianIds: number[] = [];
    for (const [i, [firstName, lastName, title]] of SEED_PEOPLE.entries()) {
      const id = await insertTechnician(tx, tenantId, {
        firstName,
        lastName,
        title,
        email: `${firstName}.${lastName}.${batch}@example.com`.toLowerCase(),
        phone: `+1 555 01${String(i).padStart(2, '0')}`,
        employeeId: `EMP-${batch.slice(-4).toUpperCase()}-${i + 1}`,
        location: SEED_LOCATIONS[i % SEED_LOCATIONS.length],
        status: i === 11 ? 'on_leave' : i === 10 ? 'inactive' : 'active',
        rating: (3 + ((i * 7) % 21) / 10).toFixed(2),
        notes: null,
      });
      const skills = [
        SEED_SKILLS[i % SEED_SKILLS.length],
        SEED_SKILLS[(i * 3 + 1) % SEED_SKILLS.length],
        SEED_SKILLS[(i + 5) % SEED_SKILLS.length],
      ];
      await setTechnicianSkills(tx, tenantId, id, [...new Set(skills.slice(0, 1 + (i % 3)).map(skillId))]);
      const photo = seedPortrait(i);
      const file = await insertAttachment(tx, {
        tenantId,
        entityType: 'technician',
        entityId: id,
        filename: `portrait-${batch}-${i + 1}.png`,
        originalName: `${firstName} ${lastName}.png`,
        mimeType: 'image/png',
        size: photo.length,
        content: photo,
        uploadedById: admin.id,
      });
      await updateTechnician(tx, tenantId, id, { profileImageUrl: `/api/attachments/${file.id}/download` });
      technicianIds.push(id);
    }
    technicianCount = technicianIds.length;

    const taskIds: number[] = [];
    for (let i = 0; i < 36; i++) {
      const [title, description, skill, hours] = SEED_JOBS[i % SEED_JOBS.length];
      const status = STATUSES[i % STATUSES.length];
      const technicianId = status === 'pending' ? null : technicianIds[Math.floor(i / 3) % 10];
      const scheduled = new Date(now.getTime() + ((i % 9) - 3) * DAY + (8 + (i % 8)) * 3600 * 1000);
      const values: TaskColumns & { tenantId: number; title: string } = {
        tenantId,
        title,
        description,
        location: SEED_LOCATIONS[i % SEED_LOCATIONS.length],
        priority: PRIORITIES[(i * 3) % PRIORITIES.length],
        status,
        skillRequired: skill,
        technicianId,
        scheduledDate: scheduled,
        dueDate: new Date(scheduled.getTime() + 2 * DAY),
        estimatedHours: hours.toFixed(2),
        actualHours: status === 'completed' ? (hours * (0.8 + (i % 5) / 10)).toFixed(2) : null,
        startedAt: status === 'in_progress' || status === 'completed' ? scheduled : null,
        completedAt: status === 'completed' ? new Date(scheduled.getTime() + hours * 3600 * 1000) : null,
        createdById: admin.id,
      };
      taskIds.push(await insertTask(tx, values));
    }
    // A few chains: the inspection must be done before the repair.
    for (let i = 5; i < taskIds.length; i += 7) await setDependencies(tx, tenantId, taskIds[i], [taskIds[i - 5]]);
    taskCount = taskIds.length;
    workshop = await seedWorkshopData(tx, admin, previous, technicianIds, now);
    scheduling = await seedScheduling(tx, admin, previous, technicianIds, now);
    billing = await seedBilling(tx, admin, now);
    await recordActivity(tx, {
      tenantId,
      userId: admin.id,
      action: 'seeded_database',
      entityType: 'workshop',
      entityId: tenantId,
      details: { technicians: technicianCount, tasks: taskCount, ...workshop, ...scheduling, ...billing },
    });
  });
  return { technicians: technicianCount, tasks: taskCount, ...workshop, ...billing };
}

/** A 32-bit hash: the same batch and index always give the same digits and letters. */
const mix = (a: number, b: number) => Math.imul((a + 1) ^ Math.imul(b + 7, 0x9e3779b1), 0x85ebca6b) >>> 0;
const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
const digits = (n: number, count: number) => String(n % 10 ** count).padStart(count, '0');
const letters = (n: number, count: number) =>
  Array.from({ length: count }, (_, i) => LETTERS[Math.floor(n / LETTERS.length ** i) % LETTERS.length]).join('');

/** A number plate in the style of the city the owner lives in. */
function plateFor(city: string, n: number): string {
  switch (city) {
    case 'Dubai':
      return `DXB ${letters(n, 1)} ${digits(n, 5)}`;
    case 'Abu Dhabi':
      return `AD ${1 + (n % 16)} ${digits(n >>> 4, 5)}`;
    case 'Sharjah':
      return `SHJ ${1 + (n % 3)} ${digits(n >>> 2, 5)}`;
    case 'Riyadh':
    case 'Jeddah':
      return `${digits(n, 4)} ${letters(n >>> 8, 3)}`;
    case 'Manchester':
    case 'London':
      return `${letters(n, 2)}${digits(n >>> 10, 2)} ${letters(n >>> 12, 3)}`;
    case 'Austin':
    case 'Denver':
    case 'Phoenix':
    case 'Chicago':
      return `${1 + (n % 9)}${letters(n >>> 4, 3)}${digits(n >>> 16, 3)}`;
    default:
      return `${letters(n, 3)}-${digits(n >>> 12, 4)}`;
  }
}

/**
 * Customers with their vehicles (rows of their own tables), the parts store and job cards. Parts
 * and job cards go through the same services as the API: opening stock is audited, and completed
 * job cards consume their parts and write the vehicles' service history.
 */
async function seedWorkshopData(tx: Tx, admin: PublicUser, batch: number, technicianIds: number[], now: Date) {
  const tenantId = admin.tenantId;
  const suffix = batch === 0 ? '' : String(batch + 1);

  const customerRows = await tx
    .insert(customers)
    .values(
      SEED_CUSTOMERS.map(([firstName, lastName, email, city, prefix, address, postalCode], i) => {
        const n = mix(batch, i);
        return {
          tenantId,
          firstName,
          lastName,
          email: email ? `${email}${suffix}@example.com` : null,
          phone: `${prefix} ${digits(n, 3)} ${digits(n >>> 10, 4)}`,
          address,
          city,
          postalCode,
          notes: i % 6 === 0 ? 'Prefers a call before any extra work is done.' : null,
          // Those whose name is written in Arabic are written to in Arabic.
          preferredLanguage: /[\u0600-\u06ff]/.test(firstName) ? 'ar' : 'en',
        };
      }),
    )
    .returning({ id: customers.id, city: customers.city });

  // Every customer has a vehicle; the first ten have two.
  const vehicleRows = await tx
    .insert(vehicles)
    .values(
      SEED_VEHICLES.map(([make, model, year, color, mileage, vinStart], i) => {
        const owner = customerRows[i < customerRows.length ? i : i - customerRows.length];
        const n = mix(batch + 100, i);
        return {
          tenantId,
          customerId: owner.id,
          make,
          model,
          year,
          color,
          mileage: mileage + batch * 1_250,
          plateNumber: plateFor(owner.city ?? '', n),
          vin: vinStart ? seedVin(vinStart, year, 'U', n) : null,
          status: i % 11 === 5 ? 'in_service' : i % 17 === 16 ? 'inactive' : 'active',
        };
      }),
    )
    .returning({ id: vehicles.id, customerId: vehicles.customerId, make: vehicles.make, model: vehicles.model, mileage: vehicles.mileage });

  // SKUs stay unique: a second batch gets "-2", "-3"... after the catalogue number.
  const taken = new Set(
    (
      await tx
        .select({ sku: sql<string>`lower(${spareParts.sku})` })
        .from(spareParts)
        .where(eq(spareParts.tenantId, tenantId))
    ).map((r) => r.sku),
  );
  const allocateSku = (base: string) => {
    let sku = base;
    for (let n = 2; taken.has(sku.toLowerCase()); n++) sku = `${base}-${n}`;
    taken.add(sku.toLowerCase());
    return sku;
  };
  const partIds = new Map<string, { id: number; unitPrice: string }>();
  for (const [sku, name, category, brand, unitPrice, stockQuantity, minimumStock, location, supplier] of SEED_PARTS) {
    const part = await createSparePart(
      tx,
      admin,
      {
        sku: allocateSku(sku),
        name,
        category,
        brand,
        description: null,
        unitPrice,
        stockQuantity,
        minimumStock,
        location,
        supplier,
        status: 'active',
      },
      'Opening stock (sample data)',
    );
    partIds.set(sku, { id: part.id, unitPrice });
  }
  // One part the workshop no longer orders.
  await tx
    .update(spareParts)
    .set({ status: 'discontinued' })
    .where(and(eq(spareParts.tenantId, tenantId), eq(spareParts.id, partIds.get('ENG-GSK-VC')!.id)));

  // Two years of completed jobs first (older, lower numbers), then today's job cards.
  const pastJobCards = await seedPastJobCards(tx, tenantId, batch, vehicleRows, partIds, technicianIds, now);
  const JOB_CARDS = 30;
  for (let i = 0; i < JOB_CARDS; i++) {
    const [serviceType, description, parts, labour] = SEED_JOB_TEMPLATES[i % SEED_JOB_TEMPLATES.length];
    const status = SEED_JOB_CARD_STATUSES[i % SEED_JOB_CARD_STATUSES.length];
    const vehicle = vehicleRows[(i * 7) % vehicleRows.length];
    const lines = parts.map(([sku, quantity]) => ({ sparePartId: partIds.get(sku)!.id, quantity }));
    const totalCents = sumCents([
      ...parts.map(([sku, quantity]) => lineTotalCents(quantity, partIds.get(sku)!.unitPrice)),
      ...labour.map(([, hours, rate]) => lineTotalCents(hours, rate)),
    ]);
    const scheduled = new Date(now.getTime() + ((i % 9) - 5) * DAY);
    scheduled.setUTCHours(7 + (i % 9), i % 2 === 0 ? 0 : 30, 0, 0);
    await createJobCard(tx, admin, {
      customerId: vehicle.customerId,
      vehicleId: vehicle.id,
      serviceType,
      description,
      status,
      priority: PRIORITIES[(i + Math.floor(i / 4)) % PRIORITIES.length],
      assignedTo: status === 'pending' && i % 2 === 1 ? null : technicianIds[i % Math.min(10, technicianIds.length)],
      // Estimates are rounded up to the next 10; some completed jobs were billed a little less.
      estimatedCost: fromCents(Math.ceil(totalCents / 1000) * 1000),
      actualCost: status === 'completed' && i % 4 === 0 ? fromCents(totalCents - 500) : null,
      scheduledDate: scheduled.toISOString(),
      notes: status === 'cancelled' ? 'Customer postponed; will call back.' : i % 5 === 0 ? 'Customer waiting on site.' : null,
      parts: lines,
      labour: labour.map(([text, hours, rate]) => ({ description: text, hours, rate })),
    });
  }
  return { customers: customerRows.length, vehicles: vehicleRows.length, spareParts: SEED_PARTS.length, jobCards: JOB_CARDS, pastJobCards };
}
