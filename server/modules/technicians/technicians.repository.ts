import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { containsPattern } from '../../db/search.ts';
import { queryRows, type Tx } from '../../db/client.ts';
import { skills, technicianSkills, technicians } from './technicians.table.ts';
import type { Technician, TechnicianInput, TechnicianListQuery } from '../../../core/contracts/technicians.ts';
import { idIn } from '../../db/conditions.ts';
import { windowTotal } from '../../db/totals.ts';

type Row = Omit<Technician, 'createdAt' | 'status'> & { status: Technician['status']; createdAt: string | Date; total: number };

const ORDER: Record<TechnicianListQuery['sort'], SQL> = {
  default: sql`t.id`,
  name: sql`lower(t.first_name), lower(t.last_name), t.id`,
  rating: sql`t.rating desc, t.id`,
  created: sql`t.created_at desc, t.id desc`,
};

/**
 * Technicians with their skills, task counts and the full count, in one query whatever the
 * page size: the counts come from an index on tasks (technician_id, status).
 */
export async function listTechnicians(
  db: Tx,
  tenantId: number,
  query: Partial<TechnicianListQuery> & { ids?: number[] },
): Promise<{ rows: Technician[]; total: number }> {
  const where: SQL[] = [sql`t.tenant_id = ${tenantId}`];
  if (query.status) where.push(sql`t.status = ${query.status}`);
  if (query.ids) where.push(idIn(query.ids, 't.id'));
  if (query.skill) {
    where.push(sql`exists (select 1 from technician_skills ts join skills s on s.id = ts.skill_id
      where ts.technician_id = t.id and lower(s.name) = lower(${query.skill}))`);
  }
  if (query.q) {
    where.push(sql`(t.first_name || ' ' || t.last_name || ' ' || t.email) ilike ${containsPattern(query.q)}`);
  }
  const filter = sql.join(where, sql` and `);
  // The page is chosen first (filter, order, limit, full count); counts and skills are then
  // computed for its rows only, so the cost follows the page size, not the workshop size.
  const rows = await queryRows<Row>(
    db,
    sql`with page as (
          select t.id, count(*) over ()::int as total, row_number() over (order by ${ORDER[query.sort ?? 'default']}) as n
          from technicians t
          where ${filter}
          order by ${ORDER[query.sort ?? 'default']}
          limit ${query.limit ?? 500} offset ${query.offset ?? 0}
        )
        select t.id, t.first_name as "firstName", t.last_name as "lastName", t.email, t.phone, t.title,
          t.employee_id as "employeeId", t.profile_image_url as "profileImageUrl", t.location, t.notes, t.status,
          t.rating::text as rating, t.user_id as "userId", t.created_at as "createdAt",
          coalesce(sk.skills, '[]'::json) as skills,
          json_build_object('completedTasks', coalesce(c.completed, 0), 'activeTasks', coalesce(c.active, 0)) as "_count",
          page.total
        from page join technicians t on t.id = page.id
        left join lateral (
          select count(*) filter (where status = 'completed')::int as completed,
                 count(*) filter (where status in ('assigned', 'in_progress'))::int as active
          from tasks where technician_id = t.id
        ) c on true
        left join lateral (
          select json_agg(json_build_object('id', ts.id, 'skill', json_build_object('id', s.id, 'name', s.name)) order by lower(s.name)) as skills
          from technician_skills ts join skills s on s.id = ts.skill_id where ts.technician_id = t.id
        ) sk on true
        order by page.n`,
  );
  return {
    rows: rows.map(({ total: _t, createdAt, rating, ...r }) => ({
      ...r,
      rating: Number(rating).toFixed(1),
      createdAt: new Date(createdAt).toISOString(),
    })),
    total: await windowTotal(db, rows, query.offset, sql`select 1 from technicians t where ${filter}`),
  };
}

export async function findTechnician(db: Tx, tenantId: number, id: number): Promise<Technician | undefined> {
  const { rows } = await listTechnicians(db, tenantId, { ids: [id], limit: 1 });
  return rows[0];
}

type TechnicianColumns = Omit<TechnicianInput, 'skills' | 'rating'> & { rating?: string };

export async function insertTechnician(db: Tx, tenantId: number, values: TechnicianColumns): Promise<number> {
  const [row] = await db
    .insert(technicians)
    .values({ ...values, tenantId })
    .returning({ id: technicians.id });
  return row.id;
}

export async function updateTechnician(db: Tx, tenantId: number, id: number, values: Partial<TechnicianColumns>) {
  if (Object.keys(values).length === 0) return;
  await db
    .update(technicians)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(technicians.tenantId, tenantId), eq(technicians.id, id)));
}

export async function setTechnicianSkills(db: Tx, tenantId: number, technicianId: number, skillIds: number[]) {
  await db.delete(technicianSkills).where(and(eq(technicianSkills.tenantId, tenantId), eq(technicianSkills.technicianId, technicianId)));
  if (skillIds.length === 0) return;
  await db.insert(technicianSkills).values([...new Set(skillIds)].map((skillId) => ({ tenantId, technicianId, skillId })));
}

export async function setStatusMany(db: Tx, tenantId: number, ids: number[], status: string): Promise<number[]> {
  const rows = await db
    .update(technicians)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(technicians.tenantId, tenantId), inArray(technicians.id, ids)))
    .returning({ id: technicians.id });
  return rows.map((r) => r.id);
}

export async function existingTechnicianIds(db: Tx, tenantId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: technicians.id })
    .from(technicians)
    .where(and(eq(technicians.tenantId, tenantId), inArray(technicians.id, ids)));
  return rows.map((r) => r.id);
}

export async function findTechnicianIdForUser(db: Tx, tenantId: number, userId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: technicians.id })
    .from(technicians)
    .where(and(eq(technicians.tenantId, tenantId), eq(technicians.userId, userId)));
  return row?.id;
}

export async function listSkills(db: Tx, tenantId: number) {
  return db
    .select({ id: skills.id, name: skills.name })
    .from(skills)
    .where(eq(skills.tenantId, tenantId))
    .orderBy(sql`lower(${skills.name})`);
}

export async function existingSkillIds(db: Tx, tenantId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: skills.id })
    .from(skills)
    .where(and(eq(skills.tenantId, tenantId), inArray(skills.id, ids)));
  return rows.map((r) => r.id);
}

export async function insertSkill(db: Tx, tenantId: number, name: string, category?: string) {
  const [row] = await db.insert(skills).values({ tenantId, name, category }).returning({ id: skills.id, name: skills.name });
  return row;
}
