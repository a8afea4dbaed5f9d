import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';
import { NEEDS_ATTENTION } from '../spare-parts/spare-parts.repository.ts';

/** The four field-service figures, from the trigger-kept task counts (no scan of tasks). */
export async function fieldServiceStats(db: Tx, tenantId: number) {
  const [row] = await queryRows<{
    totalTechnicians: number;
    activeTasks: number;
    unassignedTasks: number;
    completed: number;
    total: number;
  }>(
    db,
    sql`select (select count(*)::int from technicians where tenant_id = ${tenantId}) as "totalTechnicians",
          coalesce(sum(n) filter (where status in ('assigned', 'in_progress')), 0)::int as "activeTasks",
          coalesce(sum(n) filter (where not assigned and status not in ('completed', 'cancelled')), 0)::int as "unassignedTasks",
          coalesce(sum(n) filter (where status = 'completed'), 0)::int as completed,
          coalesce(sum(n), 0)::int as total
        from task_counts where tenant_id = ${tenantId}`,
  );
  return row;
}

/**
 * The workshop figures: customers, vehicles, active job cards (pending or in progress),
 * completed job cards and parts that need attention (below their minimum or at zero). Job cards
 * come from the trigger-kept job_card_counts; parts needing attention from their partial index.
 */
export async function workshopMetrics(db: Tx, tenantId: number) {
  const [row] = await queryRows<{
    totalCustomers: number;
    totalVehicles: number;
    activeJobCards: number;
    completedJobCards: number;
    lowStockItems: number;
  }>(
    db,
    sql`select coalesce((select n from row_counts where tenant_id = ${tenantId} and entity = 'customers'), 0)::int as "totalCustomers",
          coalesce((select n from row_counts where tenant_id = ${tenantId} and entity = 'vehicles'), 0)::int as "totalVehicles",
          (select coalesce(sum(n), 0)::int from job_card_counts where tenant_id = ${tenantId} and status in ('pending', 'in_progress')) as "activeJobCards",
          (select coalesce(sum(n), 0)::int from job_card_counts where tenant_id = ${tenantId} and status = 'completed') as "completedJobCards",
          (select count(*)::int from spare_parts where tenant_id = ${tenantId} and ${NEEDS_ATTENTION}) as "lowStockItems"`,
  );
  return row;
}

/** Active technicians, their current tasks, and who is available or overloaded. */
export async function capacityFigures(db: Tx, tenantId: number) {
  const [row] = await queryRows<{ activeTechnicians: number; currentTasks: number; available: number; overloaded: number }>(
    db,
    sql`select count(*)::int as "activeTechnicians",
          coalesce(sum(c.active), 0)::int as "currentTasks",
          count(*) filter (where c.active < 3)::int as available,
          count(*) filter (where c.active >= 5)::int as overloaded
        from technicians t
        left join lateral (select count(*)::int as active from tasks x where x.technician_id = t.id and x.status in ('assigned', 'in_progress')) c on true
        where t.tenant_id = ${tenantId} and t.status = 'active'`,
  );
  return row;
}

/** The top technicians by completed × 10 + rating × 20, ordered in SQL. */
export async function leaderboard(db: Tx, tenantId: number, size: number) {
  return queryRows<{
    id: number;
    firstName: string;
    lastName: string;
    profileImageUrl: string | null;
    completedTasks: number;
    rating: string;
  }>(
    db,
    sql`select t.id, t.first_name as "firstName", t.last_name as "lastName", t.profile_image_url as "profileImageUrl",
          coalesce(c.completed, 0) as "completedTasks", t.rating::text as rating
        from technicians t
        left join lateral (select count(*)::int as completed from tasks x where x.technician_id = t.id and x.status = 'completed') c on true
        where t.tenant_id = ${tenantId}
        order by coalesce(c.completed, 0) * 10 + t.rating * 20 desc, coalesce(c.completed, 0) desc, t.id
        limit ${size}`,
  );
}
