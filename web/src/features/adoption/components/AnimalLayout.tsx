import { Anchor, Container, Grid, Group, Stack, Title } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { t } from '@/messages';

interface Props {
  title: string;
  badges: React.ReactNode;
  photos: React.ReactNode;
  children: React.ReactNode;
  /** Beside the title: the heart the app composes in (issue 28). */
  heart?: React.ReactNode;
}

/** An animal's page: photos beside the details on wide screens, above them on phones. */
export default function AnimalLayout({ title, badges, photos, children, heart }: Props) {
  return (
    <Container size="lg" py="lg" px={{ base: 'xs', sm: 'md' }}>
      <Anchor component={Link} to="/adopt" size="sm" mb="xs" display="inline-flex" mih={44} style={{ alignItems: 'center', gap: 4 }}>
        <IconChevronLeft size={16} aria-hidden />
        {t('animal.back')}
      </Anchor>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>{photos}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <Group gap={6}>{badges}</Group>
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <Title order={1} size="h2">
                {title}
              </Title>
              {heart}
            </Group>
            {children}
          </Stack>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
