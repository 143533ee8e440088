import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, mockApi, renderRoutes, resetTestApp, type MockRoute } from '@/testing/render-app';
import AdminLostFlagsPage from './AdminLostFlagsPage';
import AdminLostPanel from './AdminLostPanel';
import { detail, lostConfig } from './lost-forms.testing';

const flag = (over = {}) => ({
  id: 3,
  postId: 7,
  postKind: 'MISSING',
  postHidden: false,
  reason: 'SCAM',
  note: '선입금을 요구해요',
  flaggedBy: '이웃',
  createdAt: '2026-11-25T03:00:00Z',
  resolvedAt: null,
  ...over,
});

function setup(element: React.ReactNode, routes: Record<string, MockRoute>) {
  const api = mockApi({
    'GET /api/users/check-session': { body: adminUser() },
    'GET /api/config': { body: lostConfig() },
    ...routes,
  });
  renderRoutes([{ path: '/admin/lost-flags', element }], '/admin/lost-flags');
  return api;
}

describe('admin lost flags', () => {
  afterEach(() => resetTestApp());

  it('lists the flags waiting and hides a post; the list is read again', async () => {
    let hidden = false;
    const api = setup(<AdminLostFlagsPage />, {
      'GET /api/admin/lost/flags': () => ({ body: hidden ? [] : [flag()], headers: { 'x-total-count': hidden ? '0' : '1' } }),
      'POST /api/admin/lost/posts/7/hide': () => {
        hidden = true;
        return { body: detail({ hidden: true }) };
      },
    });
    expect(await screen.findByText('사기 의심')).toBeInTheDocument();
    expect(screen.getByText('선입금을 요구해요')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '글 #7 숨기기' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/lost/posts/7/hide')[0]?.body).toEqual({ hidden: true }));
    expect(await screen.findByText('글을 숨겼어요.')).toBeInTheDocument();
    expect(await screen.findByText('처리를 기다리는 신고가 없어요.')).toBeInTheDocument();
  });

  it('closes a post and dismisses a flag through the admin routes', async () => {
    const api = setup(<AdminLostFlagsPage />, {
      'GET /api/admin/lost/flags': { body: [flag(), flag({ id: 4, postId: 8, reason: 'WRONG' })], headers: { 'x-total-count': '2' } },
      'POST /api/admin/lost/posts/7/close': { body: detail({ status: 'CLOSED' }) },
      // The BFF answers 204; the stub's Response cannot carry a 204 with its empty body, so an empty 200 stands in.
      'POST /api/admin/lost/flags/4/dismiss': { status: 200 },
    });
    await userEvent.click(await screen.findByRole('button', { name: '글 #7 닫기' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/lost/posts/7/close')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: '글 #8의 신고 기각' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/admin/lost/flags/4/dismiss')).toHaveLength(1));
    expect(await screen.findByText('신고를 기각했어요.')).toBeInTheDocument();
  });

  it('the dashboard panel shows open reports, reunions and flags waiting, and links the flags', async () => {
    setup(<AdminLostPanel />, { 'GET /api/lost/stats': { body: { reunitedThisMonth: 2, openMissing: 9, flagsWaiting: 5 } } });
    expect(await screen.findByText('9')).toBeInTheDocument();
    expect(screen.getByText('2')).toBeInTheDocument();
    expect(screen.getByText('5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '실종·목격 신고 관리' })).toHaveAttribute('href', '/admin/lost-flags');
  });
});
