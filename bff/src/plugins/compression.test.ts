import zlib from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CompressedCache, compressionPlugin } from './compression';

const list = (n: number) =>
  JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ id: i + n, name: `유기견 #${i + n}`, status: 'PROTECTING' })));

describe('compressed answers cache', () => {
  it('gives exactly what compressing again gives, compressing each distinct body once', () => {
    const cache = new CompressedCache(2);
    let calls = 0;
    const br = (b: Buffer) => {
      calls += 1;
      return zlib.brotliCompressSync(b);
    };
    const a = Buffer.from(list(0));
    const first = cache.get('br', a, br);
    expect(cache.get('br', Buffer.from(list(0)), br).equals(first)).toBe(true);
    expect(calls).toBe(1);
    expect(zlib.brotliDecompressSync(first).toString()).toBe(list(0));
    // Another encoding or another body is another entry.
    cache.get('gzip', a, (b) => zlib.gzipSync(b));
    cache.get('br', Buffer.from(list(1)), br);
    expect(calls).toBe(2);
    // Two entries at most: the least recently used (br of list(0)) went out.
    cache.get('br', a, br);
    expect(calls).toBe(3);
    expect(cache.hits).toBe(1);
  });

  it('does not keep bodies over its size limit', () => {
    const cache = new CompressedCache(8, 100);
    let calls = 0;
    const gz = (b: Buffer) => {
      calls += 1;
      return zlib.gzipSync(b);
    };
    cache.get('gzip', Buffer.from(list(0)), gz);
    cache.get('gzip', Buffer.from(list(0)), gz);
    expect(calls).toBe(2);
  });

  it('serves the same list compressed alike to every client, and a changed list changed', async () => {
    const app = Fastify();
    await app.register(compressionPlugin);
    let n = 0;
    app.get('/list', async (_request, reply) => reply.type('application/json').send(list(n)));
    for (const encoding of ['br', 'gzip'] as const) {
      const unzip = encoding === 'br' ? zlib.brotliDecompressSync : zlib.gunzipSync;
      n = 0;
      const a = await app.inject({ url: '/list', headers: { 'accept-encoding': encoding } });
      const b = await app.inject({ url: '/list', headers: { 'accept-encoding': encoding } });
      expect(a.headers['content-encoding']).toBe(encoding);
      expect(unzip(b.rawPayload).toString()).toBe(list(0));
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
      n = 1;
      const c = await app.inject({ url: '/list', headers: { 'accept-encoding': encoding } });
      expect(unzip(c.rawPayload).toString()).toBe(list(1));
    }
    await app.close();
  });
});
