import { sql, type SQL } from 'drizzle-orm';

/**
 * `column in (ids)` for a list's `ids` filter (one record read through its list, a bulk call's
 * rows); no ids selects nothing (`in ()` is not SQL). `column` is code, never input: `id`, `t.id`.
 */
export function idIn(ids: readonly number[], column = 'id'): SQL {
  if (ids.length === 0) return sql`false`;
  return sql`${sql.raw(column)} in (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}
