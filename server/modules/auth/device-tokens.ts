import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const DEVICE_COOKIE = 'workbay_device';
const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
/** Accounts remembered per browser (a front-desk computer is shared by a few people). */
const MAX_ACCOUNTS = 5;

export type DeviceTokens = {
  /** The device id this browser holds for the (folded) username, if it signed in to it before. */
  find(request: FastifyRequest, username: string): string | undefined;
  /** Remembers this browser for the username after a successful sign-in. */
  remember(request: FastifyRequest, reply: FastifyReply, username: string): void;
};

/**
 * Device tokens (OWASP "device cookies"): after a successful sign-in the browser keeps a signed
 * token for that account; sign-in attempts that present it are throttled on their own, apart
 * from everybody else's attempts at the account. The cookie holds no username: each entry is a
 * random id and an HMAC binding it to the account under the session secret.
 */
export function deviceTokens(secret: string): DeviceTokens {
  const mac = (username: string, id: string) =>
    createHmac('sha256', secret).update(`device:${username}:${id}`).digest('base64url').slice(0, 27);
  const entries = (request: FastifyRequest) =>
    (request.cookies[DEVICE_COOKIE] ?? '').slice(0, 1000).split('~').filter(Boolean).slice(0, MAX_ACCOUNTS);
  const find = (request: FastifyRequest, username: string) => {
    for (const entry of entries(request)) {
      const [id, given] = entry.split('.');
      if (!id || !given) continue;
      const expected = Buffer.from(mac(username, id));
      const actual = Buffer.from(given);
      if (actual.length === expected.length && timingSafeEqual(actual, expected)) return id;
    }
    return undefined;
  };
  return {
    find,
    remember(request, reply, username) {
      const id = find(request, username) ?? randomBytes(12).toString('base64url');
      const others = entries(request).filter((e) => e.split('.')[0] !== id);
      const value = [`${id}.${mac(username, id)}`, ...others].slice(0, MAX_ACCOUNTS).join('~');
      reply.setCookie(DEVICE_COOKIE, value, {
        path: '/api/login',
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: DEVICE_TTL_MS / 1000,
      });
    },
  };
}
