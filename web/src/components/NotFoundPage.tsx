import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '@/messages';

export default function NotFoundPage() {
  return (
    <Container size="sm" py="xl">
      {/* A page that is not there (or not in front of this upstream) is never indexed; the server render answers it with 404. */}
      <meta name="robots" content="noindex" />
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{t('common.notFound.title')}</Title>
        <Text c="dimmed">{t('common.notFound.body')}</Text>
        <Button component={Link} to="/">
          {t('common.goHome')}
        </Button>
      </Stack>
    </Container>
  );
}
