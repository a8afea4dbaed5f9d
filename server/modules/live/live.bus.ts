import pg from 'pg';
import { EventEmitter } from 'node:events';

/** What travels between app processes. */
export type BusEvent = { kind: 'publish'; tenantId: number; message: unknown } | { kind: 'disconnect-user'; userId: number };

export type Bus = {
  send(event: BusEvent): Promise<void>;
  onEvent(handler: (event: BusEvent) => void): void;
  close(): Promise<void>;
};

const CHANNEL = 'workbay_live';

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
  const sender = new pg.Pool({ connectionString, max: 2 });
  sender.on('error', () => {});
  let listener: pg.Client | null = null;
  let closing = false;

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString });
    client.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      try {
        const event = JSON.parse(msg.payload) as BusEvent;
        for (const h of handlers) h(event);
      } catch (err) {
        log.warn({ err }, 'bad live message');
      }
    });
    const retry = () => {
      if (closing) return;
      listener = null;
      setTimeout(() => listen().catch((err) => log.warn({ err }, 'live channel reconnect failed')), 1000).unref();
    };
    client.on('error', (err) => {
      log.warn({ err }, 'live channel connection lost');
      client.end().catch(() => {});
      retry();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    listener = client;
  };
  await listen();

  return {
    async send(event) {
      await sender.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(event)]);
    },
    onEvent(handler) {
      handlers.push(handler);
    },
    async close() {
      closing = true;
      await listener?.end().catch(() => {});
      await sender.end().catch(() => {});
    },
  };
}
