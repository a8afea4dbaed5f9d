import { describe, expect, it } from 'vitest';
import type { PublicUser } from '../../../core/contracts/auth.ts';
import { createSessionCache } from './session-cache.ts';

const user = (id: number, role: PublicUser['role'] = 'admin') => ({ id, role, username: `u${id}` }) as PublicUser;

describe('the cache of signed-in sessions', () => {
  it('keeps a read and answers it until invalidated', () => {
    let at = 1_000;
    const cache = createSessionCache({ maxEntries: 10, maxAgeMs: 60_000, now: () => at });
    cache.remember('a', { sid: 's', user: user(1), expire: new Date(at + 3_600_000) }, cache.generation());
    expect(cache.get('a')?.user.id).toBe(1);
    at += 1_000;
    expect(cache.get('a')?.user.id).toBe(1);
    cache.invalidate();
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('drops a read that was under way when something changed', () => {
    const cache = createSessionCache({ maxEntries: 10, maxAgeMs: 60_000 });
    const startedIn = cache.generation();
    cache.invalidate(); // a sign-out or a role change committed while the read was on its way
    cache.remember('a', { sid: 's', user: user(1), expire: new Date(Date.now() + 3_600_000) }, startedIn);
    expect(cache.get('a')).toBeUndefined();
  });

  it('never answers past its age or the session’s expiry', () => {
    let at = 0;
    const cache = createSessionCache({ maxEntries: 10, maxAgeMs: 5_000, now: () => at });
    cache.remember('old', { sid: 's', user: user(1), expire: new Date(1_000_000) }, cache.generation());
    cache.remember('ending', { sid: 's', user: user(2), expire: new Date(2_000) }, cache.generation());
    at = 1_999;
    expect(cache.get('ending')?.user.id).toBe(2);
    at = 2_000;
    expect(cache.get('ending')).toBeUndefined();
    expect(cache.get('old')?.user.id).toBe(1);
    at = 5_000;
    expect(cache.get('old')).toBeUndefined();
  });

  it('holds at most maxEntries, forgetting the oldest first, and one session on request', () => {
    const cache = createSessionCache({ maxEntries: 2, maxAgeMs: 60_000 });
    const expire = new Date(Date.now() + 3_600_000);
    cache.remember('a', { sid: 's', user: user(1), expire }, cache.generation());
    cache.remember('b', { sid: 's', user: user(2), expire }, cache.generation());
    cache.remember('c', { sid: 's', user: user(3), expire }, cache.generation());
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.user.id).toBe(3);
    cache.forget('c');
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('b')?.user.id).toBe(2);
  });

  it('hands out a user no request can change for the next', () => {
    const cache = createSessionCache({ maxEntries: 2, maxAgeMs: 60_000 });
    cache.remember('a', { sid: 's', user: user(1, 'technician'), expire: new Date(Date.now() + 3_600_000) }, cache.generation());
    const kept = cache.get('a')!;
    expect(() => Object.assign(kept.user, { role: 'admin' })).toThrow(TypeError);
    expect(cache.get('a')?.user.role).toBe('technician');
  });
});
