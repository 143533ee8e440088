import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { LIMITS, type AdoptionApplication } from '@pawbridge/shared';
import { t } from '@/messages';
import { APPLICATION_COLOR, koreanDateTime } from '../status';

interface Props {
  applications: AdoptionApplication[];
  onWithdraw: (a: AdoptionApplication) => void;
  withdrawingId: number | null;
}

/**
 * The member's own applications on the adopt list, open ones first, each open
 * one with its withdraw button. A compact stand-in until the full my-page exists.
 */
export default function MyApplications({ applications, onWithdraw, withdrawingId }: Props) {
  const open = applications.filter((a) => a.adoptStatus === 'REQUESTED');
  const ordered = [...open, ...applications.filter((a) => a.adoptStatus !== 'REQUESTED')];
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="my-applications-title">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} size="h4" id="my-applications-title">
          {t('myApps.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('myApps.openCount', { count: open.length, max: LIMITS.openAdoptionApplicationsMax })}
        </Text>
      </Group>
      <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {ordered.map((a) => (
          <Group
            key={a.id}
            component="li"
            justify="space-between"
            gap="xs"
            py={8}
            wrap="wrap"
            style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
            aria-label={a.petName}
          >
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 12rem' }}>
              <Group gap={8} wrap="nowrap">
                <Text fw={600} truncate>
                  {a.petName}
                </Text>
                <Badge color={APPLICATION_COLOR[a.adoptStatus]} variant="light" style={{ flexShrink: 0 }}>
                  {t(`myApps.status.${a.adoptStatus}`)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {t('myApps.appliedOn', { date: koreanDateTime(a.appliedAt) })}
              </Text>
            </Stack>
            {a.adoptStatus === 'REQUESTED' && (
              <Button
                size="xs"
                variant="default"
                onClick={() => onWithdraw(a)}
                loading={withdrawingId === a.id}
                aria-label={t('myApps.withdrawFor', { name: a.petName })}
              >
                {t('myApps.withdraw')}
              </Button>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
