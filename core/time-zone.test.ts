import { describe, expect, it } from 'vitest';
import { isTimeZone } from './time-zone.ts';

describe('isTimeZone', () => {
  it('knows the zones Intl knows, again when asked again, and nothing else', () => {
    for (const zone of ['UTC', 'Asia/Dubai', 'America/Port-au-Prince', 'Etc/GMT+5', 'Asia/Dubai'])
      expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ['', 'Mars/Olympus', '../etc/passwd', 'Asia/Dubai ', 'x'.repeat(200), '<script>']) {
      expect(isTimeZone(zone), zone).toBe(false);
      expect(isTimeZone(zone), zone).toBe(false);
    }
  });
});
