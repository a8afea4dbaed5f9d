import type { Db } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import type { TaskColumns } from '../tasks/tasks.repository.ts';
import { listSkills, insertSkill, insertTechnician, setTechnicianSkills, updateTechnician } from '../technicians/technicians.repository.ts';
import { insertTask, setDependencies } from '../tasks/tasks.repository.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { insertAttachment } from '../attachments/attachments.repository.ts';
import { seedPortrait } from './seed-portraits.ts';
import { SEED_JOBS, SEED_LOCATIONS, SEED_PEOPLE, SEED_SKILLS } from './seed-data.ts';

export type SeedCounts = { customers: number; vehicles: number; technicians: number; tasks: number; jobCards: number; spareParts: number };

const STATUSES = ['pending', 'assigned', 'in_progress', 'completed', 'cancelled'] as const;
const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
const DAY = 24 * 3600 * 1000;

/**
 * Adds one batch of realistic sample data to the admin's workshop; never changes or deletes
 * what is there. Seeding again adds another batch (e-mails carry the batch number).
 */
export async function seedWorkshop(db: Db, admin: PublicUser, now = new Date()): Promise<SeedCounts> {
  const tenantId = admin.tenantId;
  const batch = now.getTime().toString(36);
  let technicianCount = 0;
  let taskCount = 0;
  await db.transaction(async (tx) => {
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
      const skills = [SEED_SKILLS[i % SEED_SKILLS.length], SEED_SKILLS[(i * 3 + 1) % SEED_SKILLS.length], SEED_SKILLS[(i + 5) % SEED_SKILLS.length]];
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
    await recordActivity(tx, {
      tenantId,
      userId: admin.id,
      action: 'seeded_database',
      entityType: 'workshop',
      entityId: tenantId,
      details: { technicians: technicianCount, tasks: taskCount },
    });
  });
  return { customers: 0, vehicles: 0, technicians: technicianCount, tasks: taskCount, jobCards: 0, spareParts: 0 };
}
