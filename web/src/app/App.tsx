import { useEffect } from 'react';
import type { Cache } from 'swr';
import { RouterProvider, type DataRouter } from 'react-router';
import { AppProviders } from './AppProviders';

interface AppProps {
  router: DataRouter;
  /** SWR's cache started from the server's answers, when the page was server-rendered. */
  cache?: Cache | undefined;
  /** The origin the server wrote absolute URLs with. */
  publicOrigin?: string | undefined;
}

/** The SPA in the browser. */
export default function App({ router, cache, publicOrigin }: AppProps) {
  // The page is interactive from here on (journeys and the render bench wait for it).
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return (
    <AppProviders cache={cache} publicOrigin={publicOrigin}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
