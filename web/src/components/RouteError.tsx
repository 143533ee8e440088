import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { t } from '@/messages';

/** Route-level error boundary: a broken screen never blanks the whole app. */
export default function RouteError() {
  return (
    <Container size="sm" py="xl">
      <Stack align="center" gap="md" ta="center" role="alert">
        <Title order={1}>{t('common.errorBoundary.title')}</Title>
        <Text c="dimmed">{t('common.errorBoundary.body')}</Text>
        <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
      </Stack>
    </Container>
  );
}
