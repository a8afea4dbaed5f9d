import { sql, type SQL } from 'drizzle-orm';

/**
 * A user's name as lists show who did something: first and last name, else the username. `alias`
 * is the users table's alias in the query (code, never input).
 */
export const personName = (alias: string): SQL => {
  const u = (column: string) => `${alias}.${column}`;
  return sql.raw(`coalesce(nullif(trim(concat_ws(' ', ${u('first_name')}, ${u('last_name')})), ''), ${u('username')})`);
};

/** `{ id, name }` of the user joined as `alias`, or null when none (a left join that found no one). */
export const personRef = (alias: string): SQL =>
  sql`case when ${sql.raw(`${alias}.id`)} is null then null else json_build_object('id', ${sql.raw(`${alias}.id`)}, 'name', ${personName(alias)}) end`;
