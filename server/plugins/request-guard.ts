import type { FastifyInstance } from 'fastify';
import { forbidden } from '../lib/app-error.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The request's own host as URL parsing writes it (default ports dropped), to compare with an Origin. */
function ownHost(protocol: string, host: string): string | null {
  try {
    return new URL(`${protocol}://${host}`).host;
  } catch {
    return null;
  }
}

/**
 * State-changing calls are refused when they come from another site: a foreign Origin, or the
 * browser's own Sec-Fetch-Site saying cross-site. Bodies are JSON only: Fastify answers 415 for
 * any other content type once the text/plain parser is gone (uploads register multipart per route).
 */
export function registerRequestGuard(app: FastifyInstance) {
  app.removeContentTypeParser('text/plain');
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      let host: string | null = null;
      try {
        host = origin === 'null' ? null : new URL(origin).host;
      } catch {
        host = null;
      }
      if (host === null || host !== ownHost(request.protocol, request.host)) {
        throw forbidden('request.foreign_origin', 'Requests from other sites are not allowed');
      }
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('request.foreign_origin', 'Requests from other sites are not allowed');
    }
  });
}
