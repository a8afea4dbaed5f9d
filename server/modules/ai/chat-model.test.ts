import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { once } from 'node:events';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, createWorkshop, type TestApp, type Workshop } from '../../test/app.ts';

/**
 * The chat with a model server: a real HTTP server, started here, speaking the OpenAI-compatible
 * `/v1/chat/completions` protocol (tool calls included) the way llama.cpp and Ollama do. What it
 * answers is scripted per test; what it was sent is kept to check.
 */

type Sent = {
  url: string;
  authorization?: string;
  body: { model: string; messages: Array<Record<string, unknown>>; tools: Array<{ function: { name: string } }> };
};
type Reply = (sent: Sent, round: number) => { status?: number; body?: unknown; raw?: string; hang?: boolean };

let server: Server;
let port: number;
let reply: Reply;
let sent: Sent[] = [];
const hanging: ServerResponse[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let data = '';
    req.on('data', (chunk: Buffer) => (data += chunk.toString()));
    req.on('end', () => {
      const entry: Sent = { url: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(data) as Sent['body'] };
      sent.push(entry);
      const out = reply(entry, sent.length);
      if (out.hang) {
        hanging.push(res);
        return;
      }
      res.writeHead(out.status ?? 200, { 'content-type': 'application/json' });
      res.end(out.raw ?? JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const res of hanging) res.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  sent = [];
});

/** A 200 answer holding one chat completion. */
const completion = (message: Record<string, unknown>) => ({
  body: {
    id: 'chatcmpl-1',
    object: 'chat.completion',
    model: 'test-model',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: message.tool_calls ? 'tool_calls' : 'stop' }],
  },
});
const callTool = (name: string, args: unknown) =>
  completion({
    content: null,
    tool_calls: [{ id: `call_${name}`, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
  });

describe('the chat with a model server', () => {
  let t: TestApp;
  let w: Workshop;
  let customerId: number;
  beforeAll(async () => {
    t = await createTestApp({
      aiModel: { baseUrl: `http://127.0.0.1:${port}/v1`, model: 'test-model', apiKey: 'secret-key', timeoutMs: 1500 },
    });
    w = await createWorkshop(t.app);
    const created = await w.manager.post('/api/customers', { firstName: 'Layla', lastName: 'Haddad', phone: '+971 50 123 4567' });
    expect(created.statusCode, created.body).toBe(201);
    customerId = created.json().id;
  });
  afterAll(async () => t.close());
  const chat = (client: Workshop['admin'], message: string) => client.post(`/api/tenants/${w.tenantId}/ai/chat`, { message });

  it('runs the tool the model calls, as the asker, and answers with the model’s text and the records used', async () => {
    reply = (s, round) =>
      round === 1
        ? callTool('find_customer', { query: 'Layla' })
        : completion({ content: 'Layla Haddad is a customer; her phone is +971 50 123 4567.' });
    const res = await chat(w.manager, 'Who is Layla?');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      engine: 'model',
      tool: 'find_customer',
      response: 'Layla Haddad is a customer; her phone is +971 50 123 4567.',
      citations: [{ kind: 'customer', id: customerId, label: 'Layla Haddad' }],
    });
    expect(sent).toHaveLength(2);
    expect(sent[0].url).toBe('/v1/chat/completions');
    expect(sent[0].authorization).toBe('Bearer secret-key');
    expect(sent[0].body.model).toBe('test-model');
    expect(sent[0].body.tools.map((x) => x.function.name)).toEqual(expect.arrayContaining(['find_customer', 'revenue', 'low_stock']));
    // The tool's answer went back to the model, tied to its call.
    const toolMessage = sent[1].body.messages.find((m) => m.role === 'tool');
    expect(toolMessage).toMatchObject({ tool_call_id: 'call_find_customer' });
    expect(String(toolMessage!.content)).toContain('Layla Haddad, +971 50 123 4567');

    // The conversation is stored like an offline one.
    const stored = await w.manager.get(`/api/tenants/${w.tenantId}/ai/conversations/${res.json().conversationId}`);
    expect(stored.json().messages[1].content).toBe('Layla Haddad is a customer; her phone is +971 50 123 4567.');
  });

  it('offers a technician no billing tools, and refuses one the model calls anyway', async () => {
    reply = (s, round) => (round === 1 ? callTool('revenue', { period: 'this_year' }) : completion({ content: 'I cannot tell you that.' }));
    const res = await chat(w.technician, 'How much did we make this year?');
    expect(res.statusCode, res.body).toBe(200);
    expect(sent[0].body.tools.map((x) => x.function.name)).not.toContain('revenue');
    expect(sent[0].body.tools.map((x) => x.function.name)).not.toContain('amounts_owed');
    expect(String(sent[1].body.messages.find((m) => m.role === 'tool')!.content)).toMatch(/not available to technicians/);
  });

  it('tells the model about a tool that does not exist or arguments that do not fit, and runs neither', async () => {
    reply = (s, round) =>
      round === 1
        ? callTool('drop_database', {})
        : round === 2
          ? callTool('find_customer', { query: 42 })
          : completion({ content: 'Sorry.' });
    const res = await chat(w.admin, 'Do something');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().citations).toEqual([]);
    const toolAnswers = sent[2].body.messages.filter((m) => m.role === 'tool').map((m) => String(m.content));
    expect(toolAnswers[0]).toMatch(/no tool named "drop_database"/);
    expect(toolAnswers[1]).toMatch(/invalid arguments/);
  });

  it('answers 502 ai.model_failed naming the cause for a malformed reply, an error status or endless tool calls', async () => {
    reply = () => ({ raw: 'this is not json' });
    let res = await chat(w.admin, 'hello');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ code: 'ai.model_failed' });
    expect(res.json().message).toMatch(/not JSON/);

    reply = () => ({ body: { choices: [] } });
    res = await chat(w.admin, 'hello');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/not an OpenAI-compatible chat completion/);

    reply = () => ({ status: 500, body: { error: { message: 'model crashed' } } });
    res = await chat(w.admin, 'hello');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/HTTP 500/);

    reply = () => callTool('low_stock', {});
    res = await chat(w.admin, 'hello');
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/no final answer after 5 rounds/);
  });

  it('answers 503 ai.model_unavailable when the server does not answer in time', async () => {
    reply = () => ({ hang: true });
    const res = await chat(w.admin, 'hello');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'ai.model_unavailable' });
    expect(res.json().message).toMatch(/no answer within 1500 ms/);
    // The chat gave up on its one request (the model server sees it closed), and sent no other.
    expect(sent).toHaveLength(1);
    const held = hanging.at(-1)!;
    if (!held.socket?.destroyed) await once(held, 'close');
  });
});

describe('a model server that cannot be reached', () => {
  it('answers 503 ai.model_unavailable naming the cause', async () => {
    // A port that was just free: nothing listens on it.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const closed = (probe.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const t = await createTestApp({ aiModel: { baseUrl: `http://127.0.0.1:${closed}/v1`, model: 'm', timeoutMs: 2000 } });
    try {
      const w = await createWorkshop(t.app);
      const res = await w.admin.post(`/api/tenants/${w.tenantId}/ai/chat`, { message: 'hello' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'ai.model_unavailable' });
      expect(res.json().message).toMatch(/ECONNREFUSED/);
    } finally {
      await t.close();
    }
  });
});
