import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';
import { createTask, createTechnician } from '../../test/field-service.ts';
import { TINY_PNG, uploadAttachment } from '../../test/attachments.ts';
import { ATTACHMENT_MAX_BYTES } from '../../../core/contracts/attachments.ts';

let t: TestApp;
let w: Workshop;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorkshop(t.app);
});
afterAll(async () => t.close());

const upload = uploadAttachment;
const png = TINY_PNG;

describe('attachments', () => {
  it('upload to a task, list with name and size, download the same bytes, delete', async () => {
    const task = await createTask(w.admin);
    const res = await upload(w.manager, `entityType=task&entityId=${task.id}`, 'brake pads ü.png', 'image/png', png);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      originalName: 'brake pads ü.png',
      size: png.length,
      mimeType: 'image/png',
      entityType: 'task',
      entityId: task.id,
    });
    const list = (await w.technician.get(`/api/attachments?entityType=task&entityId=${task.id}`)).json();
    expect(list.map((a: { originalName: string; size: number }) => [a.originalName, a.size])).toEqual([['brake pads ü.png', png.length]]);
    const file = await w.technician.get(`/api/attachments/${list[0].id}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''brake%20pads%20%C3%BC.png`);
    expect(file.rawPayload.equals(png)).toBe(true);
    expect((await w.manager.delete(`/api/attachments/${list[0].id}`)).statusCode).toBe(204);
    expect((await w.manager.get(`/api/attachments?entityType=task&entityId=${task.id}`)).json()).toEqual([]);
  });

  it('refuse a disallowed type with 415 and an over-size file with 413, writing nothing', async () => {
    const tech = await createTechnician(w.admin);
    const scope = `entityType=technician&entityId=${tech.id}`;
    const exe = await upload(w.admin, scope, 'tool.exe', 'application/x-msdownload', Buffer.from('MZ'));
    expect(exe.statusCode).toBe(415);
    expect(exe.json().message).toContain('cannot be attached');
    const big = await upload(w.admin, scope, 'huge.pdf', 'application/pdf', Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 1));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('The file is larger than 10 MB');
    expect((await w.admin.get(`/api/attachments?${scope}`)).json()).toEqual([]);
    const json = await w.admin.post(`/api/attachments?${scope}`, { file: 'x' });
    expect(json.statusCode).toBe(415);
  });

  it('answer 400 to a body cut off half-way or malformed, writing nothing; strip unstorable characters from a file name', async () => {
    const task = await createTask(w.admin);
    const scope = `entityType=task&entityId=${task.id}`;
    const boundary = 'cut-off-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const bodies = [
      Buffer.concat([Buffer.from(head), png.subarray(0, 10)]), // no closing boundary: the upload stopped
      Buffer.from(head.slice(0, 40)), // cut inside the part's headers
      Buffer.from('not multipart at all'),
    ];
    for (const body of bodies) {
      const res = await w.admin.request('POST', `/api/attachments?${scope}`, body, {
        'content-type': `multipart/form-data; boundary=${boundary}`,
      });
      expect(res.statusCode, body.toString().slice(0, 30)).toBe(400);
      expect(res.json().code).toBe('attachments.malformed');
    }
    expect((await w.admin.get(`/api/attachments?${scope}`)).json()).toEqual([]);
    const named = await upload(w.admin, scope, 'pads\u0000\u0007 front.png', 'image/png', png);
    expect(named.statusCode).toBe(201);
    expect(named.json().originalName).toBe('pads front.png');
  });

  it('let a technician attach to their own tasks only, and never another workshop', async () => {
    const ws = await createWorkshop(t.app);
    const mine = await createTechnician(ws.admin, { userId: ws.technician.user.id });
    const own = await createTask(ws.admin, { technicianId: mine.id });
    const other = await createTask(ws.admin);
    expect((await upload(ws.technician, `entityType=task&entityId=${own.id}`, 'after.jpg', 'image/jpeg', png)).statusCode).toBe(201);
    expect((await upload(ws.technician, `entityType=task&entityId=${other.id}`, 'x.jpg', 'image/jpeg', png)).statusCode).toBe(403);
    const foreign = await createWorkshop(t.app);
    expect((await upload(foreign.admin, `entityType=task&entityId=${own.id}`, 'x.jpg', 'image/jpeg', png)).statusCode).toBe(404);
    expect((await foreign.admin.get(`/api/attachments?entityType=task&entityId=${own.id}`)).statusCode).toBe(404);
    const [a] = (await ws.admin.get(`/api/attachments?entityType=task&entityId=${own.id}`)).json();
    expect((await foreign.admin.get(`/api/attachments/${a.id}/download`)).statusCode).toBe(404);
    expect((await foreign.admin.delete(`/api/attachments/${a.id}`)).statusCode).toBe(404);
  });
});
