import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A state-changing call (sign-out answers 204 to anyone) as a browser at `origin` would send it to `host`. */
const logout = (app: TestApp['app'], host: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/logout', headers: { host, ...headers } });

describe('the Origin check', () => {
  it('refuses another origin: another site, the same host on another port or another scheme', async () => {
    for (const origin of [
      'https://evil.example',
      'http://localhost:5001',
      'https://localhost:5000',
      'http://localhost', // port 80, not ours
      'null',
      'not a url',
    ]) {
      const res = await logout(t.app, 'localhost:5000', { origin });
      expect(res.statusCode, origin).toBe(403);
      expect(res.json(), origin).toEqual({ message: 'Requests from other sites are not allowed', code: 'request.foreign_origin' });
    }
  });

  it('accepts our own origin (default ports as the browser writes them) and a call without Origin', async () => {
    expect((await logout(t.app, 'localhost:5000', { origin: 'http://localhost:5000' })).statusCode).toBe(204);
    expect((await logout(t.app, 'LOCALHOST:5000', { origin: 'http://localhost:5000' })).statusCode).toBe(204);
    expect((await logout(t.app, 'localhost', { origin: 'http://localhost:80' })).statusCode).toBe(204);
    expect((await logout(t.app, '[::1]:5000', { origin: 'http://[::1]:5000' })).statusCode).toBe(204);
    // curl, scripts: no Origin, as today.
    expect((await logout(t.app, 'localhost:5000')).statusCode).toBe(204);
    // Reads are never refused for their Origin.
    expect((await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } })).statusCode).toBe(200);
  });

  it('behind a trusted TLS proxy, takes the scheme from X-Forwarded-Proto', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    try {
      const tls = { 'x-forwarded-proto': 'https' };
      expect((await logout(proxied.app, 'workbay.example.com', { ...tls, origin: 'https://workbay.example.com' })).statusCode).toBe(204);
      expect((await logout(proxied.app, 'workbay.example.com', { ...tls, origin: 'http://workbay.example.com' })).statusCode).toBe(403);
      expect((await logout(proxied.app, 'workbay.example.com', { origin: 'https://workbay.example.com' })).statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});
