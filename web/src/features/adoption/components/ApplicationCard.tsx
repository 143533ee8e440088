import { Badge, Button, Card, Center, Group, Image, Stack, Text } from '@mantine/core';
import { IconPaw } from '@tabler/icons-react';
import type { AdoptionApplication } from '@pawbridge/shared';
import { InfoLine } from '@/components/InfoLine';
import { t } from '@/messages';
import { APPLICATION_COLOR, koreanDateTime } from '../status';

interface Props {
  application: AdoptionApplication;
  onApprove: (a: AdoptionApplication) => void;
  approving: boolean;
}

export default function ApplicationCard({ application: a, onApprove, approving }: Props) {
  const unknown = t('adminApps.unknown');
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`${a.userName} · ${a.petName}`}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        {a.petImageUrl ? (
          <Image src={a.petImageUrl} alt={t('adminApps.photoAlt', { name: a.petName })} w={96} h={96} radius="md" fit="cover" style={{ flexShrink: 0 }} />
        ) : (
          <Center w={96} h={96} bg="orange.0" c="orange.4" style={{ borderRadius: 8, flexShrink: 0 }} aria-label={t('adminApps.noPhoto')} role="img">
            <IconPaw size={32} aria-hidden />
          </Center>
        )}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={700} truncate>
              {a.adoptPetId !== null ? t('adminApps.petLine', { name: a.petName, id: a.adoptPetId }) : a.petName}
            </Text>
            <Badge color={APPLICATION_COLOR[a.adoptStatus]} variant="light" style={{ flexShrink: 0 }}>
              {t(`adminApps.status.${a.adoptStatus}`)}
            </Badge>
          </Group>
          <InfoLine labelWidth={48} label={t('adminApps.applicant')} value={a.userName} />
          <InfoLine labelWidth={48} label={t('adminApps.appliedAt')} value={koreanDateTime(a.appliedAt)} />
          {a.approvedAt && <InfoLine labelWidth={48} label={t('adminApps.approvedAt')} value={koreanDateTime(a.approvedAt)} />}
          <InfoLine labelWidth={48} label={t('adminApps.region')} value={a.location ?? unknown} />
          <InfoLine labelWidth={48} label={t('adminApps.breed')} value={a.type || unknown} />
        </Stack>
      </Group>
      {a.adoptStatus === 'REQUESTED' && (
        <Group justify="flex-end" mt="sm">
          <Button onClick={() => onApprove(a)} loading={approving} aria-label={t('adminApps.approveFor', { name: a.petName })}>
            {t('adminApps.approve')}
          </Button>
        </Group>
      )}
    </Card>
  );
}
