import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { ANY_ROLE } from '../../plugins/access.ts';
import { tenantParams } from '../../../core/contracts/tenant.ts';
import { teamCapacity, utilizationLevel, utilizationPercent } from '../../../core/rules/capacity.ts';
import { badgeFor, LEADERBOARD_SIZE, rankLeaderboard } from '../../../core/rules/leaderboard.ts';
import { upcoming as upcomingBookings } from '../bookings/bookings.service.ts';
import { capacityReport, dashboardStats, leaderboard, tenantMetrics } from '../../../core/contracts/dashboard.ts';
import * as service from './dashboard.service.ts';

const tags = ['dashboard'];
export async function dashboardRoutes(app: FastifyInstance, { db }: { db: Db }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/dashboard/stats',
    { config: { access: ANY_ROLE, keepAnswer: true }, schema: { tags, response: { 200: dashboardStats } } },
    async (request) => {
      const s = await service.fieldServiceStats(db, request.actor.tenantId);
      return {
        totalTechnicians: s.totalTechnicians,
        activeTasks: s.activeTasks,
        unassignedTasks: s.unassignedTasks,
        completionRate: s.total === 0 ? 0 : Math.round((s.completed / s.total) * 100),
      };
    },
  );

  r.get(
    '/api/tenants/:tenantId/dashboard/metrics',
    { config: { access: ANY_ROLE, keepAnswer: true }, schema: { tags, params: tenantParams, response: { 200: tenantMetrics } } },
    async (request) => ({
      ...(await service.workshopMetrics(db, request.actor.tenantId)),
      // The bookings of the upcoming card: the next 7 days in the workshop's time zone.
      upcomingBookings: (await upcomingBookings(db, request.actor.tenantId)).total,
    }),
  );

  r.get(
    '/api/dashboard/capacity',
    { config: { access: ANY_ROLE, keepAnswer: true }, schema: { tags, response: { 200: capacityReport } } },
    async (request) => {
      const f = await service.capacityFigures(db, request.actor.tenantId);
      const cap = teamCapacity(f.activeTechnicians);
      const utilization = Math.round(utilizationPercent(f.currentTasks, cap));
      return { ...f, capacity: cap, utilization, level: utilizationLevel(utilization) };
    },
  );

  r.get(
    '/api/dashboard/leaderboard',
    { config: { access: ANY_ROLE, keepAnswer: true }, schema: { tags, response: { 200: leaderboard } } },
    async (request) => {
      const rows = await service.leaderboard(db, request.actor.tenantId, LEADERBOARD_SIZE);
      return rankLeaderboard(rows.map((row) => ({ ...row, rating: Number(row.rating) }))).map((row) => ({
        ...row,
        badge: badgeFor(row.completedTasks),
      }));
    },
  );
}
