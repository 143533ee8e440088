import StrayPage from '@/features/adoption/StrayPage';
import { StrayDonation } from '@/features/donations';

/** /adopt/:id: a stray's page with its donation part composed in (features never import each other). */
export default function StrayRoute() {
  return <StrayPage extra={(s) => <StrayDonation stray={s} />} />;
}
