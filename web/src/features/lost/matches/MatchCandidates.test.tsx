import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_ABOUT, type FeedNotification } from '@pawbridge/shared';
import type { MatchCandidate, MatchCandidatesAnswer } from '@pawbridge/shared/lost.matching';
import { publishLiveNotice } from '@/lib/live-notices';
import { envelope, mockApi, renderRoutes, resetTestApp, sessionUser } from '@/testing/render-app';
import MatchCandidates from './MatchCandidates';
import MatchLinks from './MatchLinks';

vi.setConfig({ testTimeout: 15_000 });

const PATH = '/api/lost/posts/5/candidates';
const candidate = (over: Partial<MatchCandidate> = {}): MatchCandidate => ({
  id: 31,
  kind: 'FOUND',
  recordId: '12',
  score: 78,
  reasons: [
    { code: 'SAME_BREED', points: 20, breed: 'POODLE' },
    { code: 'SAME_SEX', points: 10, sex: 'MALE' },
    { code: 'SAME_COLOUR', points: 10, colour: 'BROWN' },
    { code: 'DISTANCE', points: 12, km: 3.2 },
    { code: 'DAYS_AFTER', points: 10, days: 2 },
    { code: 'SIZE_DIFFERS', points: -10 },
  ],
  km: 3.2,
  status: 'NEW',
  breed: '토이 푸들',
  colour: '갈색',
  sex: 'MALE',
  date: '2026-11-03',
  place: '마포구',
  photoUrl: '/uploads/abc.webp',
  createdAt: '2026-11-03T10:00:00.000Z',
  ...over,
});
const answer = (rows: MatchCandidate[]): MatchCandidatesAnswer => ({ rows, displayFloor: 40, alertThreshold: 65 });

/** The confirm dialog's answers, in order (the component takes its asker as a prop: no module mock). */
const ask = vi.fn<(opts: { title: string }) => Promise<boolean>>();

function renderAt(routes: Parameters<typeof mockApi>[0], owner = true, path = '/lost/5') {
  const api = mockApi({ 'GET /api/users/check-session': { body: sessionUser() }, ...routes });
  const view = renderRoutes(
    [
      { path: '/lost/:id', element: <MatchCandidates postId={5} owner={owner} ask={ask} /> },
      { path: '/adopt/:id', element: <p>stray page</p> },
    ],
    path,
  );
  return { api, ...view };
}

afterEach(() => {
  resetTestApp();
  ask.mockReset();
});

describe('가능성 있는 아이들', () => {
  it('shows each candidate: photo with alt, kind in words, score, distance and day, the reasons worded from their codes, a link to its page', async () => {
    renderAt({
      [`GET ${PATH}`]: {
        body: answer([candidate(), candidate({ id: 32, kind: 'STRAY', recordId: '7', photoUrl: null, km: null, reasons: [] })]),
      },
    });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole('img', { name: '발견 토이 푸들 사진' })).toHaveAttribute('src', '/uploads/abc.webp');
    expect(first.getByLabelText('후보 종류: 발견')).toHaveTextContent('발견');
    expect(first.getByText('일치도 78점')).toBeVisible();
    expect(first.getByText('3.2 km 떨어진 곳, 실종 2일 뒤 발견, 같은 품종·성별, 갈색')).toBeVisible();
    expect(first.getByText('다른 점: 크기 다름')).toBeVisible();
    expect(first.getByText('마포구 · 11월 3일')).toBeVisible();
    expect(first.getByRole('link', { name: '발견 글 보기: 토이 푸들' })).toHaveAttribute('href', '/lost/12');
    const second = within(items[1]!);
    expect(second.getByLabelText('후보 종류: 제보')).toBeVisible();
    expect(second.getByText('사진 없음')).toBeVisible();
    expect(second.getByRole('link', { name: /글 보기/ })).toHaveAttribute('href', '/adopt/7');
  });

  it('says so when there is none, and offers a retry when the list fails', async () => {
    let fail = true;
    renderAt({
      [`GET ${PATH}`]: () => (fail ? { status: 502, body: envelope('UPSTREAM_UNAVAILABLE', 'bad gateway') } : { body: answer([]) }),
    });
    expect(await screen.findByText('가능성 있는 아이들을 불러오지 못했어요.')).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText(/아직 닮은 아이가 없어요/)).toBeVisible();
  });

  it('아니에요 removes the candidate at once; 우리 아이예요 asks first and is not sent when the owner backs out', async () => {
    let rows = [candidate(), candidate({ id: 32, recordId: '13' })];
    const { api } = renderAt({
      [`GET ${PATH}`]: () => ({ body: answer(rows) }),
      [`POST ${PATH}/31/dismiss`]: () => {
        rows = rows.filter((r) => r.id !== 31);
        return { status: 204 };
      },
      [`POST ${PATH}/32/confirm`]: () => {
        rows = rows.map((r) => ({ ...r, status: 'CONFIRMED' as const }));
        return { status: 204 };
      },
    });
    const [first] = await screen.findAllByRole('listitem');
    await userEvent.click(within(first!).getByRole('button', { name: '발견 토이 푸들: 우리 아이가 아니에요' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(api.callsTo('POST', `${PATH}/31/dismiss`)).toHaveLength(1);
    expect(ask).not.toHaveBeenCalled();

    ask.mockResolvedValueOnce(false);
    await userEvent.click(screen.getByRole('button', { name: '발견 토이 푸들: 우리 아이예요' }));
    expect(ask).toHaveBeenCalledWith(expect.objectContaining({ title: '우리 아이가 맞나요?' }));
    expect(api.callsTo('POST', `${PATH}/32/confirm`)).toHaveLength(0);

    ask.mockResolvedValueOnce(true);
    await userEvent.click(screen.getByRole('button', { name: '발견 토이 푸들: 우리 아이예요' }));
    expect(await screen.findByText('확인한 아이')).toBeVisible();
    expect(api.callsTo('POST', `${PATH}/32/confirm`)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /우리 아이/ })).toBeNull();
  });

  it('is read only for an admin', async () => {
    renderAt({ [`GET ${PATH}`]: { body: answer([candidate()]) } }, false);
    expect(await screen.findByText('일치도 78점')).toBeVisible();
    expect(screen.getByText(/관리자 보기/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /아니에요|우리 아이예요/ })).toBeNull();
  });

  it('reads itself again when a match notice for this report arrives live, and not for another report', async () => {
    let rows: MatchCandidate[] = [];
    const { api } = renderAt({ [`GET ${PATH}`]: () => ({ body: answer(rows) }) });
    expect(await screen.findByText(/아직 닮은 아이가 없어요/)).toBeVisible();
    const notice = (postId: number): FeedNotification => ({
      id: 9,
      kind: 'LOST_MATCH',
      message: '',
      code: 'LOST_MATCH_FOUND',
      about: { ...NO_ABOUT, postId },
      createdAt: new Date().toISOString(),
      read: false,
      link: `/lost/${postId}#matches`,
    });
    act(() => publishLiveNotice(notice(6)));
    expect(api.callsTo('GET', PATH)).toHaveLength(1);
    rows = [candidate()];
    act(() => publishLiveNotice(notice(5)));
    expect(await screen.findByText('일치도 78점')).toBeVisible();
  });
});

describe('confirmed links', () => {
  it('a missing report links what its owner confirmed; a found post the missing report it turned out to be', () => {
    const { unmount } = renderRoutes(
      [
        {
          path: '/',
          element: <MatchLinks post={{ kind: 'MISSING', matches: [{ lostPostId: 5, kind: 'SHELTER', recordId: '448000' }] }} />,
        },
      ],
      '/',
    );
    expect(screen.getByText('확인한 아이')).toBeVisible();
    expect(screen.getByRole('link', { name: '보호소 보기' })).toHaveAttribute('href', '/shelter/448000');
    unmount();
    renderRoutes(
      [{ path: '/', element: <MatchLinks post={{ kind: 'FOUND', matches: [{ lostPostId: 5, kind: 'FOUND', recordId: '12' }] }} /> }],
      '/',
    );
    expect(screen.getByText('주인을 찾았어요')).toBeVisible();
    expect(screen.getByRole('link', { name: '실종 신고 보기' })).toHaveAttribute('href', '/lost/5');
  });
});
