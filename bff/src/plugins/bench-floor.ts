import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import fp from 'fastify-plugin';
import type { FastifyReply } from 'fastify';

/** The request header that asks for the floor (Lighthouse sends it with `extraHeaders`). */
export const BENCH_FLOOR_HEADER = 'x-bench-floor';

/**
 * The page without its scripts: every `<script>…</script>` (module, classic, inline, JSON data)
 * and every `<link rel="modulepreload">` removed; everything else (markup, styles, preloaded
 * images, fonts) left exactly as served.
 */
export function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, '')
    .replace(/<script\b[^>]*\/>/gi, '')
    .replace(/<link\b(?=[^>]*\brel\s*=\s*["']?modulepreload\b)[^>]*>/gi, '');
}

async function bodyText(payload: unknown, encoding: string | undefined): Promise<string> {
  let buf: Buffer;
  if (typeof payload === 'string') buf = Buffer.from(payload);
  else if (Buffer.isBuffer(payload)) buf = payload;
  else if (payload instanceof Readable) {
    const chunks: Buffer[] = [];
    for await (const c of payload) chunks.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
    buf = Buffer.concat(chunks);
  } else return String(payload);
  if (encoding === 'br') buf = zlib.brotliDecompressSync(buf);
  else if (encoding === 'gzip') buf = zlib.gunzipSync(buf);
  else if (encoding === 'deflate') buf = zlib.inflateSync(buf);
  return buf.toString('utf8');
}

const isHtml = (reply: FastifyReply) => /^text\/html\b/i.test(String(reply.getHeader('content-type') ?? ''));

/**
 * Bench only (issue 26, docs/decisions/0036): "the floor" of `bench/lighthouse.ts` is the page
 * this BFF serves with its scripts removed, measured beside the real page in the same run.
 * With BENCH_FLOOR=true (refused in production: `config/env.ts`), a request carrying
 * `X-Bench-Floor: 1` gets its HTML answer post-processed — whatever made it (the SPA's
 * index.html, a server render, a stream, a pre-compressed file) — by `stripScripts`, then
 * compressed like any answer. Registered before the compression plugin, so its onSend runs first.
 */
export const benchFloorPlugin = fp<{ enabled: boolean }>(
  async (app, { enabled }) => {
    if (!enabled) return;
    app.log.warn('BENCH_FLOOR is on: requests with X-Bench-Floor get their HTML without scripts (bench only)');
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.headers[BENCH_FLOOR_HEADER] !== '1' || payload === null || payload === undefined || !isHtml(reply)) return payload;
      const encoding = reply.getHeader('content-encoding');
      const html = stripScripts(await bodyText(payload, typeof encoding === 'string' ? encoding : undefined));
      reply.removeHeader('content-encoding');
      reply.removeHeader('content-length');
      reply.removeHeader('etag');
      reply.header('cache-control', 'no-store');
      return html;
    });
  },
  { name: 'bench-floor' },
);
