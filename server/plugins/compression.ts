import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import { constants } from 'node:zlib';

/** Below this a response goes as it is: compressing it saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

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
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
