import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import type { ErrorEnvelope, ErrorIssue } from '@core/errors.ts';

/** A failed call: `message` is "<status>: <human message>", never raw JSON. */
export class ApiError extends Error {
  readonly status: number;
  /** The server's human message (or the status text), without the status prefix. */
  readonly serverMessage: string;
  readonly code?: string;
  readonly issues?: ErrorIssue[];
  readonly params?: Record<string, unknown>;
  /** Seconds, from a Retry-After header (429). */
  readonly retryAfter?: number;

  constructor(init: {
    status: number;
    serverMessage: string;
    code?: string;
    issues?: ErrorIssue[];
    params?: Record<string, unknown>;
    retryAfter?: number;
  }) {
    super(init.status ? `${init.status}: ${init.serverMessage}` : init.serverMessage);
    this.name = 'ApiError';
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.code = init.code;
    this.issues = init.issues;
    this.params = init.params;
    this.retryAfter = init.retryAfter;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export function isUnauthorized(error: unknown): boolean {
  return isApiError(error) && error.status === 401;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

function statusText(res: Response): string {
  return res.statusText || STATUS_TEXT[res.status] || 'Request failed';
}

/** Turns a non-2xx response into an ApiError built from the error envelope. */
export async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  const retryAfterHeader = res.headers.get('Retry-After');
  const retryAfter = retryAfterHeader && /^\d+$/.test(retryAfterHeader) ? Number(retryAfterHeader) : undefined;
  let envelope: Partial<ErrorEnvelope> | undefined;
  if (text.trim()) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object') envelope = parsed as Partial<ErrorEnvelope>;
    } catch {
      envelope = undefined;
    }
  }
  let serverMessage: string;
  if (envelope) {
    serverMessage = typeof envelope.message === 'string' && envelope.message.trim() ? envelope.message : statusText(res);
  } else {
    // Plain text bodies are shown only when they look like a sentence, never an HTML page.
    const plain = text.trim();
    serverMessage = plain && plain.length <= 300 && !plain.startsWith('<') ? plain : statusText(res);
  }
  return new ApiError({
    status: res.status,
    serverMessage,
    code: typeof envelope?.code === 'string' ? envelope.code : undefined,
    issues: Array.isArray(envelope?.issues) ? envelope.issues : undefined,
    params: envelope?.params,
    retryAfter,
  });
}

/**
 * The network the app's calls go over: the browser's fetch, or, when the server renders a page
 * (web/src/entry-server.tsx), its own answers of the signed-in user's reads.
 */
let network: typeof fetch = (input, init) => fetch(input, init);

/** Replaces the network (the server's page renderer does, once). */
export function setNetwork(next: typeof fetch) {
  network = next;
}

/** One request over the app's network (see `setNetwork`). */
export function apiFetch(url: string, init: RequestInit): Promise<Response> {
  return network(url, init);
}

async function send(method: string, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  try {
    return await apiFetch(url, {
      method,
      credentials: 'include',
      headers: hasBody ? { 'Content-Type': 'application/json', Accept: 'application/json' } : { Accept: 'application/json' },
      body: hasBody ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new ApiError({ status: 0, serverMessage: 'Unable to reach the server. Check your connection.', code: 'network.unreachable' });
  }
}

async function readJson<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * One API call: credentials included, JSON body when given, JSON answer parsed (undefined for 204).
 * Non-2xx answers throw an ApiError whose message is "<status>: <message>".
 */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await send(method, url, body);
  if (!res.ok) throw await toApiError(res);
  return readJson<T>(res);
}

type QueryParamValue = string | number | boolean | null | undefined;

function isFilterObject(part: unknown): part is Record<string, QueryParamValue | QueryParamValue[]> {
  return typeof part === 'object' && part !== null && !Array.isArray(part);
}

/**
 * The URL a query key stands for: the non-empty path parts joined with "/", and a trailing
 * filter object turned into query parameters (null, undefined and empty values skipped).
 * ['/api/tasks', 5] -> /api/tasks/5; ['/api/tasks', { status: 'pending', q: '' }] -> /api/tasks?status=pending
 */
export function urlFromQueryKey(queryKey: QueryKey): string {
  const parts = [...queryKey];
  const filter = parts.length > 1 && isFilterObject(parts[parts.length - 1]) ? (parts.pop() as Record<string, unknown>) : undefined;
  const path = parts
    .filter((part) => part !== null && part !== undefined && String(part) !== '')
    .map((part, index) => {
      const text = String(part);
      return index === 0 ? text.replace(/\/+$/, '') : encodeURIComponent(text.replace(/^\/+|\/+$/g, ''));
    })
    .join('/');
  if (!filter) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === null || v === undefined || String(v) === '') continue;
      params.append(key, String(v));
    }
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Query function factory: GET the URL built from the query key. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    let res: Response;
    try {
      res = await apiFetch(urlFromQueryKey(queryKey), { credentials: 'include', headers: { Accept: 'application/json' }, signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError({ status: 0, serverMessage: 'Unable to reach the server. Check your connection.', code: 'network.unreachable' });
    }
    if (options.on401 === 'returnNull' && res.status === 401) return null as T;
    if (!res.ok) throw await toApiError(res);
    return readJson<T>(res);
  };
}

/** Per-field messages from a 400 answer, keyed by the field path ("email", "address.city"). */
export function fieldIssues(error: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isApiError(error) || !error.issues) return out;
  for (const issue of error.issues) {
    const key = String(issue.path ?? '')
      .replace(/^body[./]/, '')
      .replace(/\//g, '.');
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}
