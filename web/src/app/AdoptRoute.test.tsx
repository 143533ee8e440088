import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Stray } from '@pawbridge/shared';
import { mockApi, renderRoutes, resetTestApp, sessionUser } from '@/testing/render-app';
import AdoptRoute from './AdoptRoute';

const stray = (id: number, name: string): Stray => ({
  id,
  name,
  imageUrl: null,
  type: '진돗개',
  gender: 'FEMALE',
  location: '부산광역시',
  place: '부산광역시 해운대구',
  description: '해운대 공원에서 발견',
  foundDate: '2026-11-20',
  foundTime: '14:30',
  latitude: null,
  longitude: null,
  status: 'PROTECTING',
  reportStatus: 'APPROVED',
});

/** An answer that never comes: a member extra still on its way. */
const never = () => new Promise<never>(() => undefined);

describe('/adopt for a member', () => {
  afterEach(() => resetTestApp());

  it('shows the dog list while every member extra is still on its way', async () => {
    mockApi({
      'GET /api/users/check-session': { body: sessionUser() },
      'GET /api/abandoned/abandoned-pets': { body: [stray(1, '보리'), stray(2, '콩이'), stray(3, '하루')] },
      'GET /api/shelter-animals': { body: [], headers: { 'x-total-count': '0' } },
      'GET /api/adopt/adoption/my-applications': never,
      'GET /api/abandoned/donation/my-donations': never,
      'GET /api/abandoned/donation/totals': never,
      'GET /api/config': never,
    });
    renderRoutes([{ path: '/adopt', element: <AdoptRoute /> }], '/adopt');
    for (const name of ['보리', '콩이', '하루']) expect(await screen.findByRole('article', { name })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows every dog of the member list while the shelter animals are still on their way', async () => {
    mockApi({
      'GET /api/users/check-session': { body: sessionUser() },
      'GET /api/abandoned/abandoned-pets': { body: [stray(1, '보리'), stray(2, '콩이'), stray(3, '하루')] },
      'GET /api/shelter-animals': never,
      'GET /api/adopt/adoption/my-applications': { body: [] },
      'GET /api/abandoned/donation/my-donations': { body: [] },
      'GET /api/abandoned/donation/totals': { body: { available: true, totals: [] } },
      'GET /api/config': never,
    });
    renderRoutes([{ path: '/adopt', element: <AdoptRoute /> }], '/adopt');
    for (const name of ['보리', '콩이', '하루']) expect(await screen.findByRole('article', { name })).toBeInTheDocument();
  });
});
