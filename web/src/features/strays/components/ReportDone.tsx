import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconHeartHandshake } from '@tabler/icons-react';
import { Link } from 'react-router';
import { t } from '@/messages';

/** After a report: what happens next and where to go. */
export default function ReportDone({ onAnother }: { onAnother: () => void }) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={56} radius="xl" color="teal" variant="light">
          <IconHeartHandshake size={32} aria-hidden />
        </ThemeIcon>
        <Title order={2} size="h3">
          {t('report.done.title')}
        </Title>
        <Text c="dimmed">{t('report.done.body')}</Text>
        <Group justify="center">
          <Button variant="light" onClick={onAnother}>
            {t('report.done.another')}
          </Button>
          <Button component={Link} to="/adopt">
            {t('report.done.adopt')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
