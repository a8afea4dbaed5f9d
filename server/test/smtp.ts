import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type Mail = { to: string[]; body: string };

/** A real SMTP server on loopback that keeps what it receives (tests of e-mail notifications). */
export function startSmtp() {
  const received: Mail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      let body = '';
      stream.on('data', (c) => (body += c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), body });
        done();
      });
    },
  });
  return new Promise<{ url: string; received: Mail[]; to(address: string): Mail[]; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({
        url: `smtp://127.0.0.1:${port}?from=desk@workbay.test`,
        received,
        to: (address) => received.filter((m) => m.to.includes(address)),
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}
