import type { FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorEnvelope, ErrorIssue } from '../../core/errors.ts';
import { validationIssue } from '../../core/validation-messages.ts';
import { AppError } from '../lib/app-error.ts';

const GENERIC = new Set(['Required', 'Invalid input']);

/** "firstName: Required" for the generic messages, the spec's own message as it is. */
export function summarizeIssues(issues: ErrorIssue[]): string {
  const parts = issues.map((i) => (GENERIC.has(i.message) && i.path ? `${i.path}: ${i.message}` : i.message));
  return [...new Set(parts)].join('; ') || 'Invalid input';
}

/** zod's values worth a translation (never the input itself). */
const ZOD_PARAMS = ['minimum', 'maximum', 'format', 'expected', 'divisor'] as const;

/**
 * The code and parameters of a validation issue: ours for a message the contracts state
 * (core/validation-messages.ts), else zod's code with its bounds.
 */
export function issueCode(
  message: string,
  keyword: string | undefined,
  zodParams: Record<string, unknown> | undefined,
): Pick<ErrorIssue, 'code' | 'params'> {
  const ours = validationIssue(message);
  if (ours) return ours.params ? { code: ours.code, params: ours.params } : { code: ours.code };
  const params: Record<string, string | number> = {};
  for (const name of ZOD_PARAMS) {
    const value = zodParams?.[name];
    if (typeof value === 'number' || typeof value === 'string') params[name] = value;
    else if (typeof value === 'bigint') params[name] = String(value);
  }
  const code = keyword || 'invalid';
  return Object.keys(params).length > 0 ? { code, params } : { code };
}

/** One error handler: every failure answers the same envelope; nothing internal leaks. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const body: ErrorEnvelope = { message: error.message, code: error.code };
      if (error.params) body.params = error.params;
      // A service's own field issues (e.g. a refused password) get their codes here too.
      if (error.issues)
        body.issues = error.issues.map((issue) => (issue.code ? issue : { ...issue, ...issueCode(issue.message, 'custom', undefined) }));
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: ErrorIssue[] = error.validation.map((v) => {
        const message = v.message ?? 'Invalid input';
        return {
          path: String(v.instancePath ?? '')
            .replace(/^\//, '')
            .replace(/\//g, '.'),
          message,
          ...issueCode(message, v.keyword, v.params),
        };
      });
      const body: ErrorEnvelope = { message: summarizeIssues(issues), code: 'validation_failed', issues };
      return reply.status(400).send(body);
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, cause: error.cause }, 'response did not match its schema');
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large.
      const code = error.code ? `request.${error.code.toLowerCase()}` : 'request.invalid';
      const message =
        error.statusCode === 415
          ? 'Unsupported content type: send JSON (Content-Type: application/json)'
          : error.statusCode === 413
            ? 'Request body is too large'
            : error.statusCode === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
              ? 'The request body is not valid JSON'
              : error.message;
      return reply.status(error.statusCode).send({ message, code } satisfies ErrorEnvelope);
    } else {
      request.log.error({ err: error }, 'request failed');
    }
    const body: ErrorEnvelope = {
      message: 'Something went wrong on our side. Please try again.',
      code: 'internal',
      requestId: String(request.id),
    };
    return reply.status(500).send(body);
  });
}
