/** Marks every event that overlaps another event of the same owner (a sweep per owner). */
export function markConflicts<T extends { owner: number; start: string; end: string }>(events: T[]): Array<T & { conflict: boolean }> {
  const out = events.map((e) => ({ ...e, conflict: false }));
  const byOwner = new Map<number, typeof out>();
  for (const e of out) byOwner.set(e.owner, [...(byOwner.get(e.owner) ?? []), e]);
  for (const list of byOwner.values()) {
    list.sort((a, b) => a.start.localeCompare(b.start));
    let latest: (typeof out)[number] | undefined;
    for (const e of list) {
      if (latest && e.start < latest.end) {
        e.conflict = true;
        latest.conflict = true;
      }
      if (!latest || e.end > latest.end) latest = e;
    }
  }
  return out;
}
