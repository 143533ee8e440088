import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '@/messages';

/** An honest page for screens a later release builds; shows no invented data. */
export default function ComingSoonPage() {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{t('common.comingSoon.title')}</Title>
        <Text c="dimmed">{t('common.comingSoon.body')}</Text>
        <Button component={Link} to="/" variant="light">
          {t('common.goHome')}
        </Button>
      </Stack>
    </Container>
  );
}
