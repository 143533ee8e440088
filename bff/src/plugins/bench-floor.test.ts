import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBffConfig } from '../config/env';
import { BENCH_FLOOR_HEADER, benchFloorPlugin, stripScripts } from './bench-floor';
import { compressionPlugin } from './compression';
import { staticWebPlugin } from './static-web';

// An index.html like the build's, a server-rendered page (streamed), with scripts in every form.
const page = [
  '<!doctype html><html><head>',
  '<link rel="modulepreload" crossorigin href="/assets/react-1.js">',
  '<link rel=\'modulepreload\' href="/assets/router-2.js" />',
  '<link rel="preload" as="image" href="/uploads/dog.jpg" fetchpriority="high">',
  '<link rel="stylesheet" href="/assets/index-3.css">',
  '<script type="module" crossorigin src="/assets/index-4.js"></script>',
  '<SCRIPT>window.__DATA__ = {"a":"</div>"}</SCRIPT >',
  '</head><body><div id="root" data-ssr><img src="/uploads/dog.jpg" alt="갈색 믹스견"><p>보호 중</p></div>',
  // Enough text to be worth compressing (the compression plugin skips answers under 1 KB).
  `<ul>${'<li>유기견 카드</li>'.repeat(80)}</ul>`,
  '<script type="application/json" id="data">{"x":1}</script>',
  '</body></html>',
].join('\n');

let dir: string;
const apps: FastifyInstance[] = [];
async function build(enabled: boolean): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(benchFloorPlugin, { enabled });
  await app.register(compressionPlugin);
  app.get('/ssr', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(Readable.from([page.slice(0, 100), page.slice(100)])),
  );
  app.get('/json', async () => ({ script: '<script>x</script>' }));
  await app.register(staticWebPlugin, { dir });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pb-floor-'));
  fs.writeFileSync(path.join(dir, 'index.html'), page);
  fs.writeFileSync(path.join(dir, 'index.html.br'), zlib.brotliCompressSync(page));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const floor = { [BENCH_FLOOR_HEADER]: '1', accept: 'text/html' };
const noScripts = (html: string) => {
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/modulepreload/);
  expect(html).toContain('<link rel="preload" as="image" href="/uploads/dog.jpg" fetchpriority="high">');
  expect(html).toContain('<link rel="stylesheet" href="/assets/index-3.css">');
  expect(html).toContain('<div id="root" data-ssr><img src="/uploads/dog.jpg" alt="갈색 믹스견"><p>보호 중</p></div>');
};

describe('bench floor (the page without its scripts, bench only)', () => {
  it('strips every script element and modulepreload link and nothing else', () => {
    noScripts(stripScripts(page));
  });

  it('serves the SPA index.html (pre-compressed brotli on disk) and a streamed render without scripts, compressed again', async () => {
    const app = await build(true);
    const spa = await app.inject({ url: '/adopt', headers: { ...floor, 'accept-encoding': 'br' } });
    expect(spa.statusCode).toBe(200);
    expect(spa.headers['content-encoding']).toBe('br');
    expect(spa.headers['cache-control']).toBe('no-store');
    noScripts(zlib.brotliDecompressSync(spa.rawPayload).toString());
    const ssr = await app.inject({ url: '/ssr', headers: floor });
    noScripts(ssr.body);
  });

  it('leaves the page alone without the header, and JSON alone with it', async () => {
    const app = await build(true);
    const spa = await app.inject({ url: '/adopt', headers: { accept: 'text/html' } });
    expect(spa.body).toBe(page);
    expect((await app.inject({ url: '/json', headers: floor })).json()).toEqual({ script: '<script>x</script>' });
  });

  it('does nothing when the switch is off: the header alone changes no answer', async () => {
    const app = await build(false);
    expect((await app.inject({ url: '/adopt', headers: floor })).body).toBe(page);
    expect((await app.inject({ url: '/ssr', headers: floor })).body).toBe(page);
  });

  it('is never on in production (BENCH_FLOOR=true is ignored there, with a warning), on only when asked elsewhere', () => {
    const base = { UPSTREAM_URL: 'http://127.0.0.1:1' };
    expect(loadBffConfig({ ...base, NODE_ENV: 'development' }).benchFloor).toBe(false);
    expect(loadBffConfig({ ...base, NODE_ENV: 'development', BENCH_FLOOR: 'true' }).benchFloor).toBe(true);
    const prod = (() => {
      try {
        return loadBffConfig({ ...base, NODE_ENV: 'production', BENCH_FLOOR: 'true' });
      } catch (err) {
        // Production refuses to start without its other settings; either way the floor is not on.
        return { benchFloor: false, warnings: [String(err)] };
      }
    })();
    expect(prod.benchFloor).toBe(false);
  });
});
