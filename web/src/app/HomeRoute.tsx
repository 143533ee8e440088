import { lazy, Suspense } from 'react';
import { PageLoader } from '@/components/layout/PageLoader';
import { useSession } from '@/lib/session';
import HomePage from '@/features/home/HomePage';

// Only admins download the dashboard (and recharts with it).
const AdminDashboard = lazy(
  async () => (await Promise.all([import('@/components/styles/screens'), import('@/features/dashboard/AdminDashboard')]))[1],
);

// The lost dogs strip comes in its own chunk after the first paint (the home's JS budget, bench/budget.json).
const HomeLostStrip = lazy(() => import('@/features/lost/forms/HomeLostStrip'));
const AdminLostPanel = lazy(() => import('@/features/lost/forms/AdminLostPanel'));

/** `/`: the home page, with the live dashboard for admins (spec §2 Home). */
export default function HomeRoute() {
  const { user } = useSession();
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
        <Suspense fallback={null}>
          <HomeLostStrip />
        </Suspense>
      }
    />
  );
}
