import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';

/**
 * Single-process mode: the BFF serves the built SPA. Hashed assets are cached
 * for a year; index.html never, so a deploy is picked up at once. Unknown
 * non-API paths get index.html (client-side routes).
 */
export const staticWebPlugin = fp<{ dir: string }>(
  async (app, { dir }) => {
    const index = path.join(dir, 'index.html');
    if (!fs.existsSync(index)) {
      app.log.warn({ dir }, 'web build not found; the SPA is not served');
      return;
    }
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        res.header('Cache-Control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    const html = fs.readFileSync(index);
    const sendIndex = (_req: unknown, reply: FastifyReply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
    app.get('/', { schema: { hide: true } }, sendIndex);
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const p = request.url.split('?')[0] ?? '/';
      if (p.startsWith('/api/') || p.startsWith('/uploads/') || p.startsWith('/docs')) return reply.callNotFound();
      const file = path.join(dir, path.normalize(p));
      if (file.startsWith(dir) && fs.existsSync(file) && fs.statSync(file).isFile()) return reply.sendFile(path.relative(dir, file));
      return sendIndex(request, reply);
    });
  },
  { name: 'static-web' },
);
