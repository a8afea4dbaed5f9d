import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Who the statements made while serving a request are for: the signed-in user (none before
 * sign-in), the request's address and browser. The database's audit triggers read them from
 * transaction-local settings (migration 0035: `workbay.user_id`, `workbay.ip`,
 * `workbay.user_agent`); statements made outside a request (a scheduled job) name nobody.
 */
export type StatementActor = { userId: number | null; ip: string | null; userAgent: string | null };

const actors = new AsyncLocalStorage<StatementActor>();

/** Runs `work` (and everything it starts) on behalf of `actor`. */
export function runAs<T>(actor: StatementActor, work: () => T): T {
  return actors.run(actor, work);
}

/** The actor of the work under way, if any; mutable, so a sign-in can name its user from then on. */
export function currentActor(): StatementActor | undefined {
  return actors.getStore();
}

/** A statement that writes (the only ones the audit triggers see). */
const WRITES = /^\s*(insert|update|delete|with|merge)\b/i;
export const isWrite = (text: string) => WRITES.test(text);

const text = (value: string | number | null) => (value === null ? '' : String(value));

/** The settings statement, with parameters ($1..$3). */
export const ACTOR_SETTINGS_TEXT =
  "select set_config('workbay.user_id', $1, true), set_config('workbay.ip', $2, true), set_config('workbay.user_agent', $3, true)";
export const actorSettingsParams = (actor: StatementActor) => [text(actor.userId), text(actor.ip), text(actor.userAgent)];

/** The same as a Drizzle statement, for the start of a transaction. */
export const actorSettings = (actor: StatementActor): SQL => {
  const [userId, ip, userAgent] = actorSettingsParams(actor);
  return sql`select set_config('workbay.user_id', ${userId}, true), set_config('workbay.ip', ${ip}, true), set_config('workbay.user_agent', ${userAgent}, true)`;
};
