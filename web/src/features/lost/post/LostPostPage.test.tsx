import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, mockApi, renderRoutes, resetTestApp, sessionUser, testConfig, type MockRoute } from '@/testing/render-app';
import type { MapViewProps } from '@/components/map/MapView';
import { resetKakaoShare } from '@/lib/kakao-share';
import { detail, PHOTO } from '../lost-fixtures';
import LostPostPage from './LostPostPage';

const mapProps = vi.hoisted(() => ({ last: null as MapViewProps | null }));
// The comments and the owner's actions have their own tests, which mock the confirm dialog: loading the real
// modules here would hand those files (same worker, isolate: false) copies bound to the real dialog.
vi.mock('../comments/LostComments', () => ({ default: () => null }));
vi.mock('../forms', () => ({ LostOwnerActions: () => null, ToStrayReportButton: () => null }));
vi.mock('@/components/map/MapView', () => ({
  default: (props: MapViewProps) => {
    mapProps.last = props;
    return <div role="region" aria-label={props.label} />;
  },
}));

beforeEach(() => {
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    },
  );
});
afterEach(() => {
  resetTestApp();
  mapProps.last = null;
});

function open(routes: Record<string, MockRoute>, session: unknown = { loggedIn: false }, lostAndFound = true, kakaoShareKey?: string) {
  const api = mockApi({
    'GET /api/users/check-session': { body: session },
    'GET /api/config': { body: testConfig({ lostAndFound, ...(kakaoShareKey ? { kakaoShareKey } : {}) }) },
    ...routes,
  });
  const view = renderRoutes([{ path: '/lost/:id', element: <LostPostPage /> }], '/lost/11');
  return { ...view, api };
}
const member = () => sessionUser();

describe('/lost/:id — a post', () => {
  it('shows status, every field, the rounded area (never a marker) with its note, the reward with the scam warning, flyers and preview tags', async () => {
    open({ 'GET /api/lost/posts/11': { body: detail() } });
    expect(await screen.findByRole('heading', { level: 1, name: '초코' })).toBeInTheDocument();
    expect(screen.getByLabelText('글 종류: 실종')).toBeInTheDocument();
    expect(screen.getByLabelText('상태: 실종 중')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '초코 사진 1/1' })).toHaveAttribute('src', PHOTO);
    const facts = within(screen.getByRole('region', { name: '정보' }));
    expect(facts.getByText('푸들')).toBeInTheDocument();
    expect(facts.getByText('소형')).toBeInTheDocument();
    expect(facts.getByText('4.2kg')).toBeInTheDocument();
    expect(facts.getByText('서울특별시 마포구 망원동')).toBeInTheDocument();
    expect(screen.getByText('빨간 목줄, 겁이 많아요')).toBeInTheDocument();
    // The map is not loaded until asked for (no map code in a visitor's first load); then it shows a
    // circle around the public position, with the note; no exact marker.
    expect(mapProps.last).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '지도에서 보기' }));
    await waitFor(() => expect(mapProps.last).not.toBeNull());
    expect(mapProps.last?.area).toEqual({ center: { lat: 37.556, lng: 126.9015 }, radiusMetres: 300 });
    expect(mapProps.last?.marker ?? null).toBeNull();
    expect(screen.getByText(/약 300 m 범위로 흐리게 표시돼요/)).toBeInTheDocument();
    expect(screen.getByText('사례금 300,000원')).toBeInTheDocument();
    expect(screen.getByTestId('lost-scam-warning')).toHaveTextContent('직접 만나 확인하기 전에는');
    expect(screen.getByRole('link', { name: '전단지 PDF' })).toHaveAttribute('href', '/api/lost/posts/11/flyer.pdf');
    expect(screen.getByRole('link', { name: 'SNS용 정사각형 이미지' })).toHaveAttribute('href', '/api/lost/posts/11/square.png');
    expect(document.head.querySelector('meta[property="og:title"]')).toHaveAttribute('content', '[실종] 초코 · 푸들 — 서울특별시 마포구');
    expect(document.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toContain(PHOTO);
    // A visitor is asked to log in, and gets neither the flag nor the relay.
    expect(screen.getByText('글쓴이에게 연락하거나 글을 신고하려면 로그인해 주세요.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '신고하기' })).toBeNull();
  });

  it('lists the timeline in order, in words, with the linked sighting', async () => {
    open({ 'GET /api/lost/posts/11': { body: detail() } });
    const timeline = within(await screen.findByTestId('lost-timeline'));
    const items = timeline.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('글을 올렸어요'),
      expect.stringContaining('마지막으로 본 곳이 바뀌었어요'),
      expect.stringContaining('발견·목격 글이 연결됐어요'),
    ]);
    expect(items[1]).toHaveTextContent('서울특별시 마포구 합정동');
    expect(items[1]).toHaveTextContent('합정역 근처에서 봤다는 연락을 받았어요');
    expect(within(items[2]!).getByRole('link', { name: '목격 글 보기' })).toHaveAttribute('href', '/lost/42');
  });

  it('a sighting has no flyer links, and a closed one says so instead of the relay', async () => {
    open({ 'GET /api/lost/posts/11': { body: detail({ kind: 'SEEN', status: 'CLOSED', reward: null }) } }, member());
    expect(await screen.findByLabelText('상태: 마감됨')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '전단지 PDF' })).toBeNull();
    expect(screen.queryByTestId('lost-scam-warning')).toBeNull();
    expect(screen.getByText('마감된 글이라 연락할 수 없어요.')).toBeInTheDocument();
  });

  it('a member flags the post with a reason and a note (the body the BFF takes)', async () => {
    const { api } = open(
      { 'GET /api/lost/posts/11': { body: detail() }, 'POST /api/lost/posts/11/flags': { status: 201, body: { id: 1 } } },
      member(),
    );
    await userEvent.click(await screen.findByRole('button', { name: '신고하기' }));
    const dialog = await screen.findByRole('dialog', { name: '이 글 신고하기' });
    await userEvent.click(within(dialog).getByRole('radio', { name: '잘못된 정보예요' }));
    await userEvent.type(within(dialog).getByLabelText('더 알려 주실 내용(선택)'), '이미 찾은 강아지예요');
    await userEvent.click(within(dialog).getByRole('button', { name: '신고 보내기' }));
    expect(await screen.findByText('신고를 받았어요. 관리자가 확인할게요.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/lost/posts/11/flags')[0]?.body).toEqual({ reason: 'WRONG', note: '이미 찾은 강아지예요' });
  });

  it('a second flag says why it was refused (409 LOST_ALREADY_FLAGGED)', async () => {
    open(
      {
        'GET /api/lost/posts/11': { body: detail() },
        'POST /api/lost/posts/11/flags': {
          status: 409,
          body: envelope('CONFLICT', 'already', undefined, { reason: 'LOST_ALREADY_FLAGGED' }),
        },
      },
      member(),
    );
    await userEvent.click(await screen.findByRole('button', { name: '신고하기' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '신고 보내기' }));
    const { ERROR_REASON_MESSAGES } = await import('@pawbridge/shared/sentences');
    expect(await screen.findByText(ERROR_REASON_MESSAGES.LOST_ALREADY_FLAGGED)).toBeInTheDocument();
  });

  it('이 아이를 봤어요 on an open missing report: a member writes a 목격 post attached to it, a visitor logs in first, the owner has none', async () => {
    open({ 'GET /api/lost/posts/11': { body: detail() } }, member());
    expect(await screen.findByRole('link', { name: '이 아이를 봤어요' })).toHaveAttribute(
      'href',
      '/lost/new/sighting?kind=SEEN&missingId=11',
    );
    cleanup();
    resetTestApp();
    open({ 'GET /api/lost/posts/11': { body: detail() } });
    expect(await screen.findByRole('link', { name: '이 아이를 봤어요' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/lost/new/sighting?kind=SEEN&missingId=11')}`,
    );
    cleanup();
    resetTestApp();
    open(
      {
        'GET /api/lost/posts/11': { body: detail({ mine: true }) },
        'GET /api/lost/posts/11/reach': { body: { count: 0, radiusKm: 3 } },
        'GET /api/lost/posts/11/candidates': { body: { rows: [], displayFloor: 40, alertThreshold: 65 } },
      },
      member(),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '초코' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '이 아이를 봤어요' })).toBeNull();
  });

  it('a member contacts the author through the relay, with the reward warning beside the form', async () => {
    const { api } = open(
      { 'GET /api/lost/posts/11': { body: detail() }, 'POST /api/lost/posts/11/contact': { status: 201, body: { id: 5 } } },
      member(),
    );
    const form = within(await screen.findByRole('region', { name: '글쓴이에게 연락하기' }));
    expect(form.getByTestId('lost-scam-warning')).toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: '메시지 보내기' }));
    expect(await form.findByText('보낼 내용을 입력해 주세요.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/lost/posts/11/contact')).toHaveLength(0);
    await userEvent.type(form.getByLabelText(/메시지/), '  어제 저녁 합정역 2번 출구에서 봤어요  ');
    await userEvent.click(form.getByRole('button', { name: '메시지 보내기' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/lost/posts/11/contact')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/lost/posts/11/contact')[0]?.body).toEqual({ message: '어제 저녁 합정역 2번 출구에서 봤어요' });
    expect((await screen.findAllByText('메시지를 보냈어요. 답장이 오면 알림으로 알려 드릴게요.')).length).toBeGreaterThan(0);
  });

  it('the author sees neither the relay nor the flag on their own post, how many neighbours were told and the likely matches (issue 28)', async () => {
    open(
      {
        'GET /api/lost/posts/11': { body: detail({ mine: true }) },
        'GET /api/lost/posts/11/reach': { body: { count: 214, radiusKm: 3 } },
        'GET /api/lost/posts/11/candidates': { body: { rows: [], displayFloor: 40, alertThreshold: 65 } },
      },
      member(),
    );
    expect(await screen.findByRole('heading', { level: 1, name: '초코' })).toBeInTheDocument();
    expect(await screen.findByText('반경 3 km 안 214명에게 알렸어요')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '글쓴이에게 연락하기' })).toBeNull();
    expect(screen.queryByRole('button', { name: '신고하기' })).toBeNull();
    expect(await screen.findByRole('region', { name: '가능성 있는 아이들' })).toBeInTheDocument();
  });

  it('a member who is not the owner sees no candidates; a found post links the report that confirmed it', async () => {
    open(
      {
        'GET /api/lost/posts/11': {
          body: detail({ kind: 'FOUND', name: null, matches: [{ lostPostId: 4, kind: 'FOUND', recordId: '11' }] }),
        },
      },
      member(),
    );
    expect(await screen.findByText('주인을 찾았어요')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '실종 신고 보기' })).toHaveAttribute('href', '/lost/4');
    expect(screen.queryByRole('region', { name: '가능성 있는 아이들' })).toBeNull();
  });

  it('a sighting attached to a report leads back to it; a missing report has no such link', async () => {
    open({ 'GET /api/lost/posts/11': { body: detail({ kind: 'SEEN', missingId: 3 }) } });
    expect(await screen.findByRole('link', { name: '이 글이 붙은 실종 신고 보기' })).toHaveAttribute('href', '/lost/3');
    cleanup();
    resetTestApp();
    open({ 'GET /api/lost/posts/11': { body: detail() } });
    await screen.findByRole('button', { name: '공유하기' });
    expect(screen.queryByRole('link', { name: '이 글이 붙은 실종 신고 보기' })).toBeNull();
  });

  it('share: the system sheet where there is one, else the link is copied', async () => {
    const share = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', Object.create(navigator, { share: { value: share } }) as Navigator);
    open({ 'GET /api/lost/posts/11': { body: detail() } });
    await userEvent.click(await screen.findByRole('button', { name: '공유하기' }));
    expect(share).toHaveBeenCalledWith(
      expect.objectContaining({ url: `${window.location.origin}/lost/11`, title: '[실종] 초코 · 푸들 — 서울특별시 마포구' }),
    );
    cleanup();
    resetTestApp();
    vi.unstubAllGlobals();

    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', Object.create(navigator, { share: { value: undefined }, clipboard: { value: { writeText } } }) as Navigator);
    open({ 'GET /api/lost/posts/11': { body: detail() } });
    await userEvent.click(await screen.findByRole('button', { name: '공유하기' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/lost/11`);
  });

  it('카카오톡으로 공유 only with a Kakao key: the SDK script is fetched on the press and sends the photo, title and link', async () => {
    open({ 'GET /api/lost/posts/11': { body: detail() } });
    await screen.findByRole('button', { name: '공유하기' });
    expect(screen.queryByRole('button', { name: '카카오톡으로 공유' })).toBeNull();
    cleanup();
    resetTestApp();

    // The SDK host is unreachable here: a stand-in answers the script the real loader appends, and records the call.
    const sent: unknown[] = [];
    const scripts: string[] = [];
    const append = vi.spyOn(document.head, 'appendChild').mockImplementation((node) => {
      if (!(node instanceof HTMLScriptElement)) return node;
      scripts.push(node.src);
      let ready = false;
      window.Kakao = {
        init: () => void (ready = true),
        isInitialized: () => ready,
        Share: { sendDefault: (feed) => void sent.push(feed) },
      };
      queueMicrotask(() => node.onload?.(new Event('load')));
      return node;
    });
    try {
      open({ 'GET /api/lost/posts/11': { body: detail() } }, { loggedIn: false }, true, 'js-key');
      const button = await screen.findByRole('button', { name: '카카오톡으로 공유' });
      expect(scripts).toHaveLength(0);
      await userEvent.click(button);
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(scripts).toEqual(['https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js']);
      const url = `${window.location.origin}/lost/11`;
      expect(sent[0]).toMatchObject({
        objectType: 'feed',
        content: { title: '[실종] 초코 · 푸들 — 서울특별시 마포구', imageUrl: `${window.location.origin}${PHOTO}`, link: { webUrl: url } },
        buttons: [{ title: '자세히 보기', link: { mobileWebUrl: url } }],
      });
    } finally {
      append.mockRestore();
      delete window.Kakao;
      resetKakaoShare();
    }
  });

  it('a missing or hidden post (404) and the legacy deployment show the not-found state', async () => {
    open({ 'GET /api/lost/posts/11': { status: 404, body: envelope('NOT_FOUND', 'gone', undefined, { reason: 'LOST_POST_NOT_FOUND' }) } });
    expect(await screen.findByRole('heading', { level: 1, name: '페이지를 찾을 수 없어요' })).toBeInTheDocument();
    cleanup();
    resetTestApp();
    const { api } = open({}, { loggedIn: false }, false);
    expect(await screen.findByRole('heading', { level: 1, name: '페이지를 찾을 수 없어요' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/lost/posts/11')).toHaveLength(0);
  });
});
