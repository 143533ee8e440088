import { Center, Modal, Stack, Text, Title } from '@mantine/core';
import { IconPaw } from '@tabler/icons-react';
import type { DonationHistoryItem } from '@pawbridge/shared';
import { InfoLine } from '@/components/InfoLine';
import SafeImage from '@/components/SafeImage';
import { t, tKey } from '@/messages';
import { formatWon } from '../amount';
import { donationDateTime } from '../format';

/** One donation with its payment details (spec §2 My page: donation history with a detail modal). */
export default function DonationDetailModal({ donation, onClose }: { donation: DonationHistoryItem | null; onClose: () => void }) {
  const d = donation;
  return (
    <Modal
      opened={d !== null}
      onClose={onClose}
      title={t('donations.modal.title')}
      centered
      closeButtonProps={{ 'aria-label': t('donations.close') }}
    >
      {d && (
        <Stack gap="sm">
          <SafeImage
            src={d.imageUrl}
            alt={t('donations.imageAlt', { name: d.petName })}
            h={200}
            radius="md"
            fit="cover"
            fallback={
              <Center h={200} bg="orange.0" c="orange.4" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
                <Stack align="center" gap={4}>
                  <IconPaw size={40} aria-hidden />
                  <Text size="sm">{t('donations.noImage')}</Text>
                </Stack>
              </Center>
            }
          />
          <Title order={3} size="h4">
            {d.petName}
          </Title>
          <Stack gap={4}>
            <InfoLine label={t('donations.field.amount')} value={t('donations.amount', { amount: formatWon(d.amount) })} labelWidth={80} />
            <InfoLine label={t('donations.field.donatedAt')} value={donationDateTime(d.donatedAt)} labelWidth={80} />
            <InfoLine label={t('donations.field.paymentStatus')} value={t(`donations.paymentStatus.${d.paymentStatus}`)} labelWidth={80} />
            <InfoLine
              label={t('donations.field.paymentMethod')}
              value={d.paymentMethod ? tKey(`donations.method.${d.paymentMethod}`, 'donations.none') : t('donations.none')}
              labelWidth={80}
            />
            <InfoLine label={t('donations.field.impUid')} value={d.impUid ?? t('donations.none')} labelWidth={80} />
            <InfoLine label={t('donations.field.merchantUid')} value={d.merchantUid ?? t('donations.none')} labelWidth={80} />
            <InfoLine
              label={t('donations.field.strayStatus')}
              value={t(d.status ? `donations.strayStatus.${d.status}` : 'donations.strayStatus.unknown')}
              labelWidth={80}
            />
            {d.type && <InfoLine label={t('donations.field.breed')} value={d.type} labelWidth={80} />}
          </Stack>
        </Stack>
      )}
    </Modal>
  );
}
