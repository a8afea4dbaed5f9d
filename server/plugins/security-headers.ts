import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiUrl } from '../lib/api-url.ts';

/**
 * The browser may run only the app's own files, for the app and the API docs (Swagger UI) alike.
 * Styles allow 'unsafe-inline' because Radix dialogs (scroll lock) and Swagger UI add <style>
 * elements at run time, with content that varies (no stable hash); scripts never do. Images also
 * come from data: (the API docs' logo) and blob: (a portrait's preview before upload). 'self' in
 * connect-src covers the same-origin WebSocket (/ws, ws: or wss:) in Chromium and Firefox.
 * No upgrade-insecure-requests: on a plain-HTTP LAN install it would send every asset to https.
 * e2e/security.test.ts loads the pages in Chromium and fails on any violation.
 */
export const contentSecurityPolicy = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const HSTS = 'max-age=31536000; includeSubDomains';

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets for the options above, read once by running its middleware on a
 * stand-in response: none of them depends on the request (the policy's sources are fixed
 * strings), so every answer gets the same values without building and running helmet's
 * middleware each time. Its one other act, removing `X-Powered-By`, has nothing to remove: no
 * part of this server sets that header.
 */
export function helmetHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader() {},
  };
  let done = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  if (!done) throw new Error('helmet did not finish at once');
  return headers;
}

/**
 * Security headers on every answer (helmet's, computed once: `helmetHeaders`): the policy above,
 * no framing, the referrer kept to our own pages (other sites never see our addresses, which hold
 * record ids and search terms), nosniff. API answers are never stored. HSTS only when the request
 * came over TLS, as for Secure cookies: `request.protocol` is https only through TLS or a trusted
 * proxy's X-Forwarded-Proto, so a plain-HTTP install never pins browsers to https. Set in the
 * first hook of every request, so refusals and errors carry them too; a handler may still
 * replace one for its own answer.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  const headers = helmetHeaders();
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(headers);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isApiUrl(request.url)) reply.header('cache-control', 'no-store');
  });
}
