import { Suspense } from 'react';
import { AppShell, Container } from '@mantine/core';
import { Outlet } from 'react-router';
import { useSession } from '@/lib/session';
import Header from './Header';
import { PageLoader } from './PageLoader';
import { SessionUnreachable } from './SessionUnreachable';
import { useDocumentTitle } from './use-document-title';
import { useSocialLoginReturn } from './use-social-login-return';
import { useToastsStayBehind } from './use-toasts-stay-behind';

export const HEADER_HEIGHT = 64;

export default function AppLayout() {
  useSocialLoginReturn();
  useDocumentTitle();
  useToastsStayBehind();
  const { unreachable, retrying, refresh } = useSession();
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding="md">
      <Header />
      <AppShell.Main>
        {unreachable && (
          <Container size="lg" px={0}>
            <SessionUnreachable onRetry={() => void refresh()} retrying={retrying} />
          </Container>
        )}
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </AppShell.Main>
    </AppShell>
  );
}
