import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PagePlanSchema, ServerBundleSchema, type RenderInput } from '@pawbridge/shared/ssr.schema';
import { pageDataResolvers, resolvePageData } from './page-data';
import type { PublicDataCache, RenderedPage } from './public-cache';
import { UPSTREAM_SESSION_COOKIE } from '../upstream/client';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';

declare module 'fastify' {
  interface FastifyInstance {
    /** Renders a public page when `request` asks for one (true: answered); null when no server bundle is loaded. */
    renderPage: ((request: FastifyRequest, reply: FastifyReply) => Promise<boolean>) | null;
  }
}

export interface RenderPluginOptions {
  /** The web's server bundle (web/dist-server/entry-server.js). */
  bundle: string;
  /** The client build: its index.html is the template, its manifest names each route's chunks. */
  webDistDir: string;
  /** Public page data shared between renders (decision 0048: `publicDataCache`); none: every render asks. */
  publicData?: PublicDataCache;
}

/** A render that takes longer than this is abandoned for the SPA shell (the browser renders it then). */
const RENDER_TIMEOUT_MS = 10_000;
/**
 * Page data that has not come by then (a hung upstream) is not waited for: the SPA shell is served and
 * the browser asks itself. Below the balancer's 5 s read timeout for pages (deploy/nginx/pawbridge.conf),
 * so a slow upstream never makes nginx count the BFF as failed.
 */
const PAGE_DATA_DEADLINE_MS = 3_500;

/**
 * Public pages rendered by the BFF (issue 26, docs/decisions/0032). The web's server bundle is
 * loaded once at start (never web source); for a page it plans, the data comes from the
 * gateways and the bundle streams the document. Without a bundle (not built) the SPA shell is
 * served as before, and said so once.
 */
export const renderPlugin = fp<RenderPluginOptions>(
  async (app, opts) => {
    const bundlePath = path.resolve(opts.bundle);
    const templatePath = path.join(opts.webDistDir, 'index.html');
    const manifestPath = path.join(opts.webDistDir, '.vite', 'manifest.json');
    const missing = [bundlePath, templatePath, manifestPath].filter((f) => !fs.existsSync(f));
    if (missing.length > 0) {
      app.log.warn({ missing }, 'server bundle not found; public pages are served as the SPA shell');
      app.decorate('renderPage', null);
      return;
    }
    const loaded = ServerBundleSchema.safeParse(await import(pathToFileURL(bundlePath).href));
    if (!loaded.success) throw new Error(`${bundlePath} is not the web's server bundle (plan and render expected)`);
    const bundle = loaded.data;
    const template = fs.readFileSync(templatePath, 'utf8');
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, unknown>;
    const resolvers = pageDataResolvers(app);
    const originOf = (request: FastifyRequest) => app.config.publicOrigin ?? `${request.protocol}://${request.host}`;

    /** The page as rendered now: null when the SPA shell must answer instead (data too slow, render failed). */
    const renderNow = async (request: FastifyRequest): Promise<{ page: RenderedPage; complete: boolean } | null> => {
      const plan = PagePlanSchema.safeParse(bundle.plan(request.url));
      if (!plan.success || plan.data === null) return null;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), PAGE_DATA_DEADLINE_MS)));
      const results = await Promise.race([resolvePageData(resolvers, request, plan.data.data, opts.publicData), late]).finally(() =>
        clearTimeout(timer),
      );
      if (results === null) {
        request.log.warn(
          { url: request.url, deadlineMs: PAGE_DATA_DEADLINE_MS },
          'server render: page data too slow; the SPA shell is served',
        );
        return null;
      }
      try {
        const input: RenderInput = {
          url: request.url,
          results,
          publicOrigin: originOf(request),
          template,
          manifest,
          signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
        };
        const out = await bundle.render(input);
        // prerender has written the whole document already: buffered, it can be kept and compressed once.
        const body = Buffer.from(await new Response(out.body as WebReadableStream<Uint8Array>).arrayBuffer());
        return { page: { status: out.status, body }, complete: Object.values(results).every((r) => r.ok) };
      } catch (err) {
        // Never a blank page: the SPA shell renders it in the browser instead.
        request.log.error({ err }, 'server render failed; the SPA shell is served');
        return null;
      }
    };

    app.decorate('renderPage', async (request: FastifyRequest, reply: FastifyReply) => {
      // A visitor's page depends on the address and the public data only (decision 0048): the same
      // bytes for every visitor until a write or the TTL. A member's (session cookie) is always fresh.
      const cache = opts.publicData;
      const key = cache && !request.cookies[UPSTREAM_SESSION_COOKIE] ? `${originOf(request)}${request.url}` : null;
      let page = key ? cache?.page(key) : undefined;
      if (!page) {
        const since = cache?.stamp();
        const fresh = await renderNow(request);
        if (!fresh) return false;
        page = fresh.page;
        if (key && fresh.complete && page.status === 200) cache?.keepPage(key, page, since);
      }
      await reply
        .code(page.status)
        .type('text/html; charset=utf-8')
        // The header is the member's: never shared by caches; a deploy is picked up at once.
        .header('cache-control', 'private, no-cache')
        .header('vary', 'cookie')
        .send(page.body);
      return true;
    });
  },
  { name: 'render', dependencies: ['config', 'upstream', 'session'] },
);
