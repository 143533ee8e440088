import { lazy, Suspense, useState } from 'react';
import { AppShell, Box, Burger, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useLocation } from 'react-router';
import { usePublicConfig } from '@/lib/public-config';
import { useSession } from '@/lib/session';
import { t } from '@/messages';
import { NotificationBell } from './NotificationBell';
import { UserGreeting } from './UserGreeting';
import { isActive, MOBILE_MENU_ID, navItems } from './nav-items';
import { useLogout } from './use-logout';

// The drawer (and its scroll lock and transitions) loads on the first tap of the burger, not with the first paint.
const MobileMenu = lazy(() => import('./MobileMenu'));

/** The header of every screen (spec §2): logo, menu, greeting, bell, account buttons. */
export default function Header() {
  // Until the session is known (first check, or server unreachable) neither login nor logout is offered.
  const { user, isLoading } = useSession();
  const { pathname } = useLocation();
  const { logout, pending } = useLogout();
  const [menuOpened, menu] = useDisclosure(false);
  const [menuUsed, setMenuUsed] = useState(false);
  if (menuOpened && !menuUsed) setMenuUsed(true);
  const { config } = usePublicConfig();
  const items = navItems(user, { lostAndFound: config?.lostAndFound });

  return (
    <AppShell.Header>
      <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="xl" wrap="nowrap" miw={0}>
          <Box
            component={Link}
            to="/"
            aria-label={t('header.logoLabel')}
            style={{ display: 'flex', alignItems: 'center', gap: 8, textDecoration: 'none' }}
          >
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <Text component="span" fw={800} size="xl" c="brand.7" style={{ whiteSpace: 'nowrap' }}>
              {t('app.name')}
            </Text>
          </Box>
          <Box component="nav" aria-label={t('nav.main')} visibleFrom="lg">
            <Group gap={4} wrap="nowrap">
              {items.map((item) => {
                const active = isActive(pathname, item);
                return (
                  <Button
                    key={item.to}
                    component={Link}
                    to={item.to}
                    variant={active ? 'light' : 'subtle'}
                    color={active ? undefined : 'dark'}
                    fw={active ? 700 : 500}
                    aria-current={active ? 'page' : undefined}
                    px="sm"
                  >
                    {t(item.label)}
                  </Button>
                );
              })}
            </Group>
          </Box>
        </Group>

        <Group gap="sm" wrap="nowrap" miw={0}>
          {user && (
            <Box visibleFrom="lg" miw={0}>
              <UserGreeting user={user} maw={180} />
            </Box>
          )}
          {user && <NotificationBell />}
          {user ? (
            <Button variant="default" onClick={logout} loading={pending} visibleFrom="lg">
              {t('nav.logout')}
            </Button>
          ) : isLoading ? null : (
            <Group gap="xs" wrap="nowrap" visibleFrom="lg">
              <Button component={Link} to="/login" variant="default">
                {t('nav.login')}
              </Button>
              <Button component={Link} to="/signup">
                {t('nav.signup')}
              </Button>
            </Group>
          )}
          <Burger
            hiddenFrom="lg"
            opened={menuOpened}
            onClick={menu.toggle}
            aria-label={menuOpened ? t('nav.closeMenu') : t('nav.openMenu')}
            aria-expanded={menuOpened}
            aria-controls={MOBILE_MENU_ID}
          />
        </Group>
      </Group>
      {menuUsed && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={menuOpened}
            onClose={menu.close}
            items={items}
            user={user}
            sessionKnown={!isLoading}
            onLogout={logout}
            loggingOut={pending}
          />
        </Suspense>
      )}
    </AppShell.Header>
  );
}
