import type { ErrorIssue } from '../../core/errors.ts';

/** The one error type services throw; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly params?: Record<string, unknown>;
  readonly headers?: Record<string, string>;
  readonly issues?: ErrorIssue[];

  constructor(
    status: number,
    code: string,
    message: string,
    options: { params?: Record<string, unknown>; headers?: Record<string, string>; issues?: ErrorIssue[] } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.params = options.params;
    this.headers = options.headers;
    this.issues = options.issues;
  }
}

export const badRequest = (code: string, message: string, params?: Record<string, unknown>) => new AppError(400, code, message, { params });
export const unauthorized = (message = 'Not signed in') => new AppError(401, 'auth.unauthenticated', message);
export const forbidden = (code: string, message: string, params?: Record<string, unknown>) => new AppError(403, code, message, { params });
export const notFound = (entity: string, label = entity) => new AppError(404, `${entity}.not_found`, `${label} not found`);
export const conflict = (code: string, message: string, params?: Record<string, unknown>) => new AppError(409, code, message, { params });
/** A 400 like a failed schema check, for rules the schema cannot state (they need the database or a list). */
export const invalidFields = (issues: ErrorIssue[]) =>
  new AppError(400, 'validation_failed', issues.map((i) => i.message).join('; '), { issues });
