import useSWR from 'swr';
import {
  DonationHistorySchema,
  DonationRecordedSchema,
  DonationTotalsSchema,
  TestCheckoutResultSchema,
  type DonationHistoryItem,
  type DonationRecorded,
  type DonationRecordRequest,
  type DonationTotals,
  type TestCheckoutRequest,
  type TestCheckoutResult,
} from '@pawbridge/shared';
import { api } from '@/lib/api-client';
import { usePagedList } from '@/lib/use-paged-list';

export const MY_DONATIONS_KEY = '/api/abandoned/donation/my-donations';
export const DONATION_TOTALS_KEY = '/api/abandoned/donation/totals';

export function prepareDonation(body: { merchantUid: string; amount: number; abandonedPetId: number }) {
  return api('/api/abandoned/donation/prepare', { method: 'POST', json: body });
}

export function testCheckout(body: TestCheckoutRequest): Promise<TestCheckoutResult> {
  return api('/api/abandoned/donation/test-checkout', { method: 'POST', json: body, schema: TestCheckoutResultSchema });
}

export function recordDonation(body: DonationRecordRequest): Promise<DonationRecorded> {
  return api(`/api/abandoned/donation/${encodeURIComponent(body.impUid)}`, { method: 'POST', json: body, schema: DonationRecordedSchema });
}

/** The member's own donations, newest first, a page at a time (null key while logged out or for admins). */
export function useMyDonations(enabled: boolean) {
  const list = usePagedList<DonationHistoryItem>(enabled ? MY_DONATIONS_KEY : null, DonationHistorySchema);
  return { ...list, donations: enabled ? list.items : undefined };
}

/** Given so far per stray; one request for the whole list (SWR shares it between cards). */
export function useDonationTotals() {
  const { data, mutate } = useSWR<DonationTotals>(DONATION_TOTALS_KEY, () => api(DONATION_TOTALS_KEY, { schema: DonationTotalsSchema }), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
  return { totals: data, reload: () => mutate() };
}
