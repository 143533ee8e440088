import { Suspense } from 'react';
import { AppShell, Center, Loader } from '@mantine/core';
import { Outlet } from 'react-router';
import { t } from '@/messages';
import Header from './Header';
import { useSocialLoginReturn } from './use-social-login-return';

export default function AppLayout() {
  useSocialLoginReturn();
  return (
    <AppShell header={{ height: 64 }} padding="md">
      <Header />
      <AppShell.Main>
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label={t('common.loading')} />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
