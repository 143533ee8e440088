import AdoptPage from '@/features/adoption/AdoptPage';
import { MyDonations, StrayDonation } from '@/features/donations';

/** /adopt: the adopt list with each card's donation part and the member's donation history (until my page has its tab). */
export default function AdoptRoute() {
  return <AdoptPage cardExtra={(s) => <StrayDonation stray={s} />} memberSections={<MyDonations hideWhenEmpty />} />;
}
