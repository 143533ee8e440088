import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import App from './app/App';
import { createAppRouter, routeObjects } from './app/router';
import { cacheFrom, forgetServerData, readEmbeddedPage } from './lib/ssr-cache';

const container = document.getElementById('root')!;
const embedded = readEmbeddedPage();

/**
 * A server-rendered page (issue 26) is hydrated: the screen's lazily loaded module is loaded
 * first (else the router would show its loader over the server's HTML), and SWR starts from the
 * answers the server embedded. Any other page (the SPA shell) renders on the client as before.
 */
async function start() {
  if (!embedded) {
    createRoot(container).render(
      <StrictMode>
        <App router={createAppRouter()} />
      </StrictMode>,
    );
    return;
  }
  const lazyMatches = matchRoutes(routeObjects, window.location)?.filter((m) => m.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async (m) => {
      const lazy = m.route.lazy as () => Promise<object>;
      Object.assign(m.route, { ...(await lazy()), lazy: undefined });
    }),
  );
  const cache = cacheFrom(embedded.cache);
  const router = createAppRouter();
  const stop = router.subscribe((state) => {
    if (state.location.key !== 'default' || state.navigation.state !== 'idle') {
      forgetServerData(cache);
      stop();
    }
  });
  // Hydrated as a transition: React then works in slices of a few milliseconds and yields to the
  // browser between them (a click or a scroll is handled in between), instead of one long task that
  // blocks a slow phone's main thread after the dogs have been painted (issue 26, TBT).
  startTransition(() => {
    hydrateRoot(
      container,
      <StrictMode>
        <App router={router} cache={cache} publicOrigin={embedded.origin} />
      </StrictMode>,
      {
        // Every mismatch is a bug (the hydration journey fails on this line).
        onRecoverableError: (error, info) => console.error('[hydration]', error, info.componentStack),
      },
    );
  });
}

void start();
