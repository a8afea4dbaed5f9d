import {
  NOTIFICATION_DATE_DETAILS,
  NOTIFICATION_DETAILS,
  NOTIFICATION_MONEY_DETAILS,
  NOTIFICATION_NUMBER_DETAILS,
  NOTIFICATION_STATUS_DETAILS,
  type NotificationKind,
} from '@core/contracts/notifications.values.ts';
import type { Notification } from '@core/contracts/notifications.ts';
import { formatNumber, localeFor } from '@/lib/format';

type T = (key: string, options?: Record<string, unknown>) => string;
type Formatters = { date(value: string): string; money(value: string | number): string };

/** Unicode first-strong isolate and its pop: a value keeps its own direction inside the sentence. */
export const FSI = '\u2068';
export const PDI = '\u2069';

export const isKnownKind = (type: string): type is NotificationKind => Object.hasOwn(NOTIFICATION_DETAILS, type);

/** A wall-clock "HH:MM" in the language's digits ("14:30" / "١٤:٣٠"). */
export function formatClock(hhmm: string, language: string): string {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return hhmm;
  return new Intl.DateTimeFormat(localeFor(language), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' }).format(
    new Date(Date.UTC(1970, 0, 1, Number(match[1]), Number(match[2]))),
  );
}

/**
 * A notification's title and sentence in the reader's language, from its kind and the details
 * it records (statuses by their names, dates, numbers and money in the reader's digits). A kind
 * this version does not know shows the server's English.
 */
export function notificationText(n: Notification, t: T, language: string, format: Formatters): { title: string; body: string } {
  if (!isKnownKind(n.type)) return { title: n.title, body: n.message };
  // Written before kinds recorded their details: the old assignment by its task number, others as the server wrote them.
  if (NOTIFICATION_DETAILS[n.type].some((key) => n.details[key] === undefined)) {
    if (n.type === 'task_assigned' && n.taskId)
      return { title: t('kinds.task_assigned.title'), body: t('legacyTaskAssigned', { id: n.taskId }) };
    return { title: n.title, body: n.message };
  }
  const values: Record<string, string> = {};
  for (const key of NOTIFICATION_DETAILS[n.type]) {
    const raw = n.details[key];
    const value = raw === null || raw === undefined ? '' : String(raw);
    if (NOTIFICATION_STATUS_DETAILS.includes(key)) values[key] = t(`statuses.${value}`, { defaultValue: value.replace(/_/g, ' ') });
    else if (NOTIFICATION_DATE_DETAILS.includes(key)) values[key] = value ? format.date(value) : '';
    else if (NOTIFICATION_NUMBER_DETAILS.includes(key)) values[key] = formatNumber(Number(value), language);
    else if (NOTIFICATION_MONEY_DETAILS.includes(key)) values[key] = format.money(value);
    else if (key === 'time') values[key] = formatClock(value, language);
    // Names and numbers as people typed them (often Latin in an Arabic sentence) are isolated,
    // so their own direction never reorders the sentence around them.
    else values[key] = language === 'ar' && value ? `${FSI}${value}${PDI}` : value;
  }
  return { title: t(`kinds.${n.type}.title`), body: t(`kinds.${n.type}.body`, values) };
}

/** Where a notification's record is found: its own view where it has one, else its list searched for it, or its day on the schedule. */
export function recordPath(n: Notification): string | null {
  const q = (value: unknown) => (typeof value === 'string' && value ? `?q=${encodeURIComponent(value)}` : '');
  const day = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `&date=${value}` : '');
  if (n.entityId === null) return null;
  switch (n.entityType) {
    case 'task':
      return '/tasks';
    case 'job_card':
      return `/job-cards/${n.entityId}`;
    case 'vehicle':
      return `/vehicles/${n.entityId}`;
    case 'spare_part':
      return `/inventory${q(n.details.sku ?? n.details.partName)}`;
    case 'booking':
    case 'appointment':
      return `/schedule?view=day${day(n.details.date)}`;
    case 'invoice':
      return `/invoices/${n.entityId}`;
    default:
      return null;
  }
}
