import { createBrowserRouter, type RouteObject } from 'react-router';
import AppLayout from '@/components/layout/AppLayout';
import RouteError from '@/components/RouteError';

// Every route of spec §2, each screen its own chunk (route-level code splitting).
const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });
const comingSoon = page(() => import('@/components/ComingSoonPage'));

export const routeObjects: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', lazy: page(() => import('@/features/home/HomePage')) },
      { path: '/main', lazy: page(() => import('@/features/home/HomePage')) },
      { path: '/login', lazy: page(() => import('@/features/auth/LoginPage')) },
      { path: '/signup', lazy: page(() => import('@/features/auth/SignupPage')) },
      // Companion dogs (issue: pets)
      { path: '/pet/register', lazy: page(() => import('@/features/pets/RegisterPetPage')) },
      { path: '/mypet/register', lazy: page(() => import('@/features/pets/RegisterPetPage')) },
      { path: '/mypet', lazy: page(() => import('@/features/pets/PetListPage')) },
      { path: '/pet/edit/:petId', lazy: page(() => import('@/features/pets/EditPetPage')) },
      { path: '/pet/profile/:petId', lazy: page(() => import('@/features/pets/PetProfilePage')) },
      // Strays and adoption (issue: strays)
      { path: '/abandoned/register', lazy: page(() => import('@/features/strays/ReportStrayPage')) },
      { path: '/admin/abandoned-pets', lazy: page(() => import('@/features/strays/AdminReportsPage')) },
      { path: '/adopt', lazy: page(() => import('@/features/adoption/AdoptPage')) },
      { path: '/admin/adopt-applications', lazy: page(() => import('@/features/adoption/AdminApplicationsPage')) },
      // Community and my page (later)
      { path: '/community', lazy: comingSoon },
      { path: '/community/createPost', lazy: comingSoon },
      { path: '/community/posts', lazy: comingSoon },
      { path: '/community/:postId', lazy: comingSoon },
      { path: '/community/:postId/edit', lazy: comingSoon },
      { path: '/mypage', lazy: comingSoon },
      { path: '*', lazy: page(() => import('@/components/NotFoundPage')) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routeObjects);
