import { sql, type SQL } from 'drizzle-orm';

/**
 * `column in (ids)` for a list's `ids` filter (one record read through its list, a bulk call's
 * rows, audit entries' text ids); no ids selects nothing (`in ()` is not SQL). `column` is code,
 * never input: `id`, `t.id`.
 */
export function idIn(ids: readonly (number | string)[], column = 'id'): SQL {
  if (ids.length === 0) return sql`false`;
  return sql`${sql.raw(column)} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/**
 * `column` (a timestamp) within days of the workshop's time zone, `from` and `to` both included
 * (either may be left out): the date filters of the audit log and the sign-in history. `column`
 * is code, never input.
 */
export function inWorkshopDays(column: string, tenantId: number, days: { from?: string; to?: string }): SQL[] {
  const zone = sql`(select time_zone from tenants where id = ${tenantId})`;
  const at = sql.raw(column);
  const parts: SQL[] = [];
  if (days.from !== undefined) parts.push(sql`${at} >= (${days.from}::date)::timestamp at time zone ${zone}`);
  if (days.to !== undefined) parts.push(sql`${at} < (${days.to}::date + 1)::timestamp at time zone ${zone}`);
  return parts;
}
