import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import zlib from 'node:zlib';

/**
 * One-shot Brotli for buffered answers, told the input size: Brotli then
 * sizes its buffers to the answer instead of its 4 MB window, which halves
 * the cost of a typical JSON answer (bench/README.md, BFF overhead). Streams
 * and the other encodings keep Node's zlib (the plugin falls back to it).
 */
const sizedBrotli = {
  brotliCompressSync: (buf: Buffer, options: zlib.BrotliOptions = {}) =>
    zlib.brotliCompressSync(buf, { ...options, params: { ...options.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }),
};

/**
 * Compresses dynamic answers (JSON lists can be megabytes). Brotli at quality
 * 4 and gzip at level 6 cost well under a millisecond for typical answers;
 * static files are compressed at build time instead and served as they are.
 */
export const compressionPlugin = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      threshold: 1024,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
      zlib: sizedBrotli,
    });
  },
  { name: 'compression' },
);
