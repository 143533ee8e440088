import { createBrowserRouter, type RouteObject } from 'react-router';
import AppLayout from '@/components/layout/AppLayout';
import { PageLoader } from '@/components/layout/PageLoader';
import RouteError from '@/components/RouteError';
import type { RouteHandle } from '@/lib/route-handle';
import type { MessageKey } from '@/messages';
import { NotificationBellSlot } from '@/components/layout/NotificationBell';
import { LiveBell } from './live-bell';
import HomeRoute from './HomeRoute';

type Load = () => Promise<{ default: React.ComponentType }>;

/**
 * One screen of spec §2, in its own chunk (route-level code splitting). The loader
 * doubles as the HydrateFallback: on the first load the router waits for the chunk
 * and shows it inside the app shell instead of warning that none was given.
 */
const screen = (path: string, load: Load, title: MessageKey): RouteObject => ({
  path,
  // The styles of the components other screens use come with the screen (the first paint of / has its own few).
  lazy: async () => ({ Component: (await Promise.all([import('@/components/styles/screens'), load()]))[1].default }),
  HydrateFallback: PageLoader,
  handle: { title } satisfies RouteHandle,
});

/** `/` is in the entry chunk: the page most visitors open first paints without another round trip. */
const homeScreen = (path: string): RouteObject => ({
  path,
  Component: HomeRoute,
  HydrateFallback: PageLoader,
  handle: { title: 'title.home' } satisfies RouteHandle,
});

const register = () => import('@/features/pets/RegisterPetPage');
const communityList = () => import('@/features/community/CommunityListPage');
const postForm = () => import('@/features/community/PostFormPage');
const myPage = () => import('@/app/MyPageRoute');

export const routeObjects: RouteObject[] = [
  {
    element: (
      <NotificationBellSlot.Provider value={LiveBell}>
        <AppLayout />
      </NotificationBellSlot.Provider>
    ),
    errorElement: <RouteError />,
    children: [
      homeScreen('/'),
      homeScreen('/main'),
      screen('/login', () => import('@/features/auth/LoginPage'), 'title.login'),
      screen('/signup', () => import('@/features/auth/SignupPage'), 'title.signup'),
      // Companion dogs (issue: pets)
      screen('/pet/register', register, 'title.petRegister'),
      screen('/mypet/register', register, 'title.petRegister'),
      screen('/mypet', () => import('@/features/pets/PetListPage'), 'title.petList'),
      screen('/pet/edit/:petId', () => import('@/features/pets/EditPetPage'), 'title.petEdit'),
      screen('/pet/profile/:petId', () => import('@/features/pets/PetProfilePage'), 'title.petProfile'),
      // Strays and adoption (issue: strays)
      screen('/abandoned/register', () => import('@/features/strays/ReportStrayPage'), 'title.strayReport'),
      screen('/admin/abandoned-pets', () => import('@/features/strays/AdminReportsPage'), 'title.adminReports'),
      screen('/adopt', () => import('@/app/AdoptRoute'), 'title.adopt'),
      // A page per animal (issue 26): our strays by report id, shelter animals by the portal's desertion number
      screen('/adopt/:id', () => import('@/app/StrayRoute'), 'title.stray'),
      screen('/shelter/:desertionNo', () => import('@/app/ShelterRoute'), 'title.shelterAnimal'),
      screen('/admin/adopt-applications', () => import('@/features/adoption/AdminApplicationsPage'), 'title.adminApplications'),
      screen('/admin/shelter-sync', () => import('@/features/shelter/AdminShelterSyncPage'), 'title.adminShelterSync'),
      // Community (issue 13); /community/posts is the list too (a detail route without an id has nothing to show)
      screen('/community', communityList, 'title.community'),
      screen('/community/createPost', postForm, 'title.communityWrite'),
      screen('/community/posts', communityList, 'title.community'),
      screen('/community/:postId', () => import('@/features/community/PostDetailPage'), 'title.communityPost'),
      screen('/community/:postId/edit', postForm, 'title.communityEdit'),
      // Lost and found (issue 27): the board and a post's page; the write forms are /lost/new/*
      screen('/lost', () => import('@/features/lost/board/LostBoardPage'), 'title.lostBoard'),
      screen('/lost/:id', () => import('@/features/lost/post/LostPostPage'), 'title.lostPost'),
      // Lost and found, the writing side (issue 27)
      screen('/lost/new/missing', () => import('@/features/lost/forms/MissingFormPage'), 'title.lostMissingNew'),
      screen('/lost/new/sighting', () => import('@/features/lost/forms/SightingFormPage'), 'title.lostSightingNew'),
      screen('/admin/lost-flags', () => import('@/features/lost/forms/AdminLostFlagsPage'), 'title.adminLostFlags'),
      screen('/unsubscribe', () => import('@/features/alerts/UnsubscribePage'), 'title.unsubscribe'),
      screen('/mypage', myPage, 'title.myPage'),
      screen('/mypage/:tab', myPage, 'title.myPage'),
      screen('*', () => import('@/components/NotFoundPage'), 'title.notFound'),
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routeObjects);
