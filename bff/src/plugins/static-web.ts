import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isScreenRoute, isServerPath } from '@pawbridge/shared';

const ONE_YEAR = 'public, max-age=31536000, immutable';

/**
 * Single-process mode: the BFF serves the built SPA. Hashed assets under
 * /assets are cached for a year and served from the brotli/gzip copies the
 * build made; index.html is never cached, so a deploy is picked up at once.
 * Screen routes get index.html (200); other page-like paths get index.html
 * with 404 (the SPA shows its not-found screen); server paths (/api, /ws,
 * /oauth2, …), missing files and non-HTML clients get the 404 envelope.
 */
export const staticWebPlugin = fp<{ dir: string }>(
  async (app, { dir }) => {
    const root = path.resolve(dir);
    if (!fs.existsSync(path.join(root, 'index.html'))) {
      app.log.warn({ dir: root }, 'web build not found; the SPA is not served');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, filePath) => {
        res.header('Cache-Control', filePath.startsWith(path.join(root, 'assets') + path.sep) ? ONE_YEAR : 'no-cache');
      },
    });
    // The shell goes out as one buffer (headers and body in one write), not as a file stream: a BFF
    // killed between a stream's header and its body leaves nginx holding a header it has already
    // passed on, so it cannot try the other BFF and the visitor gets a cut-off page (seen once in
    // the reliability run's kill). Read on every answer (about 2 KB), so a rebuild shows at once.
    const indexFile = path.join(root, 'index.html');
    const sendIndex = async (request: FastifyRequest, reply: FastifyReply, status = 200) => {
      const body = await fs.promises.readFile(indexFile);
      const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
      reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('etag', etag);
      if (status === 200 && request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.send(body);
    };
    const wantsHtml = (request: FastifyRequest) => request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');

    // Public pages (/, /adopt, /community, a post…) are rendered when the server bundle is loaded (render/render.plugin.ts).
    const render = app.hasDecorator('renderPage') ? app.renderPage : null;
    const serve = async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (isServerPath(pathname)) return reply.callNotFound();
      if (render && (await render(request, reply))) return reply;
      if (isScreenRoute(pathname)) return sendIndex(request, reply);
      const file = path.join(root, path.normalize(decodeURIComponentSafe(pathname)));
      if (file.startsWith(root + path.sep) && fs.existsSync(file) && fs.statSync(file).isFile())
        return reply.sendFile(path.relative(root, file));
      // A missing asset must not come back as HTML (the browser would try to run it).
      if (!wantsHtml(request) || path.extname(pathname) !== '') return reply.callNotFound();
      return sendIndex(request, reply, 404);
    };
    app.get('/', { schema: { hide: true } }, serve);
    app.get('/*', { schema: { hide: true } }, serve);
  },
  { name: 'static-web' },
);

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
