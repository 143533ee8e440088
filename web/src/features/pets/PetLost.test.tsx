import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Pet } from '@pawbridge/shared';
import { mockApi, renderRoutes, resetTestApp, sessionUser, testConfig } from '@/testing/render-app';
import PetListPage from './PetListPage';
import PetProfilePage from './PetProfilePage';

// Issue 27: on a registered dog, 실종 신고 (to the form with its data) or, while an open report runs, 실종 중.

const dog = (id: string, name: string): Pet => ({
  id,
  petId: id,
  name,
  type: '푸들',
  weight: 4.2,
  age: 3,
  size: 'SMALL',
  gender: 'MALE',
  adopt: false,
  imageUrl: null,
});
const choco = dog('410000000000001', '초코');
const bori = dog('410000000000002', '보리');

const post = (id: number, over: Record<string, unknown> = {}) => ({
  id,
  kind: 'MISSING',
  status: 'OPEN',
  name: '보리',
  breed: '푸들',
  size: 'SMALL',
  gender: 'MALE',
  colour: null,
  reward: null,
  photoUrl: null,
  address: '망원동',
  sido: null,
  sigungu: null,
  happenedDate: '2026-11-20',
  happenedTime: '10:00',
  position: { lat: 37.5, lng: 126.9 },
  createdAt: '2026-11-20T01:00:00Z',
  ...over,
});
const detailOf = (id: number, registrationNo: string) => ({
  ...post(id),
  photoUrls: [],
  weight: null,
  features: null,
  onSight: null,
  description: null,
  contact: 'RELAY',
  phone: null,
  thankYouNote: null,
  author: { displayName: '미나' },
  missingId: null,
  strayReportId: null,
  hidden: false,
  mine: true,
  exactPosition: null,
  registrationNo,
  sightings: [],
  timeline: [],
  closedAt: null,
});

function renderAt(path: string, on: boolean) {
  const api = mockApi({
    'GET /api/users/check-session': { body: sessionUser() },
    'GET /api/config': { body: testConfig({ lostAndFound: on }) },
    'GET /api/pet/profile/pets': { body: [choco, bori] },
    [`GET /api/pet/${bori.id}`]: { body: bori },
    // One open report (보리's), one reunited (not read: only open missing reports are).
    'GET /api/lost/my-posts': { body: [post(21), post(22, { status: 'REUNITED', name: '초코' }), post(23, { kind: 'SEEN' })] },
    'GET /api/lost/posts/21': { body: detailOf(21, bori.id) },
  });
  renderRoutes(
    [
      { path: '/mypet', element: <PetListPage /> },
      { path: '/pet/profile/:petId', element: <PetProfilePage /> },
    ],
    path,
  );
  return api;
}

describe('lost state on registered dogs', () => {
  afterEach(() => resetTestApp());

  it('the list: 실종 신고 on a dog at home, 실종 중 with its report on the lost one', async () => {
    const api = renderAt('/mypet', true);
    const [first, second] = await screen.findAllByRole('article');
    expect(within(first!).getByRole('link', { name: '초코 실종 신고하기' })).toHaveAttribute('href', `/lost/new/missing?petId=${choco.id}`);
    expect(await within(second!).findByText('실종 중')).toBeInTheDocument();
    expect(within(second!).getByText('보리를 찾고 있어요.')).toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: '실종 신고 보기' })).toHaveAttribute('href', '/lost/21');
    expect(within(second!).queryByRole('link', { name: '보리 실종 신고하기' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/lost/posts/22')).toHaveLength(0);
  });

  it('the profile page shows 실종 중 too', async () => {
    renderAt(`/pet/profile/${bori.id}`, true);
    expect(await screen.findByText('보리를 찾고 있어요.')).toBeInTheDocument();
  });

  it('on the legacy neither shows and nothing is asked', async () => {
    const api = renderAt('/mypet', false);
    await screen.findAllByRole('article');
    expect(screen.queryByRole('link', { name: /실종 신고하기/ })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/lost/my-posts')).toHaveLength(0);
  });
});
