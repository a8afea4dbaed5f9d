import type { FastifyInstance } from 'fastify';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { acceptedEncoding } from './compression.ts';

/** The content types of the build's files under assets/. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.map': 'application/json; charset=utf-8',
};

type Asset = { type: string; raw: Buffer; br?: Buffer; gzip?: Buffer };

/**
 * The build's hashed files (`<webDir>/assets/`), served from memory: read once at start (a few
 * MB with their precompressed copies from scripts/build.mjs), each sent as the browser accepts it
 * (`Content-Encoding`, `Vary: Accept-Encoding`), cached for a year as immutable. A page loads
 * some twenty of them at once, while the server renders the page; from disk each cost four file
 * system calls and about 0.7 ms of the server's time. A name the build does not have is the app's
 * 404 (a page open across an upgrade asking for an old chunk). @fastify/static serves the rest.
 */
export function registerBuildAssets(app: FastifyInstance, webDir: string) {
  const dir = path.join(webDir, 'assets');
  const assets = new Map<string, Asset>();
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const type = TYPES[path.extname(name)];
    if (!type) continue;
    const br = path.join(dir, `${name}.br`);
    const gzip = path.join(dir, `${name}.gz`);
    assets.set(name, {
      type,
      raw: readFileSync(path.join(dir, name)),
      br: existsSync(br) ? readFileSync(br) : undefined,
      gzip: existsSync(gzip) ? readFileSync(gzip) : undefined,
    });
  }
  app.get<{ Params: { '*': string } }>('/assets/*', { compress: false }, (request, reply) => {
    const asset = assets.get(request.params['*']);
    if (!asset) return reply.callNotFound();
    reply.header('content-type', asset.type).header('cache-control', 'public, max-age=31536000, immutable');
    if (!asset.br && !asset.gzip) return reply.send(asset.raw);
    reply.header('vary', 'accept-encoding');
    const encoding = acceptedEncoding(request);
    if (encoding === 'br' && asset.br) return reply.header('content-encoding', 'br').send(asset.br);
    if (encoding === 'gzip' && asset.gzip) return reply.header('content-encoding', 'gzip').send(asset.gzip);
    return reply.send(asset.raw);
  });
}
