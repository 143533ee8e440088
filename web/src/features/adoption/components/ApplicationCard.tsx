import { Anchor, Badge, Button, Card, Center, Flex, Group, Stack, Text, Title } from '@mantine/core';
import SafeImage from '@/components/SafeImage';
import { IconPaw } from '@tabler/icons-react';
import type { AdoptionApplication } from '@pawbridge/shared';
import { InfoLine } from '@/components/InfoLine';
import { t } from '@/messages';
import { APPLICATION_COLOR, koreanDateTime } from '../status';

interface Props {
  application: AdoptionApplication;
  onApprove: (a: AdoptionApplication) => void;
  onReject: (a: AdoptionApplication) => void;
  /** Which decision is in flight for this card, if any. */
  busy: 'approve' | 'reject' | null;
}

const LABEL_WIDTH = 56;

/** A contact value as a link (mail or phone) so the admin can reach the applicant in one tap. */
function ContactLine({ label, value, href }: { label: string; value: string; href: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="xs" c="dimmed" fw={600} style={{ flexShrink: 0, minWidth: LABEL_WIDTH }}>
        {label}
      </Text>
      <Anchor href={href} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Anchor>
    </Group>
  );
}

export default function ApplicationCard({ application: a, onApprove, onReject, busy }: Props) {
  const unknown = t('adminApps.unknown');
  const applicant = a.applicantName ? t('adminApps.applicantLine', { name: a.applicantName, userId: a.userName }) : a.userName;
  const hasContact = Boolean(a.applicantEmail || a.applicantPhone);
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={`${a.userName} · ${a.petName}`}>
      {/* Photo above the details on phones, beside them from the small breakpoint up. */}
      <Flex direction={{ base: 'column', xs: 'row' }} gap="md" align={{ base: 'stretch', xs: 'flex-start' }}>
        <SafeImage
          src={a.petImageUrl}
          alt={t('adminApps.photoAlt', { name: a.petName })}
          w={{ base: '100%', xs: 112 }}
          h={{ base: 160, xs: 112 }}
          radius="md"
          fit="cover"
          style={{ flexShrink: 0 }}
          fallback={
            <Center
              w={{ base: '100%', xs: 112 }}
              h={{ base: 120, xs: 112 }}
              bg="orange.0"
              c="orange.4"
              style={{ borderRadius: 8, flexShrink: 0 }}
              aria-label={t('adminApps.noPhoto')}
              role="img"
            >
              <IconPaw size={32} aria-hidden />
            </Center>
          }
        />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {a.petName}
            </Title>
            <Badge color={APPLICATION_COLOR[a.adoptStatus]} variant="light" style={{ flexShrink: 0 }}>
              {t(`adminApps.status.${a.adoptStatus}`)}
            </Badge>
          </Group>
          <InfoLine labelWidth={LABEL_WIDTH} label={t('adminApps.applicant')} value={applicant} />
          {a.applicantEmail && <ContactLine label={t('adminApps.email')} value={a.applicantEmail} href={`mailto:${a.applicantEmail}`} />}
          {a.applicantPhone && (
            <ContactLine label={t('adminApps.phone')} value={a.applicantPhone} href={`tel:${a.applicantPhone.replace(/[^\d+]/g, '')}`} />
          )}
          {!hasContact && <InfoLine labelWidth={LABEL_WIDTH} label={t('adminApps.phone')} value={t('adminApps.noContact')} />}
          <InfoLine labelWidth={LABEL_WIDTH} label={t('adminApps.appliedAt')} value={koreanDateTime(a.appliedAt)} />
          {a.approvedAt && <InfoLine labelWidth={LABEL_WIDTH} label={t('adminApps.approvedAt')} value={koreanDateTime(a.approvedAt)} />}
          <InfoLine labelWidth={LABEL_WIDTH} label={t('adminApps.region')} value={a.location ?? unknown} />
          <InfoLine labelWidth={LABEL_WIDTH} label={t('adminApps.breed')} value={a.type || unknown} />
        </Stack>
      </Flex>
      {a.adoptStatus === 'REQUESTED' && (
        <Flex mt="md" gap="sm" justify="flex-end" direction={{ base: 'column-reverse', xs: 'row' }}>
          <Button
            variant="default"
            onClick={() => onReject(a)}
            loading={busy === 'reject'}
            disabled={busy === 'approve'}
            aria-label={t('adminApps.rejectFor', { name: a.petName })}
          >
            {t('adminApps.reject')}
          </Button>
          <Button
            onClick={() => onApprove(a)}
            loading={busy === 'approve'}
            disabled={busy === 'reject'}
            aria-label={t('adminApps.approveFor', { name: a.petName })}
          >
            {t('adminApps.approve')}
          </Button>
        </Flex>
      )}
    </Card>
  );
}
