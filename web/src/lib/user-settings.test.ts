import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '@core/contracts/user-settings.values.ts';
import { unreadCountQuery } from './notifications';
import { watchArrivals } from './user-settings';

describe('the tone of an arriving notification', () => {
  const setUp = (settings: Partial<UserSettings>) => {
    const client = new QueryClient();
    let tones = 0;
    const stop = watchArrivals(client, { play: () => (tones += 1), settings: () => ({ ...DEFAULT_USER_SETTINGS, ...settings }) });
    const unread = (count: number) => client.setQueryData(unreadCountQuery.queryKey, { count });
    return { unread, tones: () => tones, stop };
  };

  it('plays when the unread count goes up, with notices and sounds on', () => {
    const { unread, tones, stop } = setUp({ enableNotifications: true, enableSounds: true });
    unread(2); // the first count read: nothing has arrived
    expect(tones()).toBe(0);
    unread(3);
    expect(tones()).toBe(1);
    unread(1); // read some: no tone
    unread(1);
    expect(tones()).toBe(1);
    unread(4);
    expect(tones()).toBe(2);
    stop();
    unread(9);
    expect(tones()).toBe(2);
  });

  it('stays silent with sounds off (the default) or notices off', () => {
    for (const settings of [{}, { enableSounds: true, enableNotifications: false }]) {
      const { unread, tones } = setUp(settings);
      unread(0);
      unread(5);
      expect(tones(), JSON.stringify(settings)).toBe(0);
    }
  });
});
