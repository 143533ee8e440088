import { useEffect, useRef, type ReactNode } from 'react';
import { Container, Stack, Tabs, Title } from '@mantine/core';
import { IconBellRinging, IconClipboardList, IconDog, IconHeart, IconHeartHandshake, IconMapSearch, IconUser } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { Navigate, useNavigate, useParams } from 'react-router';
import { t } from '@/messages';
import ApplicationsTab from './components/ApplicationsTab';
import ProfileTab, { type EmailChangeSlot } from './components/ProfileTab';
import { isMyPageTab, MYPAGE_TABS, type MyPageTab } from './tabs';

export type { EmailChangeSlot } from './components/ProfileTab';

interface Props {
  /** The member's dogs (the app passes the pets feature's list in). */
  pets: ReactNode;
  /** The donation history with its detail modal (from the donations feature). */
  donations: ReactNode;
  /** The member's lost-and-found posts (from the lost feature); without it (the legacy) the tab is not there. */
  lost?: ReactNode;
  /** Favourites and saved searches (from the favourites feature, issue 28); without it (the legacy) the tab is not there. */
  favourites?: ReactNode;
  /** neighbourhood alerts and the e-mail switches (from the alerts feature, issue 28); without it (the legacy) the tab is not there. */
  alerts?: ReactNode;
  /** The e-mail change field with its verification step (from the auth feature). */
  renderEmailChange: (slot: EmailChangeSlot) => ReactNode;
}

const ICONS: Record<MyPageTab, ReactNode> = {
  info: <IconUser size={16} aria-hidden />,
  pets: <IconDog size={16} aria-hidden />,
  applications: <IconClipboardList size={16} aria-hidden />,
  donations: <IconHeartHandshake size={16} aria-hidden />,
  lost: <IconMapSearch size={16} aria-hidden />,
  favourites: <IconHeart size={16} aria-hidden />,
  alerts: <IconBellRinging size={16} aria-hidden />,
};

/**
 * My page (spec §2): four tabs (five with lost-and-found), each its own URL so it can be linked and survives
 * a reload; `/mypage` and unknown tabs land on my info. Only the open tab loads.
 */
export default function MyPage({ pets, donations, lost, favourites, alerts, renderEmailChange }: Props) {
  const { tab } = useParams();
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const optional: Partial<Record<MyPageTab, ReactNode>> = { lost, favourites, alerts };
  const tabs = MYPAGE_TABS.filter((k) => !(k in optional) || optional[k] !== undefined);
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // On a phone the row scrolls: the open tab (from a link or a reload) is brought into view.
    listRef.current
      ?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')
      ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab, phone]);
  if (!isMyPageTab(tab) || !tabs.includes(tab)) return <Navigate to={`/mypage/${MYPAGE_TABS[0]}`} replace />;

  const panel = (): ReactNode => {
    switch (tab) {
      case 'info':
        return <ProfileTab renderEmailChange={renderEmailChange} />;
      case 'pets':
        return pets;
      case 'applications':
        return <ApplicationsTab />;
      case 'donations':
        return donations;
      case 'lost':
        return lost;
      case 'favourites':
        return favourites;
      case 'alerts':
        return alerts;
    }
  };

  return (
    <Container size="lg" py={{ base: 'md', sm: 'lg' }}>
      <Stack gap="lg">
        <Title order={1}>{t('mypage.title')}</Title>
        <Tabs value={tab} onChange={(v) => v && navigate(`/mypage/${v}`)} keepMounted={false}>
          {/* Up to seven tabs: on a phone one row without icons that scrolls sideways (the open tab kept in view), never two rows. */}
          <Tabs.List
            ref={listRef}
            aria-label={t('mypage.tabs.label')}
            style={phone ? { flexWrap: 'nowrap', overflowX: 'auto', scrollbarWidth: 'none' } : undefined}
          >
            {tabs.map((k) => (
              <Tabs.Tab
                key={k}
                value={k}
                leftSection={phone ? undefined : ICONS[k]}
                px={phone ? 10 : undefined}
                mih={44}
                style={phone ? { whiteSpace: 'nowrap', flexShrink: 0 } : undefined}
              >
                {t(`mypage.tab.${k}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value={tab} pt="lg">
            {panel()}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
