import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { t } from '@/messages';

/** An animal that is not (or no longer) on the adopt list: the not-found state, kept out of search indexes. */
export default function AnimalNotFound() {
  return (
    <Container size="sm" py="xl">
      <meta name="robots" content="noindex" />
      <Stack align="center" gap="md" ta="center">
        <Title order={1}>{t('animal.notFound.title')}</Title>
        <Text c="dimmed">{t('animal.notFound.body')}</Text>
        <Button component={Link} to="/adopt" size="md" mih={44}>
          {t('animal.back')}
        </Button>
      </Stack>
    </Container>
  );
}
