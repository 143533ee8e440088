/**
 * The server entry (issue 26, docs/decisions/0032): built by Vite's SSR build into the bundle
 * the BFF loads at start. The BFF asks `plan(url)` what a public page needs, fetches it from its
 * gateways and calls `render`: React's streaming render of the same routes and components the
 * browser hydrates, with the answers in SWR's cache and written once into the page.
 */
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { PagePlan, RenderInput, RenderOutput } from '@pawbridge/shared/ssr.schema';
import { documentTitle } from '@/components/layout/use-document-title';
import { cacheFrom, embedPage, SSR_DATA_ID } from '@/lib/ssr-cache';
import { AppProviders } from './app/AppProviders';
import { routeObjects } from './app/router';
import { findPublicPage, forMember, MEMBER_MODULES, pageCache, pageData } from './app/ssr/public-pages';
import { headExtras, injectBeforeHeadEnd } from './app/ssr/assets';

// One handler for the process: each lazy route module is resolved once.
const handler = createStaticHandler(routeObjects);

export { PUBLIC_PAGES } from './app/ssr/public-pages';

/** The table's page for `url`, if the app's router sends the URL to that very route. */
function publicPageAt(url: string) {
  const leaf = matchRoutes(routeObjects, new URL(url, 'http://x').pathname)?.at(-1);
  return leaf?.route.path === undefined ? null : findPublicPage(url, leaf.route.path);
}

/** What the page at `url` needs from the BFF's gateways; null when it is not a server-rendered page. */
export function plan(url: string): PagePlan {
  const found = publicPageAt(url);
  return found ? { data: pageData(found.page, found.params, found.search) } : null;
}

export async function render(input: RenderInput): Promise<RenderOutput> {
  const found = publicPageAt(input.url);
  if (!found) throw new Error(`not a server-rendered page: ${input.url}`);
  const { page, params, search } = found;
  const embedded = pageCache(page, input.results, params, search);
  const context = await handler.query(new Request(new URL(input.url, input.publicOrigin)));
  if (context instanceof Response) throw new Error('a public page answered a redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  const title = documentTitle(context.matches.map((m) => m.route.handle));
  let failed: unknown = null;
  // prerender, not renderToReadableStream: it waits for every lazy part and writes each Suspense boundary
  // complete, where a streamed one would be a fallback revealed by an inline script, which the
  // Content-Security-Policy (script-src 'self') blocks and a browser without scripts never runs.
  const { prelude } = await prerender(
    <html lang="ko" data-mantine-color-scheme="light">
      <head>
        <meta charSet="UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1.0" />
        <title>{title}</title>
      </head>
      <body>
        <div id="root">
          <AppProviders cache={cacheFrom(embedded)} publicOrigin={input.publicOrigin}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </div>
        <script
          type="application/json"
          id={SSR_DATA_ID}
          dangerouslySetInnerHTML={{ __html: embedPage({ origin: input.publicOrigin, cache: embedded }) }}
        />
      </body>
    </html>,
    {
      // Never outline a large boundary to be revealed later by an inline script (the CSP blocks it, no-JS never runs it).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      ...(input.signal ? { signal: input.signal } : {}),
      onError: (error) => {
        failed ??= error;
      },
    },
  );
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  const status = page.status?.(input.results, params) ?? 200;
  return {
    status,
    body: prelude.pipeThrough(
      injectBeforeHeadEnd(
        headExtras(input.template, input.manifest, forMember(input.results) ? [...page.modules, ...MEMBER_MODULES] : page.modules),
      ),
    ),
  };
}
