import { useEntityMutation } from '@/lib/query-keys';
import { queryOptions } from '@tanstack/react-query';
// Types only from core/contracts: a value import would pull zod into the page.
import type { MaintenanceSchedule, ServiceReminder } from '@core/contracts/maintenance.ts';
import { apiRequest } from '@/lib/api';

export type { MaintenanceSchedule, ServiceReminder };
export type ReminderStatus = ServiceReminder['status'];

/** A snoozed reminder is pending again after this many days (core/contracts/maintenance.ts SNOOZE_DAYS). */
export const SNOOZE_DAYS = 7;
/** The reminder window a new schedule gets (the contract's default). */
export const DEFAULT_REMINDER_DAYS = 14;

// Query keys are URL parts (web/README.md); the default query function builds the URL.
/** GET /api/vehicles/:id/maintenance-schedules (also read by the fleet dialog under the same key). */
export const schedulesQuery = (vehicleId: number) =>
  queryOptions<MaintenanceSchedule[]>({ queryKey: ['/api/vehicles', vehicleId, 'maintenance-schedules'] });
/** A vehicle's reminders, every status (a few per schedule at most); the screen shows the open ones. */
export const vehicleRemindersQuery = (tenantId: number, vehicleId: number) =>
  queryOptions<ServiceReminder[]>({ queryKey: ['/api/tenants', tenantId, 'service-reminders', { vehicleId, limit: 100 }] });

export const isOpen = (reminder: ServiceReminder) => reminder.status === 'pending' || reminder.status === 'snoozed';

/** What the schedule form sends (core/contracts/maintenance.ts maintenanceScheduleInput). */
export type SchedulePayload = {
  serviceName: string;
  description: string | null;
  intervalMileage: number | null;
  intervalMonths: number | null;
  lastServiceDate: string | null;
  lastServiceMileage: number | null;
  reminderDays: number;
  isActive: boolean;
};

export const useCreateSchedule = (vehicleId: number) =>
  useEntityMutation('maintenance', (input: SchedulePayload) =>
    apiRequest<MaintenanceSchedule>('POST', `/api/vehicles/${vehicleId}/maintenance-schedules`, input),
  );
export const useUpdateSchedule = () =>
  useEntityMutation('maintenance', ({ id, ...input }: SchedulePayload & { id: number }) =>
    apiRequest<MaintenanceSchedule>('PUT', `/api/maintenance-schedules/${id}`, input),
  );
export const useDeleteSchedule = () =>
  useEntityMutation('maintenance', (id: number) => apiRequest<void>('DELETE', `/api/maintenance-schedules/${id}`));
export const useSetReminderStatus = () =>
  useEntityMutation('maintenance', ({ id, status }: { id: number; status: ReminderStatus }) =>
    apiRequest<void>('PATCH', `/api/service-reminders/${id}`, { status }),
  );
