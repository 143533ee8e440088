import fp from 'fastify-plugin';
import compress from '@fastify/compress';
import zlib from 'node:zlib';

/** The largest answer compressed in one go and kept compressed (decision 0048). */
const CACHED_BODY_MAX_BYTES = 256 * 1024;

/**
 * The compressed bytes of recent answers, by encoding and exact body: a public list (the adopt
 * list's first page, the community's) is the same for every visitor until it changes, and under
 * load Brotli was the largest single cost of answering it (about 0.9 ms of CPU per answer in the
 * overhead bench, decision 0036). The output is a pure function of the body, so a hit is exactly
 * what compressing again would give. A server-rendered public page (about 200 KB of HTML for
 * `/adopt`, the same for every visitor within decision 0048's TTL) is kept too. Bounded: bodies of
 * 1–256 KB, 64 entries (≤ ~20 MB with their keys), least recently used first out.
 */
export class CompressedCache {
  private readonly entries = new Map<string, Buffer>();
  hits = 0;
  misses = 0;

  constructor(
    private readonly maxEntries = 64,
    private readonly maxBodyBytes = CACHED_BODY_MAX_BYTES,
  ) {}

  get(encoding: string, body: Buffer, compress: (b: Buffer) => Buffer): Buffer {
    if (body.length > this.maxBodyBytes) return compress(body);
    const key = `${encoding}:${body.toString('latin1')}`;
    const found = this.entries.get(key);
    if (found) {
      this.hits += 1;
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    this.misses += 1;
    const out = compress(body);
    this.entries.set(key, out);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return out;
  }
}

/**
 * One-shot Brotli for buffered answers, told the input size: Brotli then
 * sizes its buffers to the answer instead of its 4 MB window, which halves
 * the cost of a typical JSON answer (bench/README.md, BFF overhead). Streams
 * and the other encodings keep Node's zlib (the plugin falls back to it).
 * Both one-shot encoders go through the cache above.
 */
export function cachedZlib(cache = new CompressedCache()) {
  return {
    brotliCompressSync: (buf: Buffer, options: zlib.BrotliOptions = {}) =>
      cache.get('br', buf, (b) =>
        zlib.brotliCompressSync(b, { ...options, params: { ...options.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length } }),
      ),
    gzipSync: (buf: Buffer, options: zlib.ZlibOptions = {}) => cache.get('gzip', buf, (b) => zlib.gzipSync(b, options)),
  };
}

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
      // Buffered answers up to the cache's limit take the one-shot path (through the cache above):
      // the library's default on 2 cores (8 KB) streamed a rendered /adopt (~210 KB) through a
      // fresh Brotli stream per answer, ~18 % of the BFF's CPU under the ssr bench (decision 0048).
      syncThreshold: CACHED_BODY_MAX_BYTES,
      encodings: ['br', 'gzip'],
      brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
      zlibOptions: { level: 6 },
      zlib: cachedZlib(),
    });
  },
  { name: 'compression' },
);
