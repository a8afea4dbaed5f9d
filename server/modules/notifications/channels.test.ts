import { describe, expect, it } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../../core/contracts/auth.ts';
import { channelsFor } from './notifications.notifier.ts';

describe('channelsFor: the channels besides in-app a kind goes out on', () => {
  it('by default: e-mail for everything, no push', () => {
    expect(channelsFor('task_assigned', DEFAULT_PREFERENCES)).toEqual(['email']);
    expect(channelsFor('low_stock', DEFAULT_PREFERENCES)).toEqual(['email']);
  });

  it('e-mail off: no e-mail at all; push only when it is on', () => {
    const off = { ...DEFAULT_PREFERENCES, emailNotifications: false };
    for (const kind of ['task_assigned', 'job_card_status', 'invoice_overdue'] as const) expect(channelsFor(kind, off)).toEqual([]);
    expect(channelsFor('payment_recorded', { ...off, pushNotifications: true })).toEqual(['push']);
  });

  it('task assignments and task updates gate their own kinds only', () => {
    const noAssignments = { ...DEFAULT_PREFERENCES, taskAssignments: false, pushNotifications: true };
    for (const kind of ['task_assigned', 'job_card_assigned', 'booking_assigned', 'appointment_assigned'] as const) {
      expect(channelsFor(kind, noAssignments)).toEqual([]);
    }
    expect(channelsFor('task_updated', noAssignments)).toEqual(['email', 'push']);
    const noUpdates = { ...DEFAULT_PREFERENCES, taskUpdates: false };
    for (const kind of ['task_updated', 'job_card_status', 'booking_updated', 'appointment_updated'] as const) {
      expect(channelsFor(kind, noUpdates)).toEqual([]);
    }
    expect(channelsFor('appointment_assigned', noUpdates)).toEqual(['email']);
    expect(channelsFor('low_stock', { ...noUpdates, taskAssignments: false })).toEqual(['email']);
  });
});
