import { useState } from 'react';
import { Badge, Button, Card, Center, Group, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconPaw } from '@tabler/icons-react';
import type { DonationHistoryItem } from '@pawbridge/shared';
import LoadMore from '@/components/LoadMore';
import SafeImage from '@/components/SafeImage';
import { useSession } from '@/lib/session';
import { t } from '@/messages';
import { useMyDonations } from '../api';
import { formatWon } from '../amount';
import { donationDate } from '../format';
import DonationDetailModal from './DonationDetailModal';

interface Props {
  /** On the adopt list the section appears only once there is something to show; my page shows the empty state. */
  hideWhenEmpty?: boolean;
}

/** The member's donation history (newest first) with a detail modal per item. */
export default function MyDonations({ hideWhenEmpty = false }: Props) {
  const { user } = useSession();
  const { donations, error, reload, total, hasMore, loadingMore, loadMore } = useMyDonations(Boolean(user) && !user?.isAdmin);
  const [open, setOpen] = useState<DonationHistoryItem | null>(null);
  if (!user || user.isAdmin) return null;
  if (!error && (!donations || (hideWhenEmpty && donations.length === 0))) return null;

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="my-donations-title">
      <Stack gap={2} mb="xs">
        <Title order={2} size="h4" id="my-donations-title">
          {t('donations.title')}
        </Title>
        {donations && donations.length > 0 && (
          <Text size="sm" c="dimmed">
            {t('donations.intro')}
          </Text>
        )}
      </Stack>
      {error ? (
        <Group gap="xs">
          <Text size="sm" c="red.8">
            {t('donations.loadFailed')}
          </Text>
          <Button size="xs" variant="light" onClick={() => void reload()}>
            {t('donations.retry')}
          </Button>
        </Group>
      ) : donations && donations.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('donations.empty')}
        </Text>
      ) : (
        <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {donations?.map((d, i) => (
            <li key={d.donationId ?? `${d.impUid}-${i}`} style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
              {/* Named by its own words plus a hidden "details" suffix: a label must contain what is seen. */}
              <UnstyledButton onClick={() => setOpen(d)} w="100%" py={8}>
                <Group gap="sm" wrap="nowrap">
                  <SafeImage
                    src={d.imageUrl}
                    alt=""
                    w={48}
                    h={48}
                    radius="sm"
                    fit="cover"
                    fallback={
                      <Center w={48} h={48} bg="orange.0" c="orange.4" style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}>
                        <IconPaw size={22} aria-hidden />
                      </Center>
                    }
                  />
                  <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                    <Group gap={8} wrap="nowrap">
                      <Text fw={600} truncate>
                        {d.petName}
                      </Text>
                      <Badge color={d.paymentStatus === 'PAID' ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
                        {t(`donations.paymentStatus.${d.paymentStatus}`)}
                      </Badge>
                    </Group>
                    <Text size="xs" c="dimmed">
                      {donationDate(d.donatedAt)}
                    </Text>
                  </Stack>
                  <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {t('donations.amount', { amount: formatWon(d.amount) })}
                  </Text>
                </Group>
                <VisuallyHidden>{t('donations.detail')}</VisuallyHidden>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
      {donations && donations.length > 0 && (
        <LoadMore shown={donations.length} total={total} hasMore={hasMore} loading={loadingMore} onMore={loadMore} />
      )}
      <DonationDetailModal donation={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
