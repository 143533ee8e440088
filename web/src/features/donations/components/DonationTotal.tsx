import { Text } from '@mantine/core';
import { t } from '@/messages';
import { useDonationTotals } from '../api';
import { formatWon } from '../amount';

/** The donated total line on an adopt card; nothing when the upstream keeps no totals. */
export default function DonationTotal({ strayId }: { strayId: number }) {
  const { totals } = useDonationTotals();
  if (!totals?.available) return null;
  const total = totals.totals.find((x) => x.abandonedPetId === strayId)?.totalAmount ?? 0;
  return (
    <Text size="sm" c={total > 0 ? 'pink.8' : 'dimmed'} fw={total > 0 ? 600 : 400} data-testid="donation-total">
      {total > 0 ? t('donate.total', { amount: formatWon(total) }) : t('donate.totalNone')}
    </Text>
  );
}
