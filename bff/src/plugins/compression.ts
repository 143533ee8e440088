import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import zlib from 'node:zlib';

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
    });
  },
  { name: 'compression' },
);
