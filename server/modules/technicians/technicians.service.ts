import type { Db, Tx } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import type { Technician, TechnicianInput } from '../../../core/contracts/technicians.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { findStaff } from '../users/users.repository.ts';
import { recordActivity } from '../activity/activity.repository.ts';
import { refusedIds } from '../../lib/ids.ts';
import * as repo from './technicians.repository.ts';

export const technicianNotFound = () => notFound('technicians', 'Technician');
const emailTaken = () => conflict('technicians.email_taken', 'A technician with this email already exists');

async function checkReferences(tx: Tx, tenantId: number, input: Partial<TechnicianInput>) {
  if (input.skills) {
    const found = await repo.existingSkillIds(tx, tenantId, input.skills);
    const missing = input.skills.filter((id) => !found.includes(id));
    if (missing.length) throw badRequest('technicians.unknown_skill', `Unknown skill: ${missing.join(', ')}`, { missing });
  }
  if (input.userId) {
    const user = await findStaff(tx, tenantId, input.userId);
    if (!user) throw badRequest('technicians.unknown_user', 'Unknown user account');
    if (user.role !== 'technician')
      throw badRequest('technicians.user_not_technician', 'Only an account with the technician role can be linked');
  }
}

function columns<T extends Partial<TechnicianInput>>(input: T) {
  const { skills: _skills, rating, ...rest } = input;
  return { ...rest, ...(rating !== undefined ? { rating: rating.toFixed(2) } : {}) };
}

async function withUniqueChecks<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) {
      const text = String((err as { cause?: { constraint?: string } }).cause?.constraint ?? err);
      if (text.includes('user')) throw conflict('technicians.user_linked', 'This account is already linked to another technician');
      throw emailTaken();
    }
    throw err;
  }
}

export async function createTechnician(db: Db, actor: PublicUser, input: TechnicianInput): Promise<Technician> {
  return withUniqueChecks(() =>
    db.transaction(async (tx) => {
      await checkReferences(tx, actor.tenantId, input);
      const id = await repo.insertTechnician(tx, actor.tenantId, columns(input));
      await repo.setTechnicianSkills(tx, actor.tenantId, id, input.skills);
      await recordActivity(tx, {
        tenantId: actor.tenantId,
        userId: actor.id,
        action: 'created_technician',
        entityType: 'technician',
        entityId: id,
        details: { technicianName: `${input.firstName} ${input.lastName}` },
      });
      return (await repo.findTechnician(tx, actor.tenantId, id))!;
    }),
  );
}

export async function updateTechnician(db: Db, actor: PublicUser, id: number, input: Partial<TechnicianInput>): Promise<Technician> {
  return withUniqueChecks(() =>
    db.transaction(async (tx) => {
      const existing = await repo.findTechnician(tx, actor.tenantId, id);
      if (!existing) throw technicianNotFound();
      await checkReferences(tx, actor.tenantId, input);
      await repo.updateTechnician(tx, actor.tenantId, id, columns(input));
      if (input.skills) await repo.setTechnicianSkills(tx, actor.tenantId, id, input.skills);
      const updated = (await repo.findTechnician(tx, actor.tenantId, id))!;
      await recordActivity(tx, {
        tenantId: actor.tenantId,
        userId: actor.id,
        action: 'updated_technician',
        entityType: 'technician',
        entityId: id,
        details: { technicianName: `${updated.firstName} ${updated.lastName}` },
      });
      return updated;
    }),
  );
}

export async function createSkill(db: Db, tenantId: number, name: string, category?: string) {
  try {
    return await repo.insertSkill(db, tenantId, name, category);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('skills.name_taken', `A skill named "${name}" already exists`);
    throw err;
  }
}

/** Plain reads the routes serve as the repository answers them. */
export { findTechnician, listSkills, listTechnicians } from './technicians.repository.ts';

/** Sets the status of several technicians; ids that are no technician of the workshop are refused, and named. */
export async function setStatuses(db: Db, actor: PublicUser, technicianIds: number[], status: string) {
  const updated = await repo.setStatusMany(db, actor.tenantId, technicianIds, status);
  return { updated, refused: refusedIds(technicianIds, updated) };
}
