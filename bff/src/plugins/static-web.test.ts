import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticWebPlugin } from './static-web';
import { compressionPlugin } from './compression';
import { errorsPlugin } from './errors';

// A tiny build: index.html, a hashed asset with its brotli and gzip copies, a public file.
let dir: string;
let app: FastifyInstance;
const js = 'console.log("hello");'.repeat(200);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), js);
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(js));
  fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(js));
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  await app.register(compressionPlugin);
  await app.register(errorsPlugin);
  app.get('/api/ping', async () => ({ items: Array.from({ length: 200 }, (_, i) => ({ i, text: '유기견 보호 중' })) }));
  await app.register(staticWebPlugin, { dir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const html = { accept: 'text/html,application/xhtml+xml' };

describe('static web (single-process mode)', () => {
  it('serves hashed assets precompressed with brotli or gzip and a one-year immutable cache', async () => {
    const br = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(js);
    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('serves index.html for every screen route with no-cache', async () => {
    for (const url of ['/', '/adopt', '/pet/profile/123456-2024-00001', '/community/42/edit', '/mypet?x=1']) {
      const res = await app.inject({ url, headers: html });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('sends the shell whole (a known length, one buffer), revalidated by its ETag, and a rebuilt shell at once', async () => {
    const first = await app.inject({ url: '/adopt', headers: html });
    expect(first.headers['content-length']).toBe(String(Buffer.byteLength(first.body)));
    expect(first.headers['transfer-encoding']).toBeUndefined();
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await app.inject({ url: '/community', headers: { ...html, 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const index = path.join(dir, 'index.html');
    const before = fs.readFileSync(index, 'utf8');
    try {
      fs.writeFileSync(index, before.replace('<div id="root">', '<div id="root" data-build="2">'));
      const rebuilt = await app.inject({ url: '/adopt', headers: { ...html, 'if-none-match': etag } });
      expect(rebuilt.statusCode).toBe(200);
      expect(rebuilt.body).toContain('data-build="2"');
      expect(rebuilt.headers.etag).not.toBe(etag);
    } finally {
      fs.writeFileSync(index, before);
    }
  });

  it('gives unknown page paths the SPA with an honest 404 (the SPA shows its not-found screen)', async () => {
    const res = await app.inject({ url: '/no-such-screen', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
  });

  it('answers server paths, missing assets and non-HTML clients with the 404 envelope, never the SPA', async () => {
    for (const url of [
      '/ws',
      '/ws/websocket',
      '/socket.io/?EIO=4&transport=polling',
      '/oauth2/authorization/google',
      '/API/users',
      '//api/pet/1',
      '/uploads/x.jpg',
      '/dashboard',
      '/assets/missing-123.js',
      '/no-such-screen',
    ]) {
      const res = await app.inject({ url, headers: url === '/no-such-screen' ? { accept: 'application/json' } : html });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('serves public files and compresses dynamic JSON answers', async () => {
    expect((await app.inject({ url: '/favicon.svg' })).statusCode).toBe(200);
    const res = await app.inject({ url: '/api/ping', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString()).items).toHaveLength(200);
  });

  it('does not escape the build folder', async () => {
    const res = await app.inject({ url: '/..%2f..%2fetc%2fpasswd', headers: html });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('root:');
  });
});
