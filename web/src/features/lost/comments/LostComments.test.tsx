import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LostComment } from '@pawbridge/shared/lost.schema';
import { confirm } from '@/components/feedback/notify';
import type * as Notify from '@/components/feedback/notify';
import { envelope, mockApi, renderRoutes, resetTestApp, sessionUser } from '@/testing/render-app';
import LostComments from './LostComments';

vi.mock('@/components/feedback/notify', async (original) => ({ ...(await original<typeof Notify>()), confirm: vi.fn() }));
vi.setConfig({ testTimeout: 15_000 });

const comment = (over: Partial<LostComment> = {}): LostComment => ({
  id: 1,
  postId: 5,
  author: '합정댁',
  content: '어제 저녁 합정역 근처에서 봤어요',
  createdAt: '2026-11-20T10:05:00.000Z',
  mine: false,
  deletable: false,
  ...over,
});
const PATH = '/api/lost/posts/5/comments';

function renderAt(routes: Parameters<typeof mockApi>[0], session: unknown = sessionUser()) {
  const api = mockApi({ 'GET /api/users/check-session': { body: session }, ...routes });
  const view = renderRoutes(
    [
      { path: '/lost/:id', element: <LostComments postId={5} /> },
      { path: '/login', element: <p>login screen</p> },
    ],
    '/lost/5',
  );
  return { api, ...view };
}

afterEach(() => {
  resetTestApp();
  vi.mocked(confirm).mockReset();
});

describe('LostComments', () => {
  it('lists comments by nickname for a visitor, with the form off and a way to log in', async () => {
    renderAt({ [`GET ${PATH}`]: { body: [comment()], headers: { 'x-total-count': '1' } } }, { loggedIn: false });
    expect(await screen.findByText('어제 저녁 합정역 근처에서 봤어요')).toBeVisible();
    expect(screen.getByText('합정댁')).toBeVisible();
    expect(screen.getByRole('heading', { name: '댓글 1개' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: '댓글 쓰기' })).toBeDisabled();
    expect(screen.getByRole('link', { name: '로그인하고 댓글 쓰기' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: /삭제/ })).toBeNull();
  });

  it('sends a member’s comment, refuses HTML before sending, and reads the list again', async () => {
    let comments = [comment()];
    const { api } = renderAt({
      [`GET ${PATH}`]: () => ({ body: comments, headers: { 'x-total-count': String(comments.length) } }),
      [`POST ${PATH}`]: (call) => {
        comments = [
          ...comments,
          comment({ id: 2, author: '미나', content: (call.body as { content: string }).content, mine: true, deletable: true }),
        ];
        return { status: 201, body: { id: 2 } };
      },
    });
    const box = await screen.findByRole('textbox', { name: '댓글 쓰기' });
    const submit = screen.getByRole('button', { name: '댓글 등록' });
    expect(submit).toBeDisabled();
    await userEvent.type(box, '<b>봤어요</b>');
    await userEvent.click(submit);
    expect(await screen.findByText('HTML 태그는 쓸 수 없습니다. 글자만 입력해 주세요.')).toBeVisible();
    expect(api.callsTo('POST', PATH)).toHaveLength(0);
    await userEvent.clear(box);
    await userEvent.type(box, '망원동에서도 찾아볼게요');
    await userEvent.click(submit);
    await waitFor(() => expect(api.callsTo('POST', PATH)[0]?.body).toEqual({ content: '망원동에서도 찾아볼게요' }));
    const mine = (await screen.findByText('망원동에서도 찾아볼게요')).closest('li')!;
    expect(within(mine).getByText('내 댓글')).toBeVisible();
    expect(box).toHaveValue('');
  });

  it('shows the server’s reason when commenting too often', async () => {
    renderAt({
      [`GET ${PATH}`]: { body: [], headers: { 'x-total-count': '0' } },
      [`POST ${PATH}`]: { status: 429, body: envelope('RATE_LIMITED', 'x', undefined, { reason: 'LOST_COMMENT_LIMIT' }) },
    });
    expect(await screen.findByText('아직 댓글이 없어요. 본 적이 있다면 알려 주세요.')).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: '댓글 쓰기' }), '또 봤어요');
    await userEvent.click(screen.getByRole('button', { name: '댓글 등록' }));
    expect(await screen.findByText('댓글을 너무 자주 남기고 있어요. 잠시 뒤에 다시 써 주세요.')).toBeVisible();
  });

  it('deletes the member’s own comment after asking', async () => {
    let comments = [comment(), comment({ id: 2, author: '미나', content: '제 댓글이에요', mine: true, deletable: true })];
    const { api } = renderAt({
      [`GET ${PATH}`]: () => ({ body: comments, headers: { 'x-total-count': String(comments.length) } }),
      [`DELETE ${PATH}/2`]: () => {
        comments = comments.filter((c) => c.id !== 2);
        return { status: 204 };
      },
    });
    vi.mocked(confirm).mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    const del = await screen.findByRole('button', { name: '미나님의 댓글 삭제' });
    expect(screen.getAllByRole('button', { name: /삭제/ })).toHaveLength(1);
    await userEvent.click(del);
    expect(api.callsTo('DELETE', `${PATH}/2`)).toHaveLength(0);
    await userEvent.click(del);
    await waitFor(() => expect(api.callsTo('DELETE', `${PATH}/2`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('제 댓글이에요')).toBeNull());
    expect(screen.getByText('어제 저녁 합정역 근처에서 봤어요')).toBeVisible();
  });
});
