import type { TFunction } from './translator';
import { validationIssue } from '@core/validation-messages.ts';

/**
 * A validation message in the user's language: the dictionary's text for the issue's code
 * (`common:validation.<key>` for `validation.<key>`, with its parameters), else the English
 * text as it came. The server sends the code on each issue; a form's own zod check gives the
 * contract's English text, whose code core/validation-messages.ts names.
 */
export function translateIssue(issue: { message: string; code?: string; params?: Record<string, unknown> }, t: TFunction): string {
  const known = issue.code?.startsWith('validation.') ? { code: issue.code, params: issue.params } : validationIssue(issue.message);
  if (!known) return issue.message;
  return t(known.code, { ns: 'common', defaultValue: issue.message, ...(known.params ?? {}) });
}

export function translateValidation(message: string | undefined, t: TFunction): string | undefined {
  return message ? translateIssue({ message }, t) : undefined;
}

type SetError<T extends string> = (name: T, error: { type: string; message: string }) => void;

/**
 * Puts the per-field messages of a 400 answer (`issues`) on the form's fields.
 * Returns true when at least one field got a message.
 */
export function applyServerIssues<T extends string>(issues: Record<string, string>, fields: readonly T[], setError: SetError<T>): boolean {
  let applied = false;
  for (const field of fields) {
    const message = issues[field];
    if (message) {
      setError(field, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
