import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, fieldIssues, getQueryFn, urlFromQueryKey } from './api';

function respond(status: number, body: string, headers: Record<string, string> = {}, statusText = '') {
  return vi.fn(async (..._args: unknown[]) => new Response(status === 204 ? null : body, { status, statusText, headers }));
}

afterEach(() => vi.unstubAllGlobals());

describe('urlFromQueryKey', () => {
  it('joins non-empty path parts', () => {
    expect(urlFromQueryKey(['/api/users'])).toBe('/api/users');
    expect(urlFromQueryKey(['/api/tasks', 5])).toBe('/api/tasks/5');
    expect(urlFromQueryKey(['/api/tenants', 1, 'dashboard', 'metrics'])).toBe('/api/tenants/1/dashboard/metrics');
    expect(urlFromQueryKey(['/api/tasks', '', null, undefined])).toBe('/api/tasks');
  });

  it('turns a trailing filter object into query parameters, skipping empty values', () => {
    expect(urlFromQueryKey(['/api/tasks', { status: 'pending', priority: null, q: '', technicianId: 3, x: undefined }])).toBe(
      '/api/tasks?status=pending&technicianId=3',
    );
    expect(urlFromQueryKey(['/api/tasks', {}])).toBe('/api/tasks');
    expect(urlFromQueryKey(['/api/customers', { q: 'a b&c' }])).toBe('/api/customers?q=a+b%26c');
  });
});

describe('apiRequest', () => {
  it('sends JSON with credentials and parses the answer', async () => {
    const fetch = respond(200, '{"id":1}', { 'Content-Type': 'application/json' });
    vi.stubGlobal('fetch', fetch);
    await expect(apiRequest('POST', '/api/login', { username: 'a', password: 'b' })).resolves.toEqual({ id: 1 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/login');
    expect(init.credentials).toBe('include');
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"username":"a","password":"b"}');
  });

  it('returns undefined for 204 and sends no body without one', async () => {
    const fetch = respond(204, '');
    vi.stubGlobal('fetch', fetch);
    await expect(apiRequest('POST', '/api/logout')).resolves.toBeUndefined();
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.body).toBeUndefined();
  });

  it('throws "<status>: <message>" from the envelope, keeping code and issues', async () => {
    vi.stubGlobal(
      'fetch',
      respond(
        400,
        JSON.stringify({
          message: 'Invalid input',
          code: 'validation.failed',
          issues: [{ path: 'email', message: 'Invalid email address' }],
        }),
      ),
    );
    const error = (await apiRequest('POST', '/api/register', {}).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('400: Invalid input');
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe('Invalid input');
    expect(error.code).toBe('validation.failed');
    expect(fieldIssues(error)).toEqual({ email: 'Invalid email address' });
  });

  it('uses the status text when the body is empty, never raw JSON', async () => {
    vi.stubGlobal('fetch', respond(503, '', {}, 'Service Unavailable'));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('503: Service Unavailable');
    vi.stubGlobal('fetch', respond(500, '{"oops":true}'));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('500: Internal Server Error');
    vi.stubGlobal('fetch', respond(502, '<html>bad gateway</html>'));
    await expect(apiRequest('GET', '/api/x')).rejects.toThrow('502: Bad Gateway');
  });

  it('reads Retry-After on 429', async () => {
    vi.stubGlobal('fetch', respond(429, '{"message":"Too many attempts","code":"auth.rate_limited"}', { 'Retry-After': '60' }));
    const error = (await apiRequest('POST', '/api/login', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.retryAfter).toBe(60);
    expect(error.message).toBe('429: Too many attempts');
  });

  it('reports an unreachable server as an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const error = (await apiRequest('GET', '/api/x').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
  });
});

describe('getQueryFn', () => {
  const context = (queryKey: unknown[]) => ({ queryKey, signal: new AbortController().signal, meta: undefined }) as never;

  it('returns null on 401 when asked to', async () => {
    vi.stubGlobal('fetch', respond(401, '{"message":"Not signed in","code":"auth.required"}'));
    await expect(getQueryFn({ on401: 'returnNull' })(context(['/api/user']))).resolves.toBeNull();
  });

  it('throws on 401 by default and builds the URL from the key', async () => {
    const fetch = respond(401, '{"message":"Not signed in","code":"auth.required"}');
    vi.stubGlobal('fetch', fetch);
    await expect(getQueryFn({ on401: 'throw' })(context(['/api/users', { role: 'admin' }]))).rejects.toThrow('401: Not signed in');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/users?role=admin');
  });
});
