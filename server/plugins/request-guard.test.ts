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

describe('allowed hosts (DNS rebinding)', () => {
  const health = (app: TestApp['app'], host: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: '/api/health', headers: { host, ...headers } });

  it('by default answers localhost, IP addresses, single-label names and *.local, on any port', async () => {
    for (const host of [
      'localhost',
      'localhost:5000',
      '127.0.0.1:5000',
      '192.168.1.20',
      '[::1]:5000',
      '[fe80::1]',
      'garage-pc:5000',
      'GARAGE-PC',
      'workbay.local:8080',
      'Desk.Local.',
    ]) {
      expect((await health(t.app, host)).statusCode, host).toBe(200);
    }
  });

  it('by default refuses other DNS names: 403 naming the setting, JSON for the API, text for pages', async () => {
    for (const host of [
      'evil.example.com',
      'evil.example.com:5000',
      '127.0.0.1.nip.io',
      'localhost.evil.example',
      'a b',
      'evil.example@localhost',
    ]) {
      const res = await health(t.app, host);
      expect(res.statusCode, host).toBe(403);
      expect(res.json().code, host).toBe('request.host_not_allowed');
    }
    const api = await health(t.app, 'Workbay.Example.com:5000');
    expect(api.json()).toEqual({
      code: 'request.host_not_allowed',
      message:
        'This Workbay does not answer to the host name "Workbay.Example.com:5000". If that is its address, add the name to the ALLOWED_HOSTS setting (names separated by commas) and restart it.',
      params: { host: 'Workbay.Example.com:5000' },
    });
    expect(api.headers['x-content-type-options']).toBe('nosniff');

    const page = await t.app.inject({ method: 'GET', url: '/customers', headers: { host: 'workbay.example.com' } });
    expect(page.statusCode).toBe(403);
    expect(page.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(page.body).toContain('ALLOWED_HOSTS');
    // Refused before anything else: a sign-in through a rebound name never reaches the service.
    const login = await t.app.inject({ method: 'POST', url: '/api/login', headers: { host: 'workbay.example.com' }, payload: {} });
    expect(login.statusCode).toBe(403);
  });

  it('answers the names listed in ALLOWED_HOSTS too (any case, any port), and any host with *', async () => {
    const listed = await createTestApp({ allowedHosts: ['workbay.example.com', 'desk.garage.lan'] });
    const any = await createTestApp({ allowedHosts: '*' });
    try {
      for (const host of ['workbay.example.com', 'WorkBay.Example.COM:8443', 'desk.garage.lan', 'localhost:5000', 'garage-pc']) {
        expect((await health(listed.app, host)).statusCode, host).toBe(200);
      }
      for (const host of ['other.example.com', 'example.com', 'x.workbay.example.com']) {
        expect((await health(listed.app, host)).statusCode, host).toBe(403);
      }
      expect((await health(any.app, 'evil.example.com')).statusCode).toBe(200);
    } finally {
      await Promise.all([listed.close(), any.close()]);
    }
  });

  it('behind a trusted proxy answers any host unless ALLOWED_HOSTS is set, then checks the forwarded host', async () => {
    const proxied = await createTestApp({ trustProxy: true });
    const strict = await createTestApp({ trustProxy: true, allowedHosts: ['workbay.example.com'] });
    try {
      expect((await health(proxied.app, 'anything.example.com')).statusCode).toBe(200);
      expect((await health(strict.app, 'workbay.example.com')).statusCode).toBe(200);
      expect((await health(strict.app, 'other.example.com')).statusCode).toBe(403);
      expect((await health(strict.app, '10.0.0.5:5000', { 'x-forwarded-host': 'workbay.example.com' })).statusCode).toBe(200);
      expect((await health(strict.app, '10.0.0.5:5000', { 'x-forwarded-host': 'other.example.com' })).statusCode).toBe(403);
    } finally {
      await Promise.all([proxied.close(), strict.close()]);
    }
  });
});
