import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import type { Bus } from './live.bus.ts';
import { SESSION_ENDED_CLOSE, type LiveMessage } from '../../../core/contracts/live.ts';

export type Live = {
  /** Sends a message to every signed-in client of one workshop, on every app process. */
  publish(tenantId: number, message: LiveMessage): Promise<void>;
  /** Closes a user's open live connections on every app process (deactivated account). */
  disconnectUser(userId: number): Promise<void>;
};

/** An open channel: its user and the session it was opened with (the cookie's HMAC). */
type Client = { socket: WebSocket; userId: number; sid: string | null };

/**
 * @fastify/websocket, registered before any other hook: its onRequest hook marks upgrade requests,
 * and it closes the socket after the answer only for a marked one. Registered after a hook that
 * refuses an upgrade (a foreign Origin, a host not allowed, no session), the refused socket
 * would stay open.
 */
export async function registerWebSockets(app: FastifyInstance) {
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
}

/** The live channel at /ws: cookie-authenticated, tenant-scoped. Needs registerWebSockets first. */
export async function registerLive(app: FastifyInstance, bus: Bus): Promise<Live> {
  const byTenant = new Map<number, Set<Client>>();

  bus.onEvent((event) => {
    if (event.kind === 'publish') {
      const clients = byTenant.get(event.tenantId);
      if (!clients) return;
      const data = JSON.stringify(event.message);
      for (const c of clients) if (c.socket.readyState === c.socket.OPEN) c.socket.send(data);
    } else if (event.kind === 'publish-user') {
      const data = JSON.stringify(event.message);
      for (const clients of byTenant.values())
        for (const c of clients) if (c.userId === event.userId && c.socket.readyState === c.socket.OPEN) c.socket.send(data);
    } else if (event.kind === 'disconnect-user') {
      for (const clients of byTenant.values())
        for (const c of clients) if (c.userId === event.userId) c.socket.close(SESSION_ENDED_CLOSE, 'account deactivated');
    } else if (event.kind === 'disconnect-sessions') {
      const ended = new Set(event.sids);
      for (const clients of byTenant.values())
        for (const c of clients) if (c.sid !== null && ended.has(c.sid)) c.socket.close(SESSION_ENDED_CLOSE, 'session ended');
    }
  });

  app.get('/ws', { websocket: true, config: { access: 'user' }, schema: { hide: true } }, (socket, request) => {
    const user = request.actor;
    const client: Client = { socket, userId: user.id, sid: request.sessionId };
    let clients = byTenant.get(user.tenantId);
    if (!clients) byTenant.set(user.tenantId, (clients = new Set()));
    clients.add(client);
    socket.on('close', () => {
      clients.delete(client);
      if (clients.size === 0) byTenant.delete(user.tenantId);
    });
    // Clients only listen for now; anything they send is ignored.
    socket.on('message', () => {});
    socket.send(JSON.stringify({ type: 'hello' } satisfies LiveMessage));
  });

  app.addHook('onClose', async () => {
    for (const clients of byTenant.values()) for (const c of clients) c.socket.close(1001, 'server shutting down');
    await bus.close();
  });

  return {
    publish: (tenantId, message) => bus.send({ kind: 'publish', tenantId, message }),
    disconnectUser: (userId) => bus.send({ kind: 'disconnect-user', userId }),
  };
}
