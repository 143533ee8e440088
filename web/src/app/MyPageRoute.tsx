import ComingSoonPage from '@/components/ComingSoonPage';
import { PageLoader } from '@/components/layout/PageLoader';
import { useMemberGate } from '@/lib/use-member-gate';

/** /mypage: members see the page (still to come); visitors and admins are sent where they belong. */
export default function MyPageRoute() {
  return useMemberGate() ? <ComingSoonPage /> : <PageLoader />;
}
