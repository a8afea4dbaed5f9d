import { z as zod } from 'zod';
import { VALIDATION_MESSAGES } from './validation-messages.ts';

/**
 * The spec's generic messages: "Required" for a missing value, "Invalid input" for anything
 * else that has no message of its own. Schema-level messages always win over these. Each
 * message has its code in validation-messages.ts, which the server sends with the issue.
 * In the browser zod compiles no code: the page's Content-Security-Policy has no 'unsafe-eval',
 * and zod's probe for it (`new Function`) would be reported as a violation on every form.
 */
zod.config({
  jitless: typeof document !== 'undefined',
  customError: (issue) => {
    if (issue.input === undefined || issue.input === null) return VALIDATION_MESSAGES.required;
    if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) return VALIDATION_MESSAGES.required;
    return VALIDATION_MESSAGES.invalid;
  },
});

/** Zod for every contract: strings and numbers bounded to what the database stores (zod-rules.ts). */
export * as z from './zod-rules.ts';
