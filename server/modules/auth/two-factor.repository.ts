import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { twoFactorAuth } from '../users/users.table.ts';

export type TwoFactorRow = {
  secret: string;
  isEnabled: boolean;
  lastUsedStep: number | null;
};

const ofUser = (tenantId: number, userId: number) => and(eq(twoFactorAuth.tenantId, tenantId), eq(twoFactorAuth.userId, userId));

export async function findTwoFactor(db: Tx, tenantId: number, userId: number): Promise<TwoFactorRow | undefined> {
  const [row] = await db
    .select({ secret: twoFactorAuth.secret, isEnabled: twoFactorAuth.isEnabled, lastUsedStep: twoFactorAuth.lastUsedStep })
    .from(twoFactorAuth)
    .where(ofUser(tenantId, userId));
  return row;
}

/**
 * Keeps a new pending secret for the user (a set-up started again replaces the last one), unless
 * two-factor is on already: answers false then, and nothing changes.
 */
export async function savePendingSecret(db: Tx, tenantId: number, userId: number, secret: string): Promise<boolean> {
  const rows = await db
    .insert(twoFactorAuth)
    .values({ tenantId, userId, secret })
    .onConflictDoUpdate({
      target: twoFactorAuth.userId,
      set: { secret, backupCodes: [], lastUsedStep: null, updatedAt: new Date() },
      // A row of the user is in the user's workshop (the composite key), and only a pending one is replaced.
      where: and(eq(twoFactorAuth.tenantId, tenantId), eq(twoFactorAuth.isEnabled, false)),
    })
    .returning({ id: twoFactorAuth.id });
  return rows.length > 0;
}

/**
 * Turns the pending set-up with this (encrypted) secret on, with the step of the code that confirmed it and the backup codes'
 * hashes. Answers false when it was not pending any more (turned on by a racing call).
 */
export async function enableTwoFactor(
  db: Tx,
  tenantId: number,
  userId: number,
  secret: string,
  step: number,
  backupCodes: string[],
): Promise<boolean> {
  const rows = await db
    .update(twoFactorAuth)
    .set({ isEnabled: true, lastUsedStep: step, backupCodes, updatedAt: new Date() })
    .where(and(ofUser(tenantId, userId), eq(twoFactorAuth.isEnabled, false), eq(twoFactorAuth.secret, secret)))
    .returning({ id: twoFactorAuth.id });
  return rows.length > 0;
}

/**
 * Takes a TOTP time step as used, only if it is later than the last one taken: one statement, so
 * two requests with the same code cannot both pass. Answers whether this call took it.
 */
export async function takeStep(db: Tx, tenantId: number, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(twoFactorAuth)
    .set({ lastUsedStep: step })
    .where(
      and(
        ofUser(tenantId, userId),
        eq(twoFactorAuth.isEnabled, true),
        or(isNull(twoFactorAuth.lastUsedStep), lt(twoFactorAuth.lastUsedStep, step)),
      ),
    )
    .returning({ id: twoFactorAuth.id });
  return rows.length > 0;
}

/** Removes one backup code's hash, if the user still has it: a code works once, even under racing calls. */
export async function takeBackupCode(db: Tx, tenantId: number, userId: number, hash: string): Promise<boolean> {
  const rows = await db
    .update(twoFactorAuth)
    .set({ backupCodes: sql`array_remove(${twoFactorAuth.backupCodes}, ${hash})` })
    .where(and(ofUser(tenantId, userId), eq(twoFactorAuth.isEnabled, true), sql`${hash} = any(${twoFactorAuth.backupCodes})`))
    .returning({ id: twoFactorAuth.id });
  return rows.length > 0;
}

/** Forgets the user's two-factor (turned off, or reset by an admin). Answers whether there was one. */
export async function deleteTwoFactor(db: Tx, tenantId: number, userId: number): Promise<boolean> {
  const rows = await db.delete(twoFactorAuth).where(ofUser(tenantId, userId)).returning({ id: twoFactorAuth.id });
  return rows.length > 0;
}
