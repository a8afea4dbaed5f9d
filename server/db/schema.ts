/** The one pg-core schema: every module's tables, re-exported. */
export * from '../modules/tenants/tenants.table.ts';
export * from '../modules/users/users.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/technicians/technicians.table.ts';
export * from '../modules/tasks/tasks.table.ts';
export * from '../modules/activity/activity.table.ts';
export * from '../modules/notifications/notifications.table.ts';
export * from '../modules/attachments/attachments.table.ts';
export * from '../modules/customers/customers.table.ts';
export * from '../modules/vehicles/vehicles.table.ts';
export * from '../modules/spare-parts/spare-parts.table.ts';
export * from '../modules/job-cards/job-cards.table.ts';
export * from '../modules/fleet/fleet.table.ts';
export * from '../modules/bookings/bookings.table.ts';
export * from '../modules/appointments/appointments.table.ts';
export * from '../modules/shifts/shifts.table.ts';
export * from '../modules/maintenance/maintenance.table.ts';
