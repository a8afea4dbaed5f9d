import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
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

/**
 * Security headers on every answer (helmet): the policy above, no framing, the referrer kept to
 * our own pages (other sites never see our addresses, which hold record ids and search terms),
 * nosniff. API answers are never stored. HSTS only when the
 * request came over TLS, as for Secure cookies: `request.protocol` is https only through TLS or a
 * trusted proxy's X-Forwarded-Proto, so a plain-HTTP install never pins browsers to https.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    if (isApiUrl(request.url)) reply.header('cache-control', 'no-store');
  });
}
