import { Container, Text, Title } from '@mantine/core';
import { t } from '@/messages';

export default function HomePage() {
  return (
    <Container size="lg" py="xl">
      <Title order={1}>{t('home.banner.title')}</Title>
      <Text c="dimmed">{t('home.banner.body')}</Text>
    </Container>
  );
}
