import type { Tx } from '../../db/client.ts';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import { takeHit } from '../auth/throttle.ts';

/**
 * One user's AI calls per minute (each reads a good part of the workshop's history): 429
 * `ai.too_many_requests` with Retry-After beyond it, counted in the database across app processes.
 * Returns the actor's workshop, which the call then reads.
 */
export async function takeAiCall(db: Tx, actor: PublicUser, perMinute: number): Promise<number> {
  await takeHit(
    db,
    {
      prefix: 'ai:user',
      max: perMinute,
      windowMs: 60_000,
      code: 'ai.too_many_requests',
      message: 'Too many AI requests. Please wait a moment and try again.',
    },
    actor.id,
  );
  return actor.tenantId;
}
