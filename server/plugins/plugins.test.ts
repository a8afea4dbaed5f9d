import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, type TestApp } from '../test/app.ts';
import { registerAccessGuard } from './access.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extend(app) {
      app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
        throw new Error('SELECT secret FROM internals failed at /srv/app.ts:12');
      });
    },
  });
});
afterAll(async () => t.close());

describe('the error handler', () => {
  it('answers a generic 500 with the request id and leaks nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      code: 'internal',
      requestId: expect.any(String),
    });
    expect(res.body).not.toMatch(/SELECT|secret|srv|stack/);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'not_found' });
  });
});

describe('the health check', () => {
  it('answers 200 while the database answers and 503 once it does not', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });

    const broken = await createTestApp();
    await broken.database.close();
    const down = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({ status: 'unavailable', database: 'down' });
    await broken.app.close();
  });
});

describe('the OpenAPI document', () => {
  it('is generated from the route schemas and browsable', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/login',
        '/api/register',
        '/api/user',
        '/api/users',
        '/api/users/{userId}/role',
        '/api/tenant/settings',
      ]),
    );
    expect(doc.paths['/api/register'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['username', 'password', 'email', 'firstName', 'lastName']),
    );
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});

describe('the access guard', () => {
  it('refuses to start an app with an API route that declares no access', async () => {
    const app = Fastify();
    registerAccessGuard(app);
    expect(() => app.get('/api/forgotten', async () => 'x')).toThrow(/does not declare config.access/);
    await app.close();
  });
});
