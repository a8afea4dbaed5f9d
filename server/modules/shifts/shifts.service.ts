import type { Db, Tx } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import type { Conflict } from '../../../core/contracts/bookings.ts';
import type { Shift, ShiftAssignment, ShiftAssignmentInput, ShiftInput } from '../../../core/contracts/shifts.ts';
import { addDays } from '../../../core/rules/scheduling.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { findStaff } from '../users/users.repository.ts';
import * as repo from './shifts.repository.ts';
import { workshopClock } from '../tenants/workshop-clock.ts';

export const shiftNotFound = () => notFound('shifts', 'Shift');
export const assignmentNotFound = () => notFound('shift_assignments', 'Shift assignment');
const STAFF_ROLES = new Set(['admin', 'manager']);
const nameTaken = () => conflict('shifts.name_taken', 'A shift with this name already exists');

async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export async function createShift(db: Db, tenantId: number, input: ShiftInput): Promise<Shift> {
  const id = await uniqueName(() =>
    repo.insertShift(db, {
      tenantId,
      name: input.name,
      startTime: input.startTime,
      endTime: input.endTime,
      isActive: input.isActive ?? true,
    }),
  );
  return (await repo.findShift(db, tenantId, id))!;
}

export async function updateShift(db: Db, tenantId: number, id: number, input: ShiftInput): Promise<Shift> {
  const found = await uniqueName(() =>
    repo.updateShift(db, tenantId, id, {
      name: input.name,
      startTime: input.startTime,
      endTime: input.endTime,
      isActive: input.isActive ?? true,
    }),
  );
  if (!found) throw shiftNotFound();
  return (await repo.findShift(db, tenantId, id))!;
}

/** A shift with assignments is kept (their history matters): 409 saying how many; make it inactive instead. */
export async function deleteShift(db: Db, tenantId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const shift = await repo.findShift(tx, tenantId, id);
    if (!shift) throw shiftNotFound();
    const n = await repo.countAssignments(tx, tenantId, id);
    if (n > 0) {
      throw conflict('shifts.in_use', `This shift has ${n} assignment${n === 1 ? '' : 's'}: make it inactive instead`, { assignments: n });
    }
    await repo.deleteShift(tx, tenantId, id);
  });
}

/** The shift's start and end on a day, read in the workshop's time zone. */
async function shiftWindow(tx: Tx, tenantId: number, shift: Shift, day: string) {
  const clock = await workshopClock(tx, tenantId);
  const startsAt = clock.at(day, shift.startTime);
  const endsAt = clock.at(shift.endTime > shift.startTime ? day : addDays(day, 1), shift.endTime);
  return { startsAt, endsAt };
}

async function checkReferences(tx: Tx, tenantId: number, input: ShiftAssignmentInput) {
  const shift = await repo.findShift(tx, tenantId, input.shiftId);
  if (!shift) throw badRequest('shift_assignments.unknown_shift', 'Unknown shift');
  const employee = await findStaff(tx, tenantId, Number(input.userId));
  if (!employee) throw badRequest('shift_assignments.unknown_employee', 'Unknown employee');
  return shift;
}

async function conflictsFor(
  tx: Tx,
  tenantId: number,
  userId: number,
  startsAt: Date,
  endsAt: Date,
  exceptId: number | null,
): Promise<Conflict[]> {
  const rows = await repo.overlappingAssignments(tx, tenantId, userId, startsAt, endsAt, exceptId);
  return rows.map((r) => ({
    kind: 'shift_assignment',
    id: r.id,
    label: r.name,
    start: new Date(r.startsAt).toISOString(),
    end: new Date(r.endsAt).toISOString(),
  }));
}

export async function createAssignment(
  db: Db,
  tenantId: number,
  input: ShiftAssignmentInput,
): Promise<ShiftAssignment & { conflicts: Conflict[] }> {
  return db.transaction(async (tx) => {
    const shift = await checkReferences(tx, tenantId, input);
    const { startsAt, endsAt } = await shiftWindow(tx, tenantId, shift, input.date);
    const conflicts = await conflictsFor(tx, tenantId, Number(input.userId), startsAt, endsAt, null);
    const id = await repo.insertAssignment(tx, {
      tenantId,
      shiftId: input.shiftId,
      userId: Number(input.userId),
      date: input.date,
      startsAt,
      endsAt,
      status: input.status ?? 'scheduled',
      notes: input.notes ?? null,
    });
    return { ...(await repo.findAssignment(tx, tenantId, id))!, conflicts };
  });
}

export async function updateAssignment(
  db: Db,
  tenantId: number,
  id: number,
  input: ShiftAssignmentInput,
): Promise<ShiftAssignment & { conflicts: Conflict[] }> {
  return db.transaction(async (tx) => {
    const existing = await repo.findAssignment(tx, tenantId, id);
    if (!existing) throw assignmentNotFound();
    const shift = await checkReferences(tx, tenantId, input);
    const { startsAt, endsAt } = await shiftWindow(tx, tenantId, shift, input.date);
    const conflicts = await conflictsFor(tx, tenantId, Number(input.userId), startsAt, endsAt, id);
    await repo.updateAssignment(tx, tenantId, id, {
      shiftId: input.shiftId,
      userId: Number(input.userId),
      date: input.date,
      startsAt,
      endsAt,
      status: input.status ?? existing.status,
      notes: input.notes ?? null,
    });
    return { ...(await repo.findAssignment(tx, tenantId, id))!, conflicts };
  });
}

/**
 * Check-in only from scheduled, check-out only from checked_in (409 otherwise); the time is the
 * server's clock. A technician checks only themselves in and out; managers and admins anyone.
 */
export async function checkInOrOut(db: Db, actor: PublicUser, id: number, action: 'check_in' | 'check_out'): Promise<ShiftAssignment> {
  const existing = await repo.findAssignment(db, actor.tenantId, id);
  if (!existing) throw assignmentNotFound();
  if (!STAFF_ROLES.has(actor.role) && existing.userId !== actor.id) {
    throw forbidden('shift_assignments.not_yours', 'You can only check yourself in and out');
  }
  const now = new Date();
  const [from, values] =
    action === 'check_in'
      ? (['scheduled', { status: 'checked_in', checkInTime: now }] as const)
      : (['checked_in', { status: 'checked_out', checkOutTime: now }] as const);
  const moved = await repo.transitionAssignment(db, actor.tenantId, id, from, values);
  if (!moved) {
    const current = (await repo.findAssignment(db, actor.tenantId, id))?.status ?? existing.status;
    throw conflict(
      `shift_assignments.cannot_${action}`,
      action === 'check_in'
        ? `Only a scheduled assignment can be checked in (this one is ${current.replace('_', ' ')})`
        : `Only a checked-in assignment can be checked out (this one is ${current.replace('_', ' ')})`,
      { status: current },
    );
  }
  return (await repo.findAssignment(db, actor.tenantId, id))!;
}

/** Plain reads the routes serve as the repository answers them. */
export { listAssignments, listShifts } from './shifts.repository.ts';
