// Types only from core/contracts (a value import would pull zod into the page); the enum values
// are repeated here and checked against the contract types.
import type { Technician, Skill } from '@core/contracts/technicians.ts';
import type { Task } from '@core/contracts/tasks.ts';
import type { Attachment } from '@core/contracts/attachments.ts';
import type { AssignReason } from '@core/rules/auto-assign.ts';
import type { Badge } from '@core/rules/leaderboard.ts';

export type { Technician, Skill, Task, Attachment, AssignReason, Badge };

export const TECHNICIAN_STATUSES = ['active', 'inactive', 'on_leave'] as const satisfies readonly Technician['status'][];
export const TECHNICIAN_SORTS = ['default', 'name', 'rating', 'created'] as const;
export type TechnicianSort = (typeof TECHNICIAN_SORTS)[number];
export const TASK_STATUSES = ['pending', 'assigned', 'in_progress', 'completed', 'cancelled'] as const satisfies readonly Task['status'][];
export const TASK_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const satisfies readonly Task['priority'][];
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push'] as const;
export type Channel = (typeof NOTIFICATION_CHANNELS)[number];
export type TechnicianStatus = Technician['status'];
export type TaskStatus = Task['status'];
export type TaskPriority = Task['priority'];

export type Suggestion = {
  technicianId: number;
  firstName: string;
  lastName: string;
  score: number;
  percent: number;
  reasons: AssignReason[];
  bestMatch: boolean;
};
export type Delivery = { channel: string; status: 'pending' | 'queued' | 'sent' | 'failed'; error: string | null };
export type BulkAssignResult = { assigned: Array<{ taskId: number; technicianId: number }>; unplaced: number[]; refused: number[] };
export type DashboardStats = { totalTechnicians: number; activeTasks: number; unassignedTasks: number; completionRate: number };
export type TenantMetrics = {
  totalCustomers: number;
  totalVehicles: number;
  activeJobCards: number;
  completedJobCards: number;
  lowStockItems: number;
  upcomingBookings: number;
};
export type Capacity = {
  activeTechnicians: number;
  capacity: number;
  currentTasks: number;
  utilization: number;
  level: 'critical' | 'high' | 'moderate' | 'low';
  available: number;
  overloaded: number;
};
export type Leader = {
  id: number;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  completedTasks: number;
  rating: number;
  score: number;
  badge: Badge;
  rank: number;
};
export type ActivityEntry = {
  id: number;
  action: string;
  entityType: string | null;
  entityId: number | null;
  createdAt: string;
  user: { firstName: string | null; lastName: string | null } | null;
  details: { technicianName?: string; taskTitle?: string; [key: string]: unknown };
};
export type SeedCounts = { customers: number; vehicles: number; technicians: number; tasks: number; jobCards: number; spareParts: number };

/** A technician's rating as shown: one decimal, 0.0 when missing. */
export function ratingOf(technician: Pick<Technician, 'rating'>): number {
  const n = Number(technician.rating);
  return Number.isFinite(n) ? n : 0;
}
