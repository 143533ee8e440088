import { lazy, Suspense } from 'react';
import { PageLoader } from '@/components/layout/PageLoader';
import { useSession } from '@/lib/session';
import { usePublicConfig } from '@/lib/public-config';
import LoadWhenNear from '@/components/LoadWhenNear';
import HomePage from '@/features/home/HomePage';
import { HOME_LOST_STRIP_HEIGHT } from '@/features/lost/forms/home-strip-size';

// Only admins download the dashboard (and recharts with it).
const AdminDashboard = lazy(
  async () => (await Promise.all([import('@/components/styles/screens'), import('@/features/dashboard/AdminDashboard')]))[1],
);

// The lost dogs strip comes in its own chunk when it nears the viewport (the home's JS budget, bench/budget.json),
// and only where lost and found exists (not on the legacy).
const HomeLostStrip = lazy(() => import('@/features/lost/forms/HomeLostStrip'));
const AdminLostPanel = lazy(() => import('@/features/lost/forms/AdminLostPanel'));

/** `/`: the home page, with the live dashboard for admins (spec §2 Home). */
export default function HomeRoute() {
  const { user } = useSession();
  const lostOn = usePublicConfig().config?.lostAndFound === true;
  return (
    <HomePage
      adminPanel={
        user?.isAdmin ? (
          <Suspense fallback={<PageLoader />}>
            <AdminDashboard
              lostPanel={
                <Suspense fallback={null}>
                  <AdminLostPanel />
                </Suspense>
              }
            />
          </Suspense>
        ) : null
      }
      lostStrip={
        lostOn ? (
          <LoadWhenNear minHeight={HOME_LOST_STRIP_HEIGHT} margin="100px">
            <Suspense fallback={<div style={{ minHeight: HOME_LOST_STRIP_HEIGHT }} />}>
              <HomeLostStrip />
            </Suspense>
          </LoadWhenNear>
        ) : null
      }
    />
  );
}
