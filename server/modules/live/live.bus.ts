import type pg from 'pg';
import { EventEmitter } from 'node:events';
import type { Database } from '../../db/client.ts';

/**
 * What travels between app processes. `sessions-changed` is sent by the database itself (the
 * triggers of migration 0025, on any change to sessions, users or workshops), and by a bus that
 * has just (re)started listening: what it may have missed is unknown. `data-changed` is sent by
 * the database on any write to any other table (migration 0034).
 */
export type BusEvent =
  | { kind: 'publish'; tenantId: number; message: unknown }
  /** A message for one user's open clients alone (their sessions changed). */
  | { kind: 'publish-user'; userId: number; message: unknown }
  | { kind: 'disconnect-user'; userId: number }
  /** Sessions that ended (signed out, signed out from another session, expired): their ids, the cookies' HMACs. */
  | { kind: 'disconnect-sessions'; sids: string[] }
  | { kind: 'sessions-changed' }
  | { kind: 'data-changed' };

export type Bus = {
  send(event: BusEvent): Promise<void>;
  onEvent(handler: (event: BusEvent) => void): void;
  /** Whether what other processes send is heard now (a PostgreSQL listener can be down). */
  listening(): boolean;
  close(): Promise<void>;
};

const CHANNEL = 'workbay_live';

/** The bus for a database: LISTEN/NOTIFY on PostgreSQL, this process alone on PGlite. */
export async function createBus(database: Database, log: { warn(obj: unknown, msg: string): void }): Promise<Bus> {
  if (database.kind === 'postgres') return createPostgresBus(database.connectionString!, log);
  const bus = createLocalBus();
  // The embedded database's triggers NOTIFY too (a session, user or workshop changed), and a
  // statement made outside a request (a test, a job of this process) is heard like any other.
  await database.listen?.(CHANNEL, (payload) => {
    try {
      void bus.send(JSON.parse(payload) as BusEvent);
    } catch (err) {
      log.warn({ err }, 'bad live message');
    }
  });
  return bus;
}

/** One process (embedded database): events go straight to this process's clients. */
export function createLocalBus(): Bus {
  const emitter = new EventEmitter();
  return {
    async send(event) {
      emitter.emit('event', event);
    },
    onEvent(handler) {
      emitter.on('event', handler);
    },
    listening: () => true,
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Several processes on one PostgreSQL: NOTIFY on send, LISTEN on a dedicated connection that
 * reconnects when lost. Every process, the sender included, delivers what it hears.
 */
export async function createPostgresBus(connectionString: string, log: { warn(obj: unknown, msg: string): void }): Promise<Bus> {
  const handlers: Array<(event: BusEvent) => void> = [];
  // Loaded only here: an embedded server never holds PostgreSQL's client.
  const { default: pgModule } = await import('pg');
  const sender = new pgModule.Pool({ connectionString, max: 2 });
  sender.on('error', () => {});
  let listener: pg.Client | null = null;
  let closing = false;

  const deliver = (event: BusEvent) => {
    for (const h of handlers) h(event);
  };
  const reconnectSoon = () => {
    if (closing) return;
    setTimeout(
      () =>
        listen().catch((err) => {
          log.warn({ err }, 'live channel reconnect failed');
          reconnectSoon();
        }),
      1000,
    ).unref();
  };
  const listen = async (): Promise<void> => {
    const client = new pgModule.Client({ connectionString });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        deliver(JSON.parse(msg.payload) as BusEvent);
      } catch (err) {
        log.warn({ err }, 'bad live message');
      }
    });
    // Lost once: the error and the end of one connection start one reconnect between them.
    let lost = false;
    const lose = () => {
      if (closing || lost) return;
      lost = true;
      if (listener === client) listener = null;
      client.end().catch(() => {});
      reconnectSoon();
    };
    client.on('error', (err) => {
      log.warn({ err }, 'live channel connection lost');
      lose();
    });
    client.on('end', lose);
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (err) {
      lost = true;
      client.end().catch(() => {});
      throw err;
    }
    listener = client;
    // Whatever was sent while nobody listened is lost: caches kept on what it would have said go.
    deliver({ kind: 'sessions-changed' });
  };
  await listen();

  return {
    async send(event) {
      await sender.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    },
    onEvent(handler) {
      handlers.push(handler);
    },
    listening: () => listener !== null,
    async close() {
      closing = true;
      await listener?.end().catch(() => {});
      await sender.end().catch(() => {});
    },
  };
}
