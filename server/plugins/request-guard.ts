import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, forbidden } from '../lib/app-error.ts';
import { isApiUrl } from '../lib/api-url.ts';
import { isHostAllowed, type AllowedHosts } from '../lib/hosts.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** This server's origin as the browser that reached it writes it: scheme, host and port (default ports dropped). */
function ownOrigin(request: FastifyRequest): string | null {
  try {
    return new URL(`${request.protocol}://${request.host}`).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a request carries an Origin other than this server's own, compared whole: another
 * site, the same host on another port (another app on the machine, same-site for cookies) or
 * another scheme. `Origin: null` (sandboxed frames, some redirects) is foreign. A request
 * without Origin (curl, scripts, a browser's same-origin GET) is not.
 */
export function isForeignOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  let parsed: string;
  try {
    parsed = new URL(origin).origin;
  } catch {
    return true;
  }
  return parsed === 'null' || parsed !== ownOrigin(request);
}

const isWebSocketUpgrade = (request: FastifyRequest) => request.headers.upgrade?.toLowerCase() === 'websocket';

/** What the operator reads on a refused host: the name asked for and the setting to change. */
const hostNotAllowed = (host: string) =>
  `This Workbay does not answer to the host name "${host}". If that is its address, add the name to the ALLOWED_HOSTS setting (names separated by commas) and restart it.`;

/**
 * Requests for a Host name that is not allowed are refused first (DNS rebinding: a page of
 * another site whose name was pointed at this server's address): 403 with the JSON envelope for
 * API calls and the /ws upgrade, plain text for pages.
 *
 * State-changing calls and WebSocket upgrades (/ws, which no CORS rule protects and which a
 * same-site page would open with our cookie) are refused when they come from another origin, or
 * when the browser's own Sec-Fetch-Site says cross-site. Bodies are JSON only: Fastify answers
 * 415 for any other content type once the text/plain parser is gone (uploads register multipart
 * per route).
 */
export function registerRequestGuard(app: FastifyInstance, allowedHosts: AllowedHosts) {
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (request, reply) => {
    if (!isHostAllowed(request.host, allowedHosts)) {
      const host = request.host.slice(0, 200);
      if (!isApiUrl(request.url)) return reply.status(403).type('text/plain; charset=utf-8').send(hostNotAllowed(host));
      throw new AppError(403, 'request.host_not_allowed', hostNotAllowed(host), { params: { host } });
    }
    if (SAFE.has(request.method) && !isWebSocketUpgrade(request)) return;
    if (isForeignOrigin(request) || request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('request.foreign_origin', 'Requests from other sites are not allowed');
    }
  });
}
