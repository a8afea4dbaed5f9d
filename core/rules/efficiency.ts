/**
 * Efficiency = estimated hours / actual hours as a percent (rounded), with `onTarget` (the check
 * icon) when actual is at or below estimated. Null when either is missing or actual is zero.
 */
export function efficiency(
  estimatedHours: number | null | undefined,
  actualHours: number | null | undefined,
): { percent: number; onTarget: boolean } | null {
  if (estimatedHours == null || actualHours == null || !(actualHours > 0) || !(estimatedHours >= 0)) return null;
  return { percent: Math.round((estimatedHours / actualHours) * 100), onTarget: actualHours <= estimatedHours };
}
