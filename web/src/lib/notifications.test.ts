import { describe, expect, it } from 'vitest';
import { urlFromQueryKey } from './api';
import { badgeText, unreadCountQuery } from './notifications';

describe('unread badge', () => {
  it('reads the count from its endpoint and shows no badge at 0', () => {
    expect(urlFromQueryKey(unreadCountQuery.queryKey)).toBe('/api/notifications/unread-count');
    expect(badgeText(0)).toBeNull();
    expect(badgeText(undefined)).toBeNull();
    expect(badgeText(3)).toBe('3');
    expect(badgeText(150)).toBe('99+');
  });
});
