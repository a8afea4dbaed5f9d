import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import { Negotiator } from '@fastify/accept-negotiator';
import { PassThrough } from 'node:stream';
import { brotliCompressSync, constants, createBrotliCompress, createGzip, gzipSync } from 'node:zlib';

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

/** The encoding this request's browser accepts of ours: brotli, else gzip, else none. */
export function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const header = request.headers['accept-encoding'];
  return typeof header === 'string' ? encodings.negotiate(header) : null;
}

/**
 * Sends a page's HTML made for this request (a page's hints, a few kB) as the plugin above sends
 * API answers: brotli or gzip as the browser accepts, else as it is. The pages are answered by the
 * not-found handler, which the plugin does not hook.
 */
export function sendHtml(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = html.length >= COMPRESS_THRESHOLD_BYTES ? acceptedEncoding(request) : null;
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(brotliCompressSync(html, BROTLI_OPTIONS));
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(html));
  return reply.send(html);
}

/**
 * Sends a page's HTML in parts as they are ready, compressed as `sendHtml` does: `write` a part,
 * which resolves once it is on its way to the browser (compressed, flushed, handed to the
 * connection: work that would start at once, a page's render, would otherwise hold it back), and
 * `end` with the last.
 */
export function streamHtml(request: FastifyRequest, reply: FastifyReply) {
  reply.type('text/html; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request);
  const body = new PassThrough();
  const compressor = encoding === 'br' ? createBrotliCompress(BROTLI_OPTIONS) : encoding === 'gzip' ? createGzip() : null;
  if (encoding) reply.header('content-encoding', encoding);
  void reply.send(compressor ? body.pipe(compressor) : body);
  return {
    write(part: string): Promise<void> {
      body.write(part);
      return new Promise((resolve) => {
        const sent = () => setImmediate(resolve);
        if (compressor) compressor.flush(sent);
        else sent();
      });
    },
    end(part: string) {
      body.end(part);
    },
  };
}
