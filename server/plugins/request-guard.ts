import type { FastifyInstance } from 'fastify';
import { forbidden } from '../lib/app-error.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

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
      if (host === null || host !== request.host) {
        throw forbidden('request.foreign_origin', 'Requests from other sites are not allowed');
      }
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw forbidden('request.foreign_origin', 'Requests from other sites are not allowed');
    }
  });
}
