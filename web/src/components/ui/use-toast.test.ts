import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
});

async function load() {
  vi.useFakeTimers();
  return import('./use-toast');
}

describe('toast store', () => {
  it('keeps at most one toast: a new one replaces the previous', async () => {
    const { toast, TOAST_LIMIT } = await load();
    expect(TOAST_LIMIT).toBe(1);
    const first = toast({ title: 'First' });
    const second = toast({ title: 'Second', variant: 'destructive' });
    const { toasts } = await snapshot();
    expect(toasts.map((t) => t.title)).toEqual(['Second']);
    expect(toasts[0]).toMatchObject({ id: second.id, open: true, variant: 'destructive' });
    expect(first.id).not.toBe(second.id);
  });

  it('closes on dismiss and removes the toast after the removal delay', async () => {
    const { toast, TOAST_REMOVE_DELAY } = await load();
    expect(TOAST_REMOVE_DELAY).toBe(1_000_000);
    const shown = toast({ title: 'Saved' });
    shown.dismiss();
    expect((await snapshot()).toasts).toEqual([expect.objectContaining({ id: shown.id, open: false })]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY - 1);
    expect((await snapshot()).toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect((await snapshot()).toasts).toHaveLength(0);
  });
});

/** The store's current list. */
async function snapshot() {
  const store = await import('./use-toast');
  return { toasts: store.currentToasts() };
}
