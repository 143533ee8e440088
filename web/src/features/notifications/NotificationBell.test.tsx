import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_ABOUT, type FeedNotification } from '@pawbridge/shared';
import type { LiveConnection } from '@/lib/live-connections';
import type { LiveOptions } from '@/lib/stomp';
import { mockApi, renderRoutes, resetTestApp, sessionUser } from '@/testing/render-app';
import NotificationBell from './NotificationBell';

// The STOMP client is replaced by a handle the test drives.
const live: { opts: LiveOptions | null; closed: number } = { opts: null, closed: 0 };
vi.mock('@/lib/stomp', () => ({
  connectLive: (opts: LiveOptions): LiveConnection => {
    live.opts = opts;
    opts.onStatus('connecting');
    return { end: async () => void (live.closed += 1), resume: () => opts.onStatus('connecting') };
  },
}));

vi.setConfig({ testTimeout: 15_000 });
beforeEach(() => {
  live.opts = null;
  live.closed = 0;
});
afterEach(resetTestApp);

const n = (over: Partial<FeedNotification> = {}): FeedNotification => ({
  id: 1,
  kind: 'ADOPTION_RESULT',
  message: '입양 신청이 승인되었습니다.',
  createdAt: new Date().toISOString(),
  read: false,
  link: '/adopt',
  code: null,
  about: NO_ABOUT,
  ...over,
});

function renderBell(unread: FeedNotification[] | (() => FeedNotification[]), extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/users/check-session': { body: sessionUser() },
    'GET /api/notifications/user/mina/unread': () => ({ body: typeof unread === 'function' ? unread() : unread }),
    'PUT /api/notifications/user/mina/read-all': { status: 204 },
    ...extra,
  });
  const view = renderRoutes(
    [
      { path: '/', element: <NotificationBell /> },
      { path: '/adopt', element: <p>adopt screen</p> },
      {
        path: '/mypage/applications',
        element: (
          <>
            <NotificationBell />
            <p>my applications</p>
          </>
        ),
      },
      { path: '/community/:id', element: <p>a post</p> },
    ],
    '/',
  );
  return { ...view, api };
}

describe('NotificationBell', () => {
  it('shows the unread count; opening marks all read, zeroes the badge and lists them with relative times', async () => {
    const { api } = renderBell([n({ id: 1 }), n({ id: 2, kind: 'COMMENT', message: '댓글이 달렸습니다.', link: '/community' })]);
    const bell = await screen.findByRole('button', { name: '알림, 읽지 않은 알림 2개' });
    await userEvent.click(bell);
    expect(await screen.findByText('입양 신청 결과')).toBeInTheDocument();
    expect(screen.getAllByText('방금 전')).toHaveLength(2);
    expect(screen.getByRole('button', { name: '알림' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PUT', '/api/notifications/user/mina/read-all')).toHaveLength(1));
  });

  it('asks for the newest page only and counts every unread one from the total', async () => {
    const { api } = renderBell([], {
      'GET /api/notifications/user/mina/unread': () => ({
        body: Array.from({ length: 20 }, (_, i) => n({ id: 100 - i })),
        headers: { 'x-total-count': '57' },
      }),
    });
    expect(await screen.findByRole('button', { name: '알림, 읽지 않은 알림 57개' })).toBeInTheDocument();
    const call = api.callsTo('GET', '/api/notifications/user/mina/unread')[0];
    expect([call?.query.get('page'), call?.query.get('size')]).toEqual(['1', '20']);
  });

  it('is nothing for a visitor, who never connects', async () => {
    const api = mockApi({ 'GET /api/users/check-session': { body: { loggedIn: false } } });
    renderRoutes([{ path: '/', element: <NotificationBell /> }], '/');
    await waitFor(() => expect(api.callsTo('GET', '/api/users/check-session')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /알림/ })).not.toBeInTheDocument();
    expect(live.opts).toBeNull();
    expect(api.calls.some((c) => c.path.startsWith('/api/notifications'))).toBe(false);
  });

  it('says so when there is nothing new', async () => {
    renderBell([]);
    await userEvent.click(await screen.findByRole('button', { name: '알림' }));
    expect(await screen.findByText('새 알림이 없습니다')).toBeInTheDocument();
  });

  it('connects only after mount, puts a live message on top and raises the badge', async () => {
    renderBell([n({ id: 1, kind: 'COMMENT', message: '오래된 알림' })]);
    await screen.findByRole('button', { name: '알림, 읽지 않은 알림 1개' });
    await waitFor(() => expect(live.opts).not.toBeNull());
    expect(live.opts?.topics).toEqual([
      '/topic/user/abandoned/mina',
      '/topic/user/mina/adoption',
      '/topic/user/mina/community/comment',
      '/topic/user/mina/community/like',
      // Lost and found (issue 27): sightings of the member's report, relay messages and replies.
      '/topic/user/mina/lost',
      '/topic/user/mina/favourites',
    ]);
    act(() => live.opts?.onNotification(n({ id: null, message: '새 소식' })));
    await userEvent.click(await screen.findByRole('button', { name: '알림, 읽지 않은 알림 2개' }));
    const items = await screen.findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('새 소식');
  });

  it('ends its connection when it goes (logout, or leaving the page)', async () => {
    const { unmount } = renderBell([]);
    await waitFor(() => expect(live.opts).not.toBeNull());
    expect(live.closed).toBe(0);
    unmount();
    expect(live.closed).toBe(1);
  });

  it('removes an item locally even when marking it read fails', async () => {
    const { api } = renderBell([n({ id: 7 })], {
      'PUT /api/notifications/8/read': { status: 502, body: { error: { code: 'UPSTREAM_UNAVAILABLE', message: 'x', requestId: 'r' } } },
    });
    await screen.findByRole('button', { name: '알림, 읽지 않은 알림 1개' });
    await waitFor(() => expect(live.opts).not.toBeNull());
    // A live one arriving while the list is open is still unread: removing it marks it read.
    await userEvent.click(screen.getByRole('button', { name: '알림, 읽지 않은 알림 1개' }));
    act(() => live.opts?.onNotification(n({ id: 8, message: '열려 있는 동안' })));
    api.calls.length = 0;
    const item = (await screen.findByText('열려 있는 동안')).closest('li')!;
    await userEvent.click(within(item).getByRole('button', { name: '이 알림 지우기' }));
    expect(screen.queryByText('열려 있는 동안')).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('PUT', '/api/notifications/8/read')).toHaveLength(1));
  });

  it('opens the screen a notification is about', async () => {
    const { router } = renderBell([n({ id: 1 })]);
    await userEvent.click(await screen.findByRole('button', { name: '알림, 읽지 않은 알림 1개' }));
    await userEvent.click(await screen.findByText('입양 신청이 승인되었습니다.'));
    expect(router.state.location.pathname).toBe('/adopt');
  });

  it('names the dog, the post and who, and opens each one’s screen by click or keyboard (issue 25 item 3)', async () => {
    const { router } = renderBell([
      n({ id: 3, code: 'ADOPTION_APPROVED', about: { ...NO_ABOUT, dogName: '모카' }, link: '/mypage/applications' }),
      n({
        id: 2,
        kind: 'COMMENT',
        code: 'COMMENT_ADDED',
        about: { ...NO_ABOUT, actor: '김민지', postTitle: '산책 모임', postId: 9 },
        link: '/community/9',
      }),
      n({ id: 1, kind: 'ADMIN_ALERT', code: 'REPORT_REGISTERED', about: { ...NO_ABOUT, dogName: '초코' }, link: '/adopt' }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: '알림, 읽지 않은 알림 3개' }));
    expect(await screen.findByText('모카 입양 신청이 승인되었어요')).toBeInTheDocument();
    expect(screen.getByText('김민지님이 ‘산책 모임’에 댓글을 남겼어요')).toBeInTheDocument();
    // Registered, not "received"; the particle follows the name (초코가).
    expect(screen.getByText('제보하신 초코가 보호 동물로 등록되었어요')).toBeInTheDocument();
    // The upstream's own sentence is not what shows when there is a code.
    expect(screen.queryByText('입양 신청이 승인되었습니다.')).not.toBeInTheDocument();

    const approved = screen.getByRole('button', { name: /모카 입양 신청이 승인되었어요/ });
    approved.focus();
    await userEvent.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/mypage/applications');

    await screen.findByText('my applications');
    await userEvent.click(await screen.findByRole('button', { name: /^알림/ }));
    await userEvent.click(await screen.findByRole('button', { name: /김민지님이/ }));
    expect(router.state.location.pathname).toBe('/community/9');
  });

  it('says less, never nothing, when the upstream did not name the dog or the post (the legacy)', async () => {
    renderBell([
      n({ id: 2, code: 'ADOPTION_REJECTED', message: '입양 신청이 거절되었습니다.' }),
      n({
        id: 1,
        kind: 'COMMENT',
        code: 'COMMENT_ADDED',
        about: { ...NO_ABOUT, postTitle: '아주 긴 제목을 가진 우리 동네 강아지 산책 모임 안내 글' },
      }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: '알림, 읽지 않은 알림 2개' }));
    expect(await screen.findByText('입양 신청이 거절되었어요')).toBeInTheDocument();
    expect(screen.getByText('‘아주 긴 제목을 가진 우리 동네 강아지 산…’에 새 댓글이 달렸어요')).toBeInTheDocument();
  });

  it('shows a lost connection quietly and fetches the unread list again when it comes back', async () => {
    let fetches = 0;
    renderBell(() => {
      fetches += 1;
      return fetches > 1 ? [n({ id: 3, message: '끊긴 동안 온 알림' })] : [];
    });
    await screen.findByRole('button', { name: '알림' });
    await waitFor(() => expect(live.opts).not.toBeNull());
    act(() => live.opts?.onStatus('offline'));
    expect(await screen.findByRole('button', { name: '알림 (알림 연결 끊김)' })).toBeInTheDocument();
    act(() => live.opts?.onStatus('online'));
    expect(await screen.findByRole('button', { name: '알림, 읽지 않은 알림 1개' })).toBeInTheDocument();
  });
});
