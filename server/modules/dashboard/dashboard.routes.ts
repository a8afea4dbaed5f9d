import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../../core/zod.ts';
import type { Db } from '../../db/client.ts';
import { ANY_ROLE } from '../../plugins/access.ts';
import { tenantParams } from '../../../core/contracts/tenant.ts';
import { teamCapacity, utilizationLevel, utilizationPercent } from '../../../core/rules/capacity.ts';
import { badgeFor, LEADERBOARD_SIZE, rankLeaderboard } from '../../../core/rules/leaderboard.ts';
import { upcoming as upcomingBookings } from '../bookings/bookings.service.ts';
import * as service from './dashboard.service.ts';

const tags = ['dashboard'];
const stats = z.object({
  totalTechnicians: z.number().int(),
  activeTasks: z.number().int(),
  unassignedTasks: z.number().int(),
  completionRate: z.number(),
});
const metrics = z.object({
  totalCustomers: z.number().int(),
  totalVehicles: z.number().int(),
  activeJobCards: z.number().int(),
  completedJobCards: z.number().int(),
  lowStockItems: z.number().int(),
  upcomingBookings: z.number().int(),
});
const capacity = z.object({
  activeTechnicians: z.number().int(),
  capacity: z.number().int(),
  currentTasks: z.number().int(),
  utilization: z.number(),
  level: z.enum(['critical', 'high', 'moderate', 'low']),
  available: z.number().int(),
  overloaded: z.number().int(),
});
const leader = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  completedTasks: z.number().int(),
  rating: z.number(),
  score: z.number(),
  badge: z.enum(['beginner', 'skilled', 'professional', 'expert', 'master']),
  rank: z.number().int(),
});

export async function dashboardRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/dashboard/stats', { config: { access: ANY_ROLE }, schema: { tags, response: { 200: stats } } }, async (request) => {
    const s = await service.fieldServiceStats(db, request.actor.tenantId);
    return {
      totalTechnicians: s.totalTechnicians,
      activeTasks: s.activeTasks,
      unassignedTasks: s.unassignedTasks,
      completionRate: s.total === 0 ? 0 : Math.round((s.completed / s.total) * 100),
    };
  });

  r.get(
    '/api/tenants/:tenantId/dashboard/metrics',
    { config: { access: ANY_ROLE }, schema: { tags, params: tenantParams, response: { 200: metrics } } },
    async (request) => ({
      ...(await service.workshopMetrics(db, request.actor.tenantId)),
      // The bookings of the upcoming card: the next 7 days in the workshop's time zone.
      upcomingBookings: (await upcomingBookings(db, request.actor.tenantId)).total,
    }),
  );

  r.get('/api/dashboard/capacity', { config: { access: ANY_ROLE }, schema: { tags, response: { 200: capacity } } }, async (request) => {
    const f = await service.capacityFigures(db, request.actor.tenantId);
    const cap = teamCapacity(f.activeTechnicians);
    const utilization = Math.round(utilizationPercent(f.currentTasks, cap));
    return { ...f, capacity: cap, utilization, level: utilizationLevel(utilization) };
  });

  r.get('/api/dashboard/leaderboard', { config: { access: ANY_ROLE }, schema: { tags, response: { 200: z.array(leader) } } }, async (request) => {
    const rows = await service.leaderboard(db, request.actor.tenantId, LEADERBOARD_SIZE);
    return rankLeaderboard(rows.map((row) => ({ ...row, rating: Number(row.rating) }))).map((row) => ({ ...row, badge: badgeFor(row.completedTasks) }));
  });
}
