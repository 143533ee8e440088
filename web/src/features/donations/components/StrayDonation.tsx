import { Stack } from '@mantine/core';
import { usePublicConfig } from '@/lib/public-config';
import DonationTotal from './DonationTotal';
import DonateButton from './DonateButton';

/** What an adopt card shows about donations: the total so far and the donate button (composed into the card by the app). */
export default function StrayDonation({ stray }: { stray: { id: number; name: string } }) {
  const { config } = usePublicConfig();
  // The server says no donation can succeed here (the legacy without a PortOne merchant code): offer none.
  if (config && !config.donations) return null;
  return (
    <Stack gap={6}>
      <DonationTotal strayId={stray.id} />
      <DonateButton stray={stray} />
    </Stack>
  );
}
