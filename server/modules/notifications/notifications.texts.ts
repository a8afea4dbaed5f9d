import type { NOTIFICATION_DETAILS, NotificationKind } from '../../../core/contracts/notifications.values.ts';

/** What a kind records: the details its sentence names, each a string or number. */
export type DetailsOf<K extends NotificationKind> = { [D in (typeof NOTIFICATION_DETAILS)[K][number]]: string | number };

const status = (value: string | number) => String(value).replace(/_/g, ' ');

/**
 * The English title and message of each kind, as the e-mail says them (the page writes the
 * kind's sentence in the reader's language from the same details: notifications.json `kinds`).
 */
const TEXTS: { [K in NotificationKind]: (d: DetailsOf<K>) => { title: string; message: string } } = {
  task_assigned: (d) => ({ title: 'New task assigned', message: `You have been assigned the task "${d.taskTitle}".` }),
  task_updated: (d) => ({ title: 'Task updated', message: `Your task "${d.taskTitle}" was updated; its status is ${status(d.status)}.` }),
  job_card_assigned: (d) => ({
    title: 'Job card assigned',
    message: `Job card ${d.jobNumber} (${d.serviceType}) has been assigned to you.`,
  }),
  job_card_status: (d) => ({ title: 'Job card status changed', message: `Job card ${d.jobNumber} is now ${status(d.status)}.` }),
  booking_assigned: (d) => ({ title: 'New service booking', message: `A ${d.serviceType} booking on ${d.date} has been assigned to you.` }),
  booking_updated: (d) => ({
    title: 'Service booking changed',
    message: `Your ${d.serviceType} booking on ${d.date} was changed; its status is ${status(d.status)}.`,
  }),
  appointment_assigned: (d) => ({
    title: 'New appointment',
    message: `Appointment ${d.appointmentNumber} on ${d.date} at ${d.time} has been assigned to you.`,
  }),
  appointment_updated: (d) => ({
    title: 'Appointment changed',
    message: `Appointment ${d.appointmentNumber} on ${d.date} at ${d.time} was changed; its status is ${status(d.status)}.`,
  }),
  low_stock: (d) => ({
    title: 'Low stock',
    message: `${d.partName} (${d.sku}) is low on stock: ${d.stockQuantity} left, minimum ${d.minimumStock}.`,
  }),
  service_reminder_due: (d) => ({
    title: 'Service due',
    message: `${d.reminderTitle}: ${d.vehicleName} (${d.plateNumber}) is due for service.`,
  }),
  invoice_overdue: (d) => ({
    title: 'Invoice overdue',
    message: `Invoice ${d.invoiceNumber} was due on ${d.dueDate}; ${d.balance} is still owed.`,
  }),
  payment_recorded: (d) => ({ title: 'Payment recorded', message: `A payment of ${d.amount} was recorded on invoice ${d.invoiceNumber}.` }),
};

export function englishText<K extends NotificationKind>(kind: K, details: DetailsOf<K>): { title: string; message: string } {
  return (TEXTS[kind] as (d: DetailsOf<K>) => { title: string; message: string })(details);
}
