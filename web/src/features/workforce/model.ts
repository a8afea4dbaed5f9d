// Types only from core/contracts (a value import would pull zod into the page); the status lists
// from the contracts' zod-free value files.
import type { Technician, Skill } from '@core/contracts/technicians.ts';
import type { Task } from '@core/contracts/tasks.ts';
import type { Attachment } from '@core/contracts/attachments.ts';
import type { Capacity, DashboardStats, Leader, TenantMetrics } from '@core/contracts/dashboard.ts';
import type { AssignReason } from '@core/rules/auto-assign.ts';
import type { Badge } from '@core/rules/leaderboard.ts';
import { TASK_STATUSES, TASK_PRIORITIES } from '@core/contracts/tasks.values.ts';
import { TECHNICIAN_SORTS, TECHNICIAN_STATUSES } from '@core/contracts/technicians.values.ts';
import { NOTIFICATION_CHANNELS } from '@core/contracts/notifications.values.ts';

export { NOTIFICATION_CHANNELS, TASK_PRIORITIES, TASK_STATUSES, TECHNICIAN_SORTS, TECHNICIAN_STATUSES };

export type { Technician, Skill, Task, Attachment, AssignReason, Badge, Capacity, DashboardStats, Leader, TenantMetrics };

export type TechnicianSort = (typeof TECHNICIAN_SORTS)[number];
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
