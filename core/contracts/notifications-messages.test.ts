import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '../validation-messages.ts';
import { NOTIFICATION_GROUP_NAMES } from './notifications.values.ts';
import { notificationListQuery } from './notifications.ts';

describe('the notification list query', () => {
  it("names the kinds' groups as the contract holds them", () => {
    expect(M.notificationKind).toBe(`Kind must be one of ${NOTIFICATION_GROUP_NAMES.join(', ')}`);
    const bad = notificationListQuery.safeParse({ kind: 'ships', status: 'read' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual([M.notificationKind, M.notificationStatus].sort());
  });
});
