import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_ABOUT, type CommunityPost, type FeedNotification, type PostListItem } from '@pawbridge/shared';
import { publishLiveNotice } from '@/lib/live-notices';
import { XSS_PAYLOADS } from '@pawbridge/shared/community.xss-corpus';
import { confirm } from '@/components/feedback/notify';
import type * as Notify from '@/components/feedback/notify';
import { envelope, mockApi, ok, renderRoutes, resetTestApp, sessionUser } from '@/testing/render-app';
import CommunityListPage from './CommunityListPage';
import PostDetailPage from './PostDetailPage';
import PostFormPage from './PostFormPage';
import { cleanHtml } from './components/PostContent';

vi.mock('@/components/feedback/notify', async (original) => ({ ...(await original<typeof Notify>()), confirm: vi.fn() }));
vi.setConfig({ testTimeout: 15_000 });

const item = (over: Partial<PostListItem> = {}): PostListItem => ({
  id: 1,
  postType: 'SHOW_OFF',
  title: '콩이 자랑',
  preview: '산책 다녀왔어요',
  imageUrl: '/uploads/a.webp',
  author: '미나',
  createdAt: '2025-03-01T15:30:00.000Z',
  likeCount: null,
  commentCount: null,
  ...over,
});
const post = (over: Partial<CommunityPost> = {}): CommunityPost => ({
  id: 7,
  postType: 'REVIEW',
  title: '입양 후기',
  content: '<p><strong>행복</strong>해요</p>',
  imageUrl: '/uploads/b.webp',
  author: '미나',
  createdAt: '2025-03-01T15:30:00.000Z',
  isAuthor: true,
  ...over,
});

function renderAt(path: string, routes: Parameters<typeof mockApi>[0], session: unknown = sessionUser()) {
  const api = mockApi({ 'GET /api/users/check-session': { body: session }, ...routes });
  const view = renderRoutes(
    [
      { path: '/community', element: <CommunityListPage /> },
      { path: '/community/createPost', element: <PostFormPage /> },
      { path: '/community/:postId', element: <PostDetailPage /> },
      { path: '/community/:postId/edit', element: <PostFormPage /> },
      { path: '/login', element: <p>login screen</p> },
    ],
    path,
  );
  return { ...view, api };
}

afterEach(() => {
  resetTestApp();
  vi.mocked(confirm).mockReset();
});

describe('community list', () => {
  it('shows category, title, author or 익명, the Seoul date and the preview; a row links to its post', async () => {
    renderAt(
      '/community',
      {
        'GET /api/community/posts': {
          body: [item(), item({ id: 2, postType: 'TEMP_PROTECT', title: '임보처 구해요', author: null, imageUrl: null })],
        },
      },
      { loggedIn: false },
    );
    const table = await screen.findByRole('table', { name: '커뮤니티 게시글 목록' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[1]!).getByText('자랑')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: '콩이 자랑' })).toHaveAttribute('href', '/community/1');
    expect(within(rows[1]!).getByText('산책 다녀왔어요')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('2025-03-02')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('img', { name: '콩이 자랑 표지 사진' })).toBeInTheDocument();
    expect(within(rows[2]!).getByText('임시보호')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('익명')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '글쓰기' })).toHaveAttribute('href', '/community/createPost');
  });

  it('shows like and comment counts under each title when the list says them, nothing when it does not (issue 25 item 6)', async () => {
    renderAt(
      '/community',
      { 'GET /api/community/posts': { body: [item({ likeCount: 3, commentCount: 2 }), item({ id: 2, title: '레거시 글' })] } },
      { loggedIn: false },
    );
    // The table (wide screens) and the cards (phones) both say it.
    expect(await screen.findAllByRole('group', { name: '좋아요 3개, 댓글 2개', hidden: true })).toHaveLength(2);
    expect(screen.getAllByRole('group', { name: /^좋아요/, hidden: true })).toHaveLength(2);
  });

  it('asks for one category and one page at a time, with pages from X-Total-Count', async () => {
    const { api } = renderAt('/community', { 'GET /api/community/posts': { body: [item()], headers: { 'x-total-count': '25' } } });
    await screen.findByText('전체 25개');
    expect(api.callsTo('GET', '/api/community/posts')[0]!.query.get('page')).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: '3페이지' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/community/posts').at(-1)!.query.get('page')).toBe('3'));
    await userEvent.click(screen.getByRole('radio', { name: '입양후기' }));
    await waitFor(() => expect(api.callsTo('GET', '/api/community/posts').at(-1)!.query.get('postType')).toBe('REVIEW'));
    expect(api.callsTo('GET', '/api/community/posts').at(-1)!.query.get('page')).toBe('1');
  });

  it('says so when the list cannot be loaded, with a retry', async () => {
    renderAt('/community', { 'GET /api/community/posts': { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', '서버') } });
    expect(await screen.findByText('게시글을 불러오지 못했습니다.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });
});

describe('post detail', () => {
  const base = {
    'GET /api/community/like/7/count': { body: { isLiked: false, likeCount: 2 } },
    'GET /api/community/comments/7': { body: [{ id: '1', content: '축하해요', author: 'joo***', createdAt: '2025-03-02T01:00:00Z' }] },
  };

  it('shows the author edit and delete; delete asks first, then goes back to the list', async () => {
    vi.mocked(confirm).mockResolvedValue(true);
    // After the delete the list loads: answer it, or the unmocked-call check fails the test whenever it loads in time.
    const { api, router } = renderAt('/community/7', {
      ...base,
      'GET /api/community/description/7': { body: post() },
      'DELETE /api/community/description/7/delete': ok(),
      'GET /api/community/posts': { body: [] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: '입양 후기' })).toBeInTheDocument();
    expect(screen.getByText('행복', { selector: 'strong' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '수정' })).toHaveAttribute('href', '/community/7/edit');
    await userEvent.click(screen.getByRole('button', { name: '삭제' }));
    expect(confirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(router.state.location.pathname).toBe('/community'));
    expect(api.callsTo('DELETE', '/api/community/description/7/delete')).toHaveLength(1);
  });

  it('hides edit and delete from everyone else', async () => {
    renderAt('/community/7', { ...base, 'GET /api/community/description/7': { body: post({ isAuthor: false }) } });
    await screen.findByRole('heading', { level: 1, name: '입양 후기' });
    expect(screen.queryByRole('link', { name: '수정' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '삭제' })).not.toBeInTheDocument();
  });

  it('shows the like state right after a toggle; a visitor is told to log in and nothing is sent', async () => {
    const { api } = renderAt('/community/7', {
      ...base,
      'GET /api/community/description/7': { body: post({ isAuthor: false }) },
      'POST /api/community/like/7/toggle': { body: { isLiked: true, likeCount: 3 } },
    });
    await userEvent.click(await screen.findByRole('button', { name: '좋아요 2' }));
    expect(await screen.findByRole('button', { name: '좋아요 3' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('POST', '/api/community/like/7/toggle')).toHaveLength(1);
  });

  it('tells a visitor to log in to like and sends nothing', async () => {
    const visitor = renderAt(
      '/community/7',
      { ...base, 'GET /api/community/description/7': { body: post({ isAuthor: false }) } },
      { loggedIn: false },
    );
    await userEvent.click(await screen.findByRole('button', { name: '좋아요 2' }));
    expect(await screen.findByText('좋아요를 누르려면 로그인이 필요합니다.')).toBeInTheDocument();
    expect(visitor.api.callsTo('POST', '/api/community/like/7/toggle')).toHaveLength(0);
  });

  it('tells a member whose session ended to log in again', async () => {
    renderAt('/community/7', {
      ...base,
      'GET /api/community/description/7': { body: post({ isAuthor: false }) },
      'POST /api/community/like/7/toggle': { status: 401, body: envelope('UNAUTHENTICATED', '로그인') },
    });
    await userEvent.click(await screen.findByRole('button', { name: '좋아요 2' }));
    expect(await screen.findByText('로그인이 필요합니다. 다시 로그인해 주세요.')).toBeInTheDocument();
  });

  it('keeps the comment button off while the box is empty, sends the comment and shows the list', async () => {
    const { api } = renderAt('/community/7', {
      ...base,
      'GET /api/community/description/7': { body: post() },
      'POST /api/community/comment/7': { status: 201, body: { ok: true, message: '댓글' } },
    });
    const submit = await screen.findByRole('button', { name: '등록' });
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: '댓글 쓰기' }), '   ');
    expect(submit).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: '댓글 쓰기' }), '귀여워요');
    await userEvent.click(submit);
    await waitFor(() => expect(api.callsTo('POST', '/api/community/comment/7')[0]?.body).toEqual({ content: '귀여워요' }));
    expect(await screen.findByText('축하해요')).toBeVisible();
  });

  it('an open post follows its likes and comments live, by post id or (the legacy) by title (issue 25 item 7)', async () => {
    let likes = 2;
    const comments = [{ id: '1', content: '축하해요', author: 'joo***', createdAt: '2025-03-02T01:00:00Z' }];
    const { api } = renderAt('/community/7', {
      'GET /api/community/like/7/count': () => ({ body: { isLiked: false, likeCount: likes } }),
      'GET /api/community/comments/7': () => ({ body: comments }),
      'GET /api/community/description/7': { body: post() },
    });
    expect(await screen.findByRole('button', { name: '좋아요 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /댓글/, expanded: false }));
    // The list opens with a transition: on a busy machine the text is in the DOM before its fold is open.
    await waitFor(() => expect(screen.getByText('축하해요')).toBeVisible());
    const notice = (over: Partial<FeedNotification>): FeedNotification => ({
      id: null,
      kind: 'LIKE',
      message: '',
      code: 'LIKE_ADDED',
      about: { ...NO_ABOUT, postId: 7 },
      createdAt: new Date().toISOString(),
      read: false,
      link: '/community/7',
      ...over,
    });
    const likeReads = () => api.callsTo('GET', '/api/community/like/7/count').length;
    const before = likeReads();
    // Another post's like changes nothing here.
    likes = 3;
    act(() => publishLiveNotice(notice({ about: { ...NO_ABOUT, postId: 8 } })));
    act(() => publishLiveNotice(notice({})));
    expect(await screen.findByRole('button', { name: '좋아요 3' })).toBeInTheDocument();
    expect(likeReads()).toBe(before + 1);
    // A comment named only by the post's title (the legacy's message) still lands, below what is shown.
    comments.push({ id: '2', content: '저도 축하해요', author: 'han***', createdAt: '2025-03-03T01:00:00Z' });
    act(() => publishLiveNotice(notice({ kind: 'COMMENT', code: 'COMMENT_ADDED', about: { ...NO_ABOUT, postTitle: '입양 후기' } })));
    expect(await screen.findByText('저도 축하해요')).toBeVisible();
    // Nothing was replaced by a loader on the way: the first comment stayed.
    expect(screen.getByText('축하해요')).toBeVisible();
  });

  it('says the server cannot be reached when a comment or a like gets a 502, not that only members may comment', async () => {
    renderAt('/community/7', {
      ...base,
      'GET /api/community/description/7': { body: post({ isAuthor: false }) },
      'POST /api/community/comment/7': { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', 'x') },
      'POST /api/community/like/7/toggle': { status: 504, body: envelope('UPSTREAM_TIMEOUT', 'x') },
    });
    await userEvent.type(await screen.findByRole('textbox', { name: '댓글 쓰기' }), '귀여워요');
    await userEvent.click(screen.getByRole('button', { name: '등록' }));
    expect(await screen.findByText('서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.')).toBeInTheDocument();
    expect(screen.queryByText('로그인한 회원만 댓글을 쓸 수 있어요.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '좋아요 2' }));
    expect(await screen.findByText('서버 응답이 늦어지고 있습니다. 잠시 후 다시 시도해 주세요.')).toBeInTheDocument();
  });

  it('shows the not-found sentence for a post that is gone', async () => {
    renderAt('/community/9', { 'GET /api/community/description/9': { status: 404, body: envelope('NOT_FOUND', '없음') } });
    expect(await screen.findByText('게시글을 찾을 수 없어요. 삭제되었을 수 있습니다.')).toBeInTheDocument();
  });
});

describe('writing and editing', () => {
  it('sends a visitor to the login screen with the reason', async () => {
    const { router } = renderAt('/community/createPost', {}, { loggedIn: false });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('로그인이 필요합니다.')).toBeInTheDocument();
  });

  it('names every missing field in the catalogue’s words and sends nothing', async () => {
    const { api } = renderAt('/community/createPost', {});
    await userEvent.click(await screen.findByRole('button', { name: '등록' }));
    expect(await screen.findByText('카테고리를 선택해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('제목을 입력해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('내용을 입력해 주세요.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/community/createPost')).toHaveLength(0);
  });

  it('sends someone else back from the edit screen of a post that is not theirs', async () => {
    // The post it lands on loads its likes and comments too (when the test ends first, or not: mocked either way).
    const { router } = renderAt('/community/7/edit', {
      'GET /api/community/description/7': { body: post({ isAuthor: false }) },
      'GET /api/community/like/7/count': { body: { isLiked: false, likeCount: 0 } },
      'GET /api/community/comments/7': { body: [] },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/community/7'));
    expect(await screen.findByText('본인이 쓴 글만 수정할 수 있어요.')).toBeInTheDocument();
  });

  it('offers the author the current cover, kept unless a new one or removal is chosen', async () => {
    renderAt('/community/7/edit', { 'GET /api/community/description/7': { body: post() } });
    expect(await screen.findByRole('img', { name: '지금 표지 사진' })).toHaveAttribute('src', '/uploads/b.webp');
    expect(screen.getByText('새 사진을 고르지 않으면 지금 사진이 그대로 남아요.')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: '표지 사진 지우기' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: '제목' })).toHaveValue('입양 후기');
  });
});

describe('post HTML in the browser', () => {
  it('removes scripts, handlers, styles, frames and javascript: links even if a server let them through', () => {
    for (const payload of XSS_PAYLOADS) {
      const html = cleanHtml(payload).toLowerCase();
      expect(html, payload).not.toMatch(/<(script|iframe|img|svg|style|object|embed|form|input)\b|\son\w+=|javascript:|\sstyle=/);
    }
    expect(cleanHtml('<a href="https://ok.example">ok</a>')).toBe(
      '<a href="https://ok.example" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    );
    // The servers' link rule (shared post-html): a link needs a host, so `https:///x` loses its href here too.
    expect(cleanHtml('<a href="https:///evil">x</a>')).toBe('<a target="_blank" rel="noopener noreferrer nofollow">x</a>');
  });
});
