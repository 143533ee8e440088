import type { ReactNode } from 'react';
import { Box, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import type { SessionUser } from '@pawbridge/shared';
import { t } from '@/messages';
import { FeatureCards } from './components/FeatureCards';
import { SocialLoginInfo } from './components/SocialLoginInfo';
import { StrayCarousel } from './components/StrayCarousel';
import { MyDogsGrid } from './components/MyDogsGrid';
import { featureCards } from './feature-cards';

/** A brand-new member is welcomed, a returning one greeted again; unknown (legacy upstream) gets a plain hello. */
function greeting(user: SessionUser): string {
  const key =
    user.firstLogin === true
      ? 'home.banner.greetingFirst'
      : user.firstLogin === false
        ? 'home.banner.greeting'
        : 'home.banner.greetingUnknown';
  return t(key, { name: user.displayName });
}

/**
 * `lostStrip`: the newest lost dogs and this month's reunions (the app passes the lost feature's strip in, lazily).
 * `adminPanel`: what admins see in place of the members' part (the app passes the live dashboard in).
 * Nothing here waits for the session check: a visitor's page (banner, strays, cards) paints at once
 * and the member's parts join when the session answers.
 */
export default function HomePage({ adminPanel, lostStrip }: { adminPanel?: ReactNode; lostStrip?: ReactNode }) {
  const { user } = useSession();
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }} px={{ base: 0, xs: 'md' }}>
      <PageMeta title={t('app.name')} description={t('home.banner.body')} path="/" />
      <Stack gap="xl">
        {/* The admin opens / for the live dashboard: it comes first, the hero would push its charts below the fold. */}
        {user?.isAdmin && adminPanel}

        <Paper
          component="section"
          aria-labelledby="home-banner-title"
          radius="lg"
          p={{ base: 'lg', sm: 48 }}
          style={{ background: 'linear-gradient(135deg, var(--mantine-color-orange-0), var(--mantine-color-yellow-0))' }}
          withBorder
        >
          <Stack gap="md" maw={640}>
            {user && (
              <Text fw={600} c="brand.8">
                {greeting(user)}
              </Text>
            )}
            <Title order={1} id="home-banner-title" fz={{ base: 26, sm: 36 }} lh={1.3}>
              {t('home.banner.title')}
            </Title>
            <Text size="lg" c="gray.8">
              {t('home.banner.body')}
            </Text>
            <Group gap="sm">
              <Button component={Link} to="/adopt" size="md">
                {t('home.banner.adoptCta')}
              </Button>
              {!user && (
                <Button component={Link} to="/signup" size="md" variant="white">
                  {t('home.banner.signupCta')}
                </Button>
              )}
            </Group>
          </Stack>
        </Paper>

        {user && <SocialLoginInfo user={user} />}

        <StrayCarousel />

        {lostStrip}

        {user && !user.isAdmin && <MyDogsGrid />}

        <Box component="section" aria-labelledby="home-cards-title">
          <Title order={2} id="home-cards-title" size="h3" mb="md">
            {t('home.cards.title')}
          </Title>
          <FeatureCards cards={featureCards(user)} />
        </Box>
      </Stack>
    </Container>
  );
}
