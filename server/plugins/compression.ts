import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import { Negotiator } from '@fastify/accept-negotiator';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Below this a response goes as it is: compressing it saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Brotli at quality 4: close to gzip's speed with smaller output. */
const BROTLI_OPTIONS = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };

/**
 * Compresses API answers above the threshold, in the encoding the browser accepts (brotli, else
 * gzip). Brotli at quality 4: close to gzip's speed with smaller output; the maximum quality is
 * for the web build's files, compressed once at build time (scripts/build.mjs) and sent as they
 * are (plugins/web.ts), which this plugin leaves alone since they already carry an encoding.
 * Registered before the routes: it hooks each route as it is added.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
  });
}

const encodings = new Negotiator({ supportedValues: ['br', 'gzip'] });

/**
 * Sends a page's HTML made for this request (a page the server rendered: some 50 to 150 kB) as
 * the plugin above sends API answers: brotli or gzip as the browser accepts, else as it is. The
 * pages are answered by the not-found handler, which the plugin does not hook.
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  const header = request.headers['accept-encoding'];
  const encoding = html.length >= COMPRESS_THRESHOLD_BYTES && typeof header === 'string' ? encodings.negotiate(header) : null;
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(brotliCompressSync(html, BROTLI_OPTIONS));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}
