import '@/components/styles/first-paint';
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { SWRConfig, type Cache } from 'swr';
import { AppNotifications } from '@/components/feedback/AppNotifications';
import { ModalsHost } from '@/components/feedback/modals-host';
import { swrFetcher } from '@/lib/api-client';
import { PublicOriginContext } from '@/lib/page-meta';
import { serverDataFirst } from '@/lib/ssr-cache';
import { cssVariablesResolver, theme } from './theme';
import './global.css';

/**
 * Everything around the router, the same in the browser and in the server render (hydration
 * needs the same tree). `cache`: SWR's cache started from the server's answers; `publicOrigin`: the
 * origin the server wrote absolute URLs with (PUBLIC_ORIGIN), so the browser writes the same.
 */
export function AppProviders({
  cache,
  publicOrigin,
  children,
}: {
  cache?: Cache | undefined;
  publicOrigin?: string | undefined;
  children: ReactNode;
}) {
  return (
    <PublicOriginContext.Provider value={publicOrigin}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <AppNotifications />
        <ModalsHost />
        <SWRConfig
          value={{ fetcher: swrFetcher, revalidateOnFocus: false, use: [serverDataFirst], ...(cache ? { provider: () => cache } : {}) }}
        >
          {children}
        </SWRConfig>
      </MantineProvider>
    </PublicOriginContext.Provider>
  );
}
