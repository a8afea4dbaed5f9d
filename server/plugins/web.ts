import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ErrorEnvelope } from '../../core/errors.ts';
import { isApiUrl } from '../lib/api-url.ts';

/**
 * Serves the built web app: hashed assets cached for a year as immutable, index.html never
 * cached (it names this build's assets), every other non-API path but /assets/ answered with
 * index.html so the client router decides (and shows its own 404 page). Files are sent as the build
 * precompressed them (<file>.br, <file>.gz from scripts/build.mjs), in the encoding the browser
 * accepts, with `Vary: Accept-Encoding`.
 */
export async function registerWeb(app: FastifyInstance, webDir: string | undefined) {
  const hasWeb = webDir !== undefined && existsSync(path.join(webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = isApiUrl(request.url);
    // A build's file that is not there (a page open across an upgrade asks for an old chunk) is a
    // 404, not the app's HTML under a script's name: the client can then reload the new build.
    const isAsset = request.url.startsWith('/assets/');
    if (!isApi && !isAsset && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    if (!isApi && !hasWeb && request.method === 'GET') {
      return reply.status(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    return reply.status(404).send({ message: 'Not found', code: 'not_found' } satisfies ErrorEnvelope);
  });
}
