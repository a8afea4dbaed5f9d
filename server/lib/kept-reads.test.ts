import { describe, expect, it } from 'vitest';
import { createKeptReads } from './kept-reads.ts';

describe('reads kept between requests', () => {
  it('holds at most maxBytes, forgetting the oldest first, and never a value larger than all of it', () => {
    const kept = createKeptReads<string>({ maxEntries: 100, maxAgeMs: 60_000, maxBytes: 10, sizeOf: (v) => v.length });
    kept.remember('a', 'aaaa', kept.generation());
    kept.remember('b', 'bbbb', kept.generation());
    expect(kept.bytes).toBe(8);
    kept.remember('c', 'cccc', kept.generation());
    expect(kept.get('a')).toBeUndefined();
    expect(kept.get('b')).toBe('bbbb');
    expect(kept.get('c')).toBe('cccc');
    expect(kept.bytes).toBe(8);
    kept.remember('huge', 'x'.repeat(11), kept.generation());
    expect(kept.get('huge')).toBeUndefined();
    expect(kept.size).toBe(2);
    // Stored again: counted once, and the newest.
    kept.remember('b', 'bb', kept.generation());
    expect(kept.bytes).toBe(6);
    kept.remember('d', 'dddddd', kept.generation());
    expect(kept.get('c')).toBeUndefined();
    expect([kept.get('b'), kept.get('d'), kept.bytes]).toEqual(['bb', 'dddddd', 8]);
    kept.invalidate();
    expect([kept.size, kept.bytes]).toEqual([0, 0]);
  });

  it('forgets an entry past its age, and the bytes it held', () => {
    let at = 0;
    const kept = createKeptReads<string>({ maxEntries: 10, maxAgeMs: 1_000, sizeOf: (v) => v.length, now: () => at });
    kept.remember('a', 'abc', kept.generation());
    at = 999;
    expect(kept.get('a')).toBe('abc');
    at = 1_000;
    expect(kept.get('a')).toBeUndefined();
    expect(kept.bytes).toBe(0);
  });
});
