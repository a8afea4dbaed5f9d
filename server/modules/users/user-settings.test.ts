import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_USER_SETTINGS } from '../../../core/contracts/auth.ts';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

describe('user settings', () => {
  it("answers the spec's defaults until the user changes one", async () => {
    const res = await w.technician.get('/api/user/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      language: 'en',
      dateFormat: 'MM/DD/YYYY',
      timeFormat: '12h',
      theme: 'light',
      fontSize: 'medium',
      compactMode: false,
      enableNotifications: true,
      enableSounds: false,
      enableKeyboardShortcuts: true,
      updatedAt: null,
    });
  });

  it('keeps each change, leaves the other settings as they were, and touches no other user', async () => {
    const first = await w.manager.patch('/api/user/settings', { timeFormat: '24h', dateFormat: 'DD/MM/YYYY' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ ...DEFAULT_USER_SETTINGS, timeFormat: '24h', dateFormat: 'DD/MM/YYYY', updatedAt: expect.any(String) });
    const firstAt = Date.parse(first.json().updatedAt);
    expect(Number.isNaN(firstAt)).toBe(false);
    const second = await w.manager.patch('/api/user/settings', {
      language: 'ar',
      theme: 'dark',
      fontSize: 'large',
      compactMode: true,
      enableSounds: true,
      enableNotifications: false,
      enableKeyboardShortcuts: false,
    });
    const all = {
      language: 'ar',
      dateFormat: 'DD/MM/YYYY',
      timeFormat: '24h',
      theme: 'dark',
      fontSize: 'large',
      compactMode: true,
      enableNotifications: false,
      enableSounds: true,
      enableKeyboardShortcuts: false,
    };
    const { updatedAt, ...secondSettings } = second.json();
    expect(secondSettings).toEqual(all);
    expect(Date.parse(updatedAt)).toBeGreaterThanOrEqual(firstAt);
    expect((await w.manager.get('/api/user/settings')).json()).toEqual({ ...all, updatedAt });
    // Another user of the same workshop, and the manager of another, still have the defaults, never saved.
    const unsaved = { ...DEFAULT_USER_SETTINGS, updatedAt: null };
    expect((await w.admin.get('/api/user/settings')).json()).toEqual(unsaved);
    const other = await createWorkshop(t.app);
    expect((await other.manager.get('/api/user/settings')).json()).toEqual(unsaved);
    await other.manager.patch('/api/user/settings', { fontSize: 'small' });
    expect((await w.manager.get('/api/user/settings')).json()).toEqual({ ...all, updatedAt });
  });

  it('refuses values the app does not know, unknown settings and an empty change with 400 and says why', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{ dateFormat: 'DD.MM.YYYY' }, 'dateFormat', 'Must be one of MM/DD/YYYY, DD/MM/YYYY, YYYY-MM-DD'],
      [{ timeFormat: '13h' }, 'timeFormat', 'Must be one of 12h, 24h'],
      [{ language: 'fr' }, 'language', 'Must be one of en, ar'],
      [{ theme: 'blue' }, 'theme', 'Must be one of light, dark'],
      [{ fontSize: 'huge' }, 'fontSize', 'Must be one of small, medium, large'],
      [{ compactMode: 'yes' }, 'compactMode', 'Invalid input'],
      [{ enableSounds: null }, 'enableSounds', 'Required'],
      [{ fontSize: 'small', currency: 'EUR' }, '', 'Unknown setting'],
      [{}, '', 'Choose at least one setting'],
    ];
    for (const [body, path, message] of cases) {
      const res = await w.technician.patch('/api/user/settings', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues, JSON.stringify(body)).toEqual([expect.objectContaining({ path, message })]);
    }
    expect((await w.technician.get('/api/user/settings')).json()).toEqual({ ...DEFAULT_USER_SETTINGS, updatedAt: null });
  });

  it('is for signed-in users only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user/settings' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PATCH', url: '/api/user/settings', payload: { theme: 'dark' } })).statusCode).toBe(401);
  });
});
