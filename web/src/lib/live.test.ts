import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { applyLiveMessage, liveUrl, parseLiveMessage, reconnectDelay } from './live';

describe('live channel', () => {
  it('backs off exponentially from 1 s to at most 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });

  it('uses ws: or wss: on the same host', () => {
    expect(liveUrl({ protocol: 'http:', host: '127.0.0.1:5055' })).toBe('ws://127.0.0.1:5055/ws');
    expect(liveUrl({ protocol: 'https:', host: 'bay.example.com' })).toBe('wss://bay.example.com/ws');
  });

  it('parses typed JSON messages and only logs bad ones', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(parseLiveMessage('{"type":"task_assigned","taskId":7}')).toEqual({ type: 'task_assigned', taskId: 7 });
    expect(parseLiveMessage('not json')).toBeNull();
    expect(parseLiveMessage('{"no":"type"}')).toBeNull();
    expect(parseLiveMessage(new ArrayBuffer(2))).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });

  it('invalidates cached reads on update and task_assigned, keeping the user', () => {
    const client = new QueryClient();
    client.setQueryData(['/api/user'], { id: 1 });
    client.setQueryData(['/api/users'], []);
    expect(applyLiveMessage({ type: 'hello' }, client)).toBe(false);
    expect(client.getQueryState(['/api/users'])?.isInvalidated).toBe(false);
    expect(applyLiveMessage({ type: 'update' }, client)).toBe(true);
    expect(client.getQueryState(['/api/users'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['/api/user'])?.isInvalidated).toBe(false);
  });

  it('refreshes only the reads that show the changed entity', () => {
    const client = new QueryClient();
    const keys = {
      invoices: ['/api/tenants', 1, 'invoices', { limit: 25 }],
      invoice: ['/api/tenants', 1, 'invoices', 9],
      jobCards: ['/api/tenants', 1, 'job-cards', { limit: 25 }],
      customers: ['/api/tenants', 1, 'customers', { limit: 25 }],
      parts: ['/api/spare-parts', 4],
      stats: ['/api/dashboard/stats'],
      user: ['/api/user'],
    };
    for (const key of Object.values(keys)) client.setQueryData(key, {});
    const invalidated = () =>
      Object.entries(keys)
        .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
        .map(([name]) => name);
    applyLiveMessage({ type: 'update', entity: 'invoices' }, client);
    expect(invalidated()).toEqual(['invoices', 'invoice', 'jobCards', 'stats']);
    applyLiveMessage({ type: 'update', entity: 'spare_parts' }, client);
    expect(invalidated()).toEqual(['invoices', 'invoice', 'jobCards', 'parts', 'stats']);
    applyLiveMessage({ type: 'update', entity: 'all' }, client);
    expect(invalidated()).toEqual(['invoices', 'invoice', 'jobCards', 'customers', 'parts', 'stats']);
  });

  it('refreshes my sessions, and nothing else, when one of them started or ended elsewhere', () => {
    const client = new QueryClient();
    for (const key of [['/api/user/sessions'], ['/api/user'], ['/api/users']]) client.setQueryData(key, {});
    expect(applyLiveMessage({ type: 'update', entity: 'sessions' }, client)).toBe(true);
    expect(client.getQueryState(['/api/user/sessions'])?.isInvalidated).toBe(true);
    expect(client.getQueryState(['/api/user'])?.isInvalidated).toBe(false);
    expect(client.getQueryState(['/api/users'])?.isInvalidated).toBe(false);
  });
});
