import type { PublicUser } from '@core/contracts/auth.ts';

/** The five fields the profile's completeness counts (spec/garage.md section 9), in the form's order. */
export const COMPLETENESS_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'bio'] as const;
export type CompletenessField = (typeof COMPLETENESS_FIELDS)[number];

/** How complete a profile is: the percent of the five fields filled (blank counts as empty) and the missing ones. */
export function profileCompleteness(user: Pick<PublicUser, CompletenessField>): { percent: number; missing: CompletenessField[] } {
  const missing = COMPLETENESS_FIELDS.filter((field) => !user[field]?.trim());
  return { percent: ((COMPLETENESS_FIELDS.length - missing.length) / COMPLETENESS_FIELDS.length) * 100, missing };
}
