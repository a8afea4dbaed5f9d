/**
 * Zone names found valid so far. Asking Intl costs about half a millisecond (it builds a
 * formatter), and a signed-in page asks it of the view cookie's zone and the workshop's on
 * every render; only names Intl accepted are kept, so the set stays within the zones there are.
 */
const known = new Set<string>();

/** An IANA zone name as Intl knows it ("Asia/Dubai", "UTC"); false for anything else. */
export function isTimeZone(value: string): boolean {
  if (known.has(value)) return true;
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
  } catch {
    return false;
  }
  known.add(value);
  return true;
}
