import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { AppNotifications } from '@/components/feedback/AppNotifications';
import { swrFetcher } from '@/lib/api-client';
import { t } from '@/messages';
import { cssVariablesResolver, theme } from './theme';
import './global.css';
import { createAppRouter } from './router';

const router = createAppRouter();

export default function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <AppNotifications />
      <ModalsProvider labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}>
        <SWRConfig value={{ fetcher: swrFetcher, revalidateOnFocus: false }}>
          <RouterProvider router={router} />
        </SWRConfig>
      </ModalsProvider>
    </MantineProvider>
  );
}
