import { z } from '../zod.ts';
import { BADGES, UTILIZATION_LEVELS } from './dashboard.values.ts';

/**
 * The dashboard's answers (GET /api/dashboard/stats, /capacity, /leaderboard and
 * /api/tenants/:tenantId/dashboard/metrics): the routes' response schemas, and the web's types.
 */
export const dashboardStats = z.object({
  totalTechnicians: z.number().int(),
  activeTasks: z.number().int(),
  unassignedTasks: z.number().int(),
  completionRate: z.number(),
});
export const tenantMetrics = z.object({
  totalCustomers: z.number().int(),
  totalVehicles: z.number().int(),
  activeJobCards: z.number().int(),
  completedJobCards: z.number().int(),
  lowStockItems: z.number().int(),
  upcomingBookings: z.number().int(),
});
export const capacityReport = z.object({
  activeTechnicians: z.number().int(),
  capacity: z.number().int(),
  currentTasks: z.number().int(),
  utilization: z.number(),
  level: z.enum(UTILIZATION_LEVELS),
  available: z.number().int(),
  overloaded: z.number().int(),
});
export const leader = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  completedTasks: z.number().int(),
  rating: z.number(),
  score: z.number(),
  badge: z.enum(BADGES),
  rank: z.number().int(),
});
export const leaderboard = z.array(leader);

export type DashboardStats = z.infer<typeof dashboardStats>;
export type TenantMetrics = z.infer<typeof tenantMetrics>;
export type Capacity = z.infer<typeof capacityReport>;
export type Leader = z.infer<typeof leader>;
