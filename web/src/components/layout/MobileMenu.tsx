import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import { Button, Divider, Drawer, NavLink, Stack } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { SessionUser } from '@pawbridge/shared';
import { Link, useLocation } from 'react-router';
import { t } from '@/messages';
import { isActive, MOBILE_MENU_ID, type NavItem } from './nav-items';
import { UserGreeting } from './UserGreeting';

interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  items: NavItem[];
  user: SessionUser | null;
  sessionKnown: boolean;
  onLogout: () => void;
  loggingOut: boolean;
}

/** The collapsible menu for narrow screens: the same entries as the header. */
export default function MobileMenu({ opened, onClose, items, user, sessionKnown, onLogout, loggingOut }: MobileMenuProps) {
  const { pathname } = useLocation();
  return (
    <Drawer
      id={MOBILE_MENU_ID}
      opened={opened}
      onClose={onClose}
      position="right"
      size="min(320px, 85vw)"
      title={t('app.name')}
      closeButtonProps={{ 'aria-label': t('nav.closeMenu') }}
      hiddenFrom="lg"
    >
      <Stack gap="md">
        {user && <UserGreeting user={user} maw={200} />}
        <nav aria-label={t('nav.main')}>
          {items.map((item) => {
            const active = isActive(pathname, item);
            return (
              <NavLink
                key={item.to}
                component={Link}
                to={item.to}
                label={t(item.label)}
                active={active}
                aria-current={active ? 'page' : undefined}
                rightSection={<IconChevronRight size={16} aria-hidden />}
                onClick={onClose}
                fw={active ? 700 : 500}
              />
            );
          })}
        </nav>
        {(user || sessionKnown) && <Divider />}
        {!user && !sessionKnown ? null : user ? (
          <Button
            variant="default"
            onClick={() => {
              onClose();
              onLogout();
            }}
            loading={loggingOut}
          >
            {t('nav.logout')}
          </Button>
        ) : (
          <Stack gap="xs">
            <Button component={Link} to="/login" variant="default" onClick={onClose}>
              {t('nav.login')}
            </Button>
            <Button component={Link} to="/signup" onClick={onClose}>
              {t('nav.signup')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Drawer>
  );
}
