import type { ReactNode } from 'react';
import { Alert, Button, Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePublicConfig } from '@/lib/public-config';
import { useSession } from '@/lib/session';
import { t } from '@/messages';
import '@/messages/lost-forms';

/** A writing screen's frame: its title and intro, then the form for a member, a login prompt for a visitor, a notice on the legacy. */
export default function FormShell({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const { user, isLoading } = useSession();
  const { config, isLoading: configLoading } = usePublicConfig();
  const body = () => {
    if ((isLoading && !user) || configLoading) {
      return (
        <Center py="xl">
          <Loader aria-label={t('common.loading')} />
        </Center>
      );
    }
    if (config && config.lostAndFound !== true) {
      return (
        <Alert color="gray" role="status">
          {t('lostForm.unsupported')}
        </Alert>
      );
    }
    if (!user) {
      return (
        <Paper withBorder p="xl" radius="md">
          <Stack align="center" ta="center">
            <Text fw={600}>{t('lostForm.loginRequired')}</Text>
            <Button component={Link} to="/login">
              {t('lostForm.loginButton')}
            </Button>
          </Stack>
        </Paper>
      );
    }
    return children;
  };
  return (
    <Container size="sm" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Stack gap="xs" mb="lg">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{intro}</Text>
      </Stack>
      {body()}
    </Container>
  );
}
