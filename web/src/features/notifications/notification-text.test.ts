import { describe, expect, it } from 'vitest';
import { NOTIFICATION_DETAILS, NOTIFICATION_GROUP_NAMES, NOTIFICATION_KINDS } from '@core/contracts/notifications.values.ts';
import { JOB_CARD_STATUSES } from '@core/contracts/job-cards.values.ts';
import { TASK_STATUSES } from '@core/contracts/tasks.values.ts';
import { BOOKING_STATUSES } from '@core/contracts/bookings.values.ts';
import { APPOINTMENT_STATUSES } from '@core/contracts/appointments.values.ts';
import type { Notification } from '@core/contracts/notifications.ts';
import en from '@/locales/en/notifications.json';
import ar from '@/locales/ar/notifications.json';
import { FSI, formatClock, notificationText, PDI, recordPath } from './notification-text';

/**
 * Every kind the server writes reads as a title and a sentence of its own in both languages,
 * built from the details that kind records (core/contracts/notifications.values.ts): no raw kind
 * names, no placeholder left unfilled, no detail left out.
 */
const placeholders = (sentence: string) => [...sentence.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const STATUSES = [...new Set([...TASK_STATUSES, ...JOB_CARD_STATUSES, ...BOOKING_STATUSES, ...APPOINTMENT_STATUSES])];

describe.each([
  ['en', en],
  ['ar', ar],
])('the notification texts in %s', (_language, dictionary) => {
  const kinds = dictionary.kinds as Record<string, { title: string; body: string }>;
  it.each(NOTIFICATION_KINDS)('%s has a title and a sentence naming every detail it records', (kind) => {
    expect(kinds[kind]?.title, kind).toBeTruthy();
    expect(placeholders(kinds[kind].title)).toEqual([]);
    expect(placeholders(kinds[kind].body)).toEqual([...NOTIFICATION_DETAILS[kind]].sort());
  });

  it('has none for a kind the server does not write, a name for each group and each status', () => {
    expect(Object.keys(kinds).filter((key) => !NOTIFICATION_KINDS.includes(key as never))).toEqual([]);
    expect(Object.keys(dictionary.groups).sort()).toEqual([...NOTIFICATION_GROUP_NAMES].sort());
    expect(Object.keys(dictionary.statuses).sort()).toEqual([...STATUSES].sort());
  });
});

const base: Notification = {
  id: 1,
  type: 'appointment_updated',
  title: 'Appointment changed',
  message: 'English',
  details: { appointmentNumber: 'APT-000123', date: '2026-12-14', time: '14:30', status: 'no_show' },
  entityType: 'appointment',
  entityId: 7,
  taskId: null,
  createdAt: '2026-11-27T07:00:00.000Z',
  readAt: null,
};
const format = { date: (value: string) => `<${value}>`, money: (value: string | number) => `$${value}` };
const t = (key: string, values: Record<string, unknown> = {}) => `${key}|${JSON.stringify(values)}`;

describe('notificationText', () => {
  it("fills the sentence with the status named in the dictionary, the date and time in the reader's form", () => {
    const { title, body } = notificationText(base, t, 'ar', format);
    expect(title).toBe('kinds.appointment_updated.title|{}');
    expect(body).toContain('"date":"<2026-12-14>"');
    expect(body).toContain(`"time":"${formatClock('14:30', 'ar')}"`);
    expect(body).toContain('"status":"statuses.no_show|{\\"defaultValue\\":\\"no show\\"}"');
    // A typed value is isolated in an Arabic sentence; an English one has no need.
    expect(body).toContain(JSON.stringify({ appointmentNumber: `${FSI}APT-000123${PDI}` }).slice(1, -1));
    expect(notificationText(base, t, 'en', format).body).toContain('"appointmentNumber":"APT-000123"');
  });

  it('shows a notification from before kinds recorded details: an assignment by its task number, others in English', () => {
    const old = { ...base, type: 'task_assigned', details: {}, entityType: null, entityId: null, taskId: 12 };
    expect(notificationText(old, t, 'ar', format)).toEqual({ title: 'kinds.task_assigned.title|{}', body: 'legacyTaskAssigned|{"id":12}' });
    expect(notificationText({ ...old, type: 'low_stock', taskId: null }, t, 'ar', format)).toEqual({
      title: 'Appointment changed',
      body: 'English',
    });
  });

  it("shows an unknown kind in the server's English", () => {
    expect(notificationText({ ...base, type: 'from_the_future' }, t, 'ar', format)).toEqual({
      title: 'Appointment changed',
      body: 'English',
    });
  });
});

describe('recordPath', () => {
  it('links each record to where it is opened', () => {
    expect(recordPath(base)).toBe('/schedule?view=day&date=2026-12-14');
    expect(recordPath({ ...base, entityType: 'job_card', entityId: 9 })).toBe('/job-cards/9');
    expect(recordPath({ ...base, entityType: 'invoice', entityId: 3 })).toBe('/invoices/3');
    expect(recordPath({ ...base, entityType: 'vehicle', entityId: 4 })).toBe('/vehicles/4');
    expect(recordPath({ ...base, entityType: 'spare_part', entityId: 5, details: { sku: 'BR 1' } })).toBe('/inventory?q=BR%201');
    expect(recordPath({ ...base, entityType: 'task', entityId: 6 })).toBe('/tasks');
    expect(recordPath({ ...base, entityType: null, entityId: null })).toBeNull();
  });
});
