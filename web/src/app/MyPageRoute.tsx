import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { notifySuccess } from '@/components/feedback/notify';
import { PageLoader } from '@/components/layout/PageLoader';
import { useMemberGate } from '@/lib/use-member-gate';
import { t } from '@/messages';
import { EmailVerificationField } from '@/features/auth/components/EmailVerificationField';
import { useEmailVerification } from '@/features/auth/hooks/use-email-verification';
import { MyDonations } from '@/features/donations';
import MyPage, { type EmailChangeSlot } from '@/features/mypage/MyPage';
import PetListPage from '@/features/pets/PetListPage';
import MyLostPostsTab from '@/features/lost/forms/MyLostPostsTab';
import FavouritesTab from '@/features/favourites/FavouritesTab';
import { usePublicConfig } from '@/lib/public-config';

// The neighbourhood tab carries the map picker: its own chunk, loaded when the tab opens (issue 28).
const NeighbourhoodTab = lazy(() => import('@/features/alerts/NeighbourhoodTab'));

/** My page's e-mail change: the signup's verification step, reporting the address and whether it is verified. */
function EmailChange({ email, error, onChange, disabled }: EmailChangeSlot) {
  const verification = useEmailVerification();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [sendError, setSendError] = useState<string>();
  const report = useRef(onChange);
  report.current = onChange;
  const verified = verification.status === 'verified';
  useEffect(() => report.current(email, verified), [email, verified]);

  return (
    <EmailVerificationField
      email={email}
      emailError={sendError ?? error}
      code={code}
      codeError={codeError}
      status={verification.status}
      remaining={verification.remaining}
      expired={verification.expired}
      sending={verification.sending}
      verifying={verification.verifying}
      disabled={disabled}
      onEmailChange={(next) => {
        setSendError(undefined);
        // A code or verification belongs to the address it was sent to.
        if (verification.status !== 'idle') {
          verification.reset();
          setCode('');
        }
        report.current(next, false);
      }}
      onCodeChange={(c) => {
        setCode(c);
        setCodeError(undefined);
      }}
      onSend={() => {
        setSendError(undefined);
        void verification.send(email).then((r) => {
          if (r.ok) {
            setCode('');
            notifySuccess(t('auth.email.sent', { email: email.trim() }));
          } else setSendError(r.message);
        });
      }}
      onVerify={() => {
        void verification.verify(email, code).then((r) => {
          if (r.ok) notifySuccess(t('auth.email.verified'));
          else setCodeError(r.message);
        });
      }}
      onChangeEmail={() => {
        verification.reset();
        setCode('');
      }}
    />
  );
}

/** /mypage/:tab — members see my page; visitors and admins are sent where they belong. */
export default function MyPageRoute() {
  const { config, isLoading } = usePublicConfig();
  if (!useMemberGate() || isLoading) return <PageLoader />;
  return (
    <MyPage
      pets={<PetListPage />}
      donations={<MyDonations />}
      lost={config?.lostAndFound === true ? <MyLostPostsTab /> : undefined}
      alerts={
        config?.lostAndFound === true ? (
          <Suspense fallback={<PageLoader />}>
            <NeighbourhoodTab />
          </Suspense>
        ) : undefined
      }
      favourites={config?.favourites === true ? <FavouritesTab /> : undefined}
      renderEmailChange={(slot) => <EmailChange {...slot} />}
    />
  );
}
