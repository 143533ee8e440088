import '@/components/styles/first-paint';
import { MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { AppNotifications } from '@/components/feedback/AppNotifications';
import { ModalsHost } from '@/components/feedback/modals-host';
import { swrFetcher } from '@/lib/api-client';
import { cssVariablesResolver, theme } from './theme';
import './global.css';
import { createAppRouter } from './router';

const router = createAppRouter();

export default function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <AppNotifications />
      <ModalsHost />
      <SWRConfig value={{ fetcher: swrFetcher, revalidateOnFocus: false }}>
        <RouterProvider router={router} />
      </SWRConfig>
    </MantineProvider>
  );
}
