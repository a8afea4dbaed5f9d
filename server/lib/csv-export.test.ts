import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerErrorHandler } from '../plugins/error-handler.ts';
import { sendCsv } from './csv-export.ts';

/**
 * The export helper over real HTTP: what a browser's fetch sees when the rows' query fails
 * before the first byte, and when it fails half-way through the download.
 */
let app: FastifyInstance;
let base: string;

async function* rows(failAt: number) {
  for (let batch = 0; batch < 3; batch++) {
    if (batch === failAt) throw new Error('the database went away');
    yield Array.from({ length: 2000 }, (_, i) => [`row ${batch}-${i}`, 'نادية', i]);
  }
}

beforeAll(async () => {
  app = Fastify();
  registerErrorHandler(app);
  app.get<{ Querystring: { failAt?: string } }>('/export.csv', async (request, reply) =>
    sendCsv(reply, { name: 'things', header: ['name', 'other', 'n'], batches: rows(Number(request.query.failAt ?? -1)) }),
  );
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => app.close());

describe('CSV exports', () => {
  it('streams a BOM, the header and every batch, named by the day', async () => {
    const res = await fetch(`${base}/export.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="things-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 3).toString('hex')).toBe('efbbbf');
    const lines = bytes.subarray(3).toString('utf8').trim().split(/\r?\n/);
    expect(lines[0]).toBe('name,other,n');
    expect(lines[1]).toBe('row 0-0,نادية,0');
    expect(lines).toHaveLength(1 + 3 * 2000);
  });

  it('answers an error status, not a 200 with a header row, when the first query fails', async () => {
    const res = await fetch(`${base}/export.csv?failAt=0`);
    expect(res.status).toBe(500);
    expect((await res.json()).code).toBe('internal');
  });

  it('cuts the download off when a later batch fails: the client sees a failed download, not a short file', async () => {
    const res = await fetch(`${base}/export.csv?failAt=2`);
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });
});
