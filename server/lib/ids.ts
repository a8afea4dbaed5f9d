/**
 * The ids of a bulk request that named no record of the caller's workshop (another workshop's,
 * deleted, made up), once each in the order asked: a bulk answer says which it refused rather
 * than skipping them silently.
 */
export function refusedIds(asked: readonly number[], found: Iterable<number>): number[] {
  const known = new Set(found);
  return [...new Set(asked)].filter((id) => !known.has(id));
}
