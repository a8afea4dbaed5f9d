import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../test/app.ts';

/** The Content-Security-Policy header as directive → sources. */
function cspOf(res: LightMyRequestResponse): Record<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, `no CSP on ${res.statusCode} ${res.body.slice(0, 80)}`).toBe('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

/** What every answer carries, page or API, success or error. */
function expectBaseHeaders(res: LightMyRequestResponse) {
  const csp = cspOf(res);
  expect(csp['script-src']).toEqual(["'self'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'self'"]);
  expect(csp['form-action']).toEqual(["'self'"]);
  // On plain HTTP this would send every asset request to https and break a LAN install.
  expect(csp).not.toHaveProperty('upgrade-insecure-requests');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['strict-transport-security']).toBeUndefined();
}

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(path.join(tmpdir(), 'workbay-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Workbay</title><div id="root"></div>');
  writeFileSync(path.join(webDir, 'assets', 'index-AbC123.js'), 'export {};');
  t = await createTestApp({ webDir });
});
afterAll(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('are on every API answer, which is never stored', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'GET', url: '/api/user' }), // 401
      await t.app.inject({ method: 'GET', url: '/api/nothing-here' }), // 404
      await t.app.inject({ method: 'POST', url: '/api/login', payload: {} }), // 400
      await t.app.inject({ method: 'POST', url: '/api/logout', headers: { origin: 'https://evil.example' } }), // 403
      await t.app.inject({ method: 'GET', url: '/api/openapi.json' }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([200, 401, 404, 400, 403, 200]);
    for (const res of answers) {
      expectBaseHeaders(res);
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('are on pages; index.html is revalidated, hashed assets are cached for a year', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/customers' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expectBaseHeaders(page);
    expect(page.headers['cache-control']).toBe('no-cache');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expectBaseHeaders(asset);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // A chunk of another build is missing, not the page: 404 (the app's HTML under a script's
    // name would fail as a script), and never the files outside the web folder.
    for (const url of ['/assets/index-Old999.js', '/assets/..%2f..%2fpackage.json', '/assets/x%00.js']) {
      const missing = await t.app.inject({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.body, url).not.toContain('<div id="root">');
      expect(missing.body, url).not.toContain('"name"');
    }
  });

  it('let the app load only its own scripts, styles, fonts, images (data: and blob: previews) and calls', async () => {
    const csp = cspOf(await t.app.inject({ method: 'GET', url: '/' }));
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['script-src-attr']).toEqual(["'none'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['font-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  });

  it('are on the API docs page too: Swagger UI runs under the same policy (checked in Chromium by e2e/security.test.ts)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expectBaseHeaders(page);
    expect(page.headers['cache-control']).toBe('no-store');
  });
});

describe('Strict-Transport-Security', () => {
  it('is sent only when the request came over TLS through a trusted proxy', async () => {
    // Without TRUST_PROXY, anyone can send X-Forwarded-Proto: it is not believed.
    const spoofed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const proxied = await createTestApp({ trustProxy: true });
    try {
      const plain = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      const tls = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const tlsError = await proxied.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { 'x-forwarded-proto': 'https' } });
      expect(tlsError.statusCode).toBe(404);
      expect(tlsError.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await proxied.close();
    }
  });
});
