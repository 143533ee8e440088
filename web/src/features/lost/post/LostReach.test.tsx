import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, renderRoutes, resetTestApp, sessionUser, testConfig } from '@/testing/render-app';
import LostReach from './LostReach';

afterEach(resetTestApp);

// Issue 28: the owner's missing report says how many neighbours its neighbourhood alerts reached (the api counts them).
const renderReach = (body: unknown) => {
  const api = mockApi({
    'GET /api/users/check-session': { body: sessionUser() },
    'GET /api/config': { body: testConfig({ lostAndFound: true }) },
    'GET /api/lost/posts/7/reach': { body },
  });
  renderRoutes([{ path: '/lost/7', element: <LostReach postId={7} /> }], '/lost/7');
  return api;
};

describe('the reach line', () => {
  it('says how many members within which radius were told', async () => {
    renderReach({ count: 214, radiusKm: 3 });
    expect(await screen.findByText('반경 3 km 안 214명에게 알렸어요')).toBeInTheDocument();
  });

  it('says when nobody nearby gets alerts yet', async () => {
    renderReach({ count: 0, radiusKm: null });
    expect(await screen.findByText('아직 이 근처에 동네 알림을 받는 이웃이 없어요')).toBeInTheDocument();
  });
});
