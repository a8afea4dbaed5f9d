import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '../../core/zod.ts';
import { ANONYMOUS, operationsOfApp, sendAs, UNGENERATED, useSeededWorkshop } from '../test/openapi-requests.ts';
import { createResponseSerializerCompiler, serializerSchemaOf } from './response-serializer.ts';
import { registerErrorHandler } from './error-handler.ts';

describe('serializerSchemaOf', () => {
  it('converts plain data: objects that strip unknown keys, arrays, scalars, enums, nullable and optional fields', () => {
    const schema = z.object({
      id: z.number().int(),
      name: z.string().max(10),
      note: z.string().nullable(),
      tags: z.array(z.enum(['a', 'b'])),
      kind: z.literal('x'),
      owner: z.object({ id: z.number() }).nullable(),
      extra: z.boolean().optional(),
    });
    expect(serializerSchemaOf(schema)).toEqual({
      type: 'object',
      properties: {
        id: { type: 'number' },
        name: { type: 'string' },
        note: { type: 'string', nullable: true },
        tags: { type: 'array', items: { type: 'string' } },
        kind: { type: 'string' },
        owner: {
          type: 'object',
          properties: { id: { type: 'number' } },
          required: ['id'],
          additionalProperties: false,
          nullable: true,
        },
        extra: { type: 'boolean' },
      },
      required: ['id', 'name', 'note', 'tags', 'kind', 'owner'],
      additionalProperties: false,
    });
  });

  it('refuses what could change a value on the way out or that it cannot write exactly: the route keeps zod', () => {
    const refused = {
      transform: z.string().transform((v) => v.length),
      trim: z.string().trim(),
      default: z.string().default('x'),
      union: z.union([z.string(), z.number()]),
      record: z.record(z.string(), z.string()),
      strict: z.strictObject({ a: z.string() }),
      loose: z.looseObject({ a: z.string() }),
      date: z.date(),
      unknown: z.unknown(),
      'mixed enum': z.literal(['a', 1]),
      'inside an object': z.object({ a: z.object({ b: z.array(z.string().trim()) }) }),
    };
    for (const [name, schema] of Object.entries(refused)) expect(serializerSchemaOf(schema), name).toBeUndefined();
  });
});

describe('a compiled answer', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(createResponseSerializerCompiler().compiler);
    registerErrorHandler(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    const item = z.object({ id: z.number(), owner: z.object({ name: z.string() }).nullable() });
    const answer = z.object({ items: z.array(item), note: z.string().optional() });
    r.get('/extra', { schema: { response: { 200: answer } } }, async () => {
      const secret = { passwordHash: 'h', tenantId: 2 };
      return { items: [{ id: 1, owner: { name: 'a', ...secret }, ...secret }], ...secret } as z.infer<typeof answer>;
    });
    r.get('/missing', { schema: { response: { 200: answer } } }, async () => ({ note: 'no items' }) as z.infer<typeof answer>);
    await app.ready();
  });
  afterAll(() => app.close());

  it('leaves out every field the schema does not name, at any depth', async () => {
    const res = await app.inject({ method: 'GET', url: '/extra' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"items":[{"id":1,"owner":{"name":"a"}}]}');
  });

  it('is refused with a 500 when a required field is missing, as zod refused it', async () => {
    const res = await app.inject({ method: 'GET', url: '/missing' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'internal' });
    expect(res.body).not.toContain('no items');
  });
});

describe("the app's answers, generated from /api/openapi.json", () => {
  // createTestApp checks every answer against zod's encode (plugins/response-serializer.ts `check`).
  const fixture = useSeededWorkshop();

  it('are compiled for every route but the few whose schema zod alone can write', () => {
    const { t } = fixture;
    const byZod = [...t.app.responseSerializers].filter(([, how]) => how === 'zod').map(([route]) => route);
    // The settings' contract is also their input (trimming strings, a union), activity's details a record,
    // the audit log's values anything a column held.
    // A route added here is slower: give it a plain output schema instead where it is called often.
    expect(byZod.sort()).toEqual(
      [
        'GET /api/activity 200',
        'GET /api/tenant/settings 200',
        'GET /api/tenants/:tenantId/audit-log 200',
        'GET /api/tenants/:tenantId/settings 200',
        'PUT /api/tenant/settings 200',
      ]
        .flatMap((route) => (route.startsWith('GET ') ? [route, route.replace('GET', 'HEAD')] : [route]))
        .sort(),
    );
    expect(t.app.responseSerializers.get('GET /api/tenants/:tenantId/customers 200')).toBe('compiled');
  });

  it('are what zod wrote, for every operation called with real data', async () => {
    const { t, w } = fixture;
    const ops = (await operationsOfApp(t.app)).filter((op) => !UNGENERATED.has(`${op.method} ${op.path}`));
    const failures: string[] = [];
    let answered = 0;
    for (const op of ops) {
      const key = `${op.method} ${op.path}`;
      const query = w.requiredQuery(op);
      const res = await sendAs(t.app, ANONYMOUS.has(key) ? null : w.admin, op.method, w.url(op, {}, query), w.body(op));
      // A difference from zod's answer is a 500 naming both (internal.response_mismatch).
      if (res.status >= 500) failures.push(`${key} -> ${res.status} ${res.body}`);
      else if (res.status < 300) answered++;
    }
    expect(failures).toEqual([]);
    expect(answered).toBeGreaterThan(ops.length * 0.8);
  }, 120_000);
});
