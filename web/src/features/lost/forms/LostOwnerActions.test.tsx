import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LostPostDetail } from '@pawbridge/shared/lost.schema';
import { confirm } from '@/components/feedback/notify';
import type * as Notify from '@/components/feedback/notify';
import { envelope, mockApi, renderRoutes, resetTestApp, sessionUser, type MockRoute } from '@/testing/render-app';
import { LostOwnerActions, ToStrayReportButton } from './index';
import { choosePhoto, detail, formsSentTo, jsonPartOf, lostConfig } from './lost-forms.testing';

vi.mock('@/components/feedback/notify', async (original) => ({ ...(await original<typeof Notify>()), confirm: vi.fn() }));
vi.mock('@/components/map/MapPicker', () => import('./map-picker.testing'));

function setup(post: LostPostDetail, routes: Record<string, MockRoute> = {}) {
  const onChanged = vi.fn();
  const api = mockApi({
    'GET /api/users/check-session': { body: sessionUser() },
    'GET /api/config': { body: lostConfig() },
    ...routes,
  });
  renderRoutes(
    [
      {
        path: '/lost/:id',
        element: (
          <>
            <LostOwnerActions post={post} onChanged={onChanged} />
            <ToStrayReportButton post={post} />
          </>
        ),
      },
    ],
    `/lost/${post.id}`,
  );
  return { api, onChanged };
}

describe('LostOwnerActions', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => resetTestApp());

  it("shows nothing on someone else's post or a closed one", () => {
    setup(detail({ mine: false }));
    expect(screen.queryByRole('button', { name: '찾았어요' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '새 소식 올리기' })).not.toBeInTheDocument();
  });

  it('새 소식: a new place, a photo and a note go as the multipart `update`; the saved post comes back', async () => {
    const saved = detail({ photoUrls: ['/a.webp', '/b.webp'] });
    const { onChanged } = setup(detail(), { 'POST /api/lost/posts/7/updates': { body: saved } });
    await userEvent.click(screen.getByRole('button', { name: '새 소식 올리기' }));
    const dialog = await screen.findByRole('dialog');
    // Nothing given: the owner is told what is needed.
    await userEvent.click(within(dialog).getByRole('button', { name: '저장하기' }));
    expect(within(dialog).getByText('새 위치, 사진, 메모 중 하나는 있어야 해요.')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByLabelText('새로 본 곳이 있어요'));
    await userEvent.click(await within(dialog).findByRole('button', { name: /합정$/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: '저장하기' }));
    // A place needs its words, date and time with it.
    expect(within(dialog).getByText('장소를 글로 적어 주세요.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/^장소\(글로\)/), '합정역 7번 출구');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());
    await userEvent.type(within(dialog).getByLabelText(/^날짜/), today);
    await userEvent.type(within(dialog).getByLabelText(/^시간/), '00:00');
    await choosePhoto('new.png');
    await userEvent.type(within(dialog).getByLabelText('메모'), '합정역 근처에서 봤다는 연락을 받았어요');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장하기' }));

    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(saved));
    const [sent] = formsSentTo('/api/lost/posts/7/updates');
    expect(jsonPartOf(sent, 'update')).toMatchObject({
      lat: 37.56,
      lng: 126.92,
      address: '합정역 7번 출구',
      date: today,
      time: '00:00',
      note: '합정역 근처에서 봤다는 연락을 받았어요',
    });
    expect((sent?.get('photo1') as File).name).toBe('new.png');
    expect(await screen.findByText('새 소식을 올렸어요.')).toBeInTheDocument();
  });

  it('찾았어요 closes the report REUNITED with the thank-you note', async () => {
    const closed = detail({ status: 'REUNITED', thankYouNote: '고맙습니다' });
    const { api, onChanged } = setup(detail(), { 'POST /api/lost/posts/7/close': { body: closed } });
    await userEvent.click(screen.getByRole('button', { name: '찾았어요' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('감사 인사(선택)'), '고맙습니다');
    await userEvent.click(within(dialog).getByRole('button', { name: '찾았어요로 닫기' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith(closed));
    expect(api.callsTo('POST', '/api/lost/posts/7/close')[0]?.body).toEqual({ status: 'REUNITED', note: '고맙습니다' });
    expect(await screen.findByText('축하해요! 신고를 찾았어요로 닫았어요.')).toBeInTheDocument();
  });

  it('신고 취소 asks first and sends CANCELLED; a refusal is said in Korean', async () => {
    vi.mocked(confirm).mockResolvedValue(true);
    const { api } = setup(detail(), {
      'POST /api/lost/posts/7/close': { status: 409, body: envelope('CONFLICT', 'closed', undefined, { reason: 'LOST_POST_CLOSED' }) },
    });
    await userEvent.click(screen.getByRole('button', { name: '신고 취소' }));
    expect(confirm).toHaveBeenCalled();
    await waitFor(() => expect(api.callsTo('POST', '/api/lost/posts/7/close')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/lost/posts/7/close')[0]?.body).toEqual({ status: 'CANCELLED' });
    expect(await screen.findByText('처리하지 못했어요. 이미 닫힌 글이라 더 바꿀 수 없습니다.')).toBeInTheDocument();
  });

  it('글 고치기 sends the changed words with PUT', async () => {
    const { api, onChanged } = setup(detail(), { 'PUT /api/lost/posts/7': { body: detail({ colour: '흰색' }) } });
    await userEvent.click(screen.getByRole('button', { name: '글 고치기' }));
    const dialog = await screen.findByRole('dialog');
    const colour = within(dialog).getByLabelText('털 색깔');
    await userEvent.clear(colour);
    await userEvent.type(colour, '흰색');
    await userEvent.click(within(dialog).getByRole('button', { name: '저장하기' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(api.callsTo('PUT', '/api/lost/posts/7')[0]?.body).toMatchObject({ colour: '흰색', name: '초코', contact: 'RELAY' });
  });
});

describe('ToStrayReportButton', () => {
  afterEach(() => resetTestApp());

  it('turns the author’s open 발견 post into a stray report after a confirm', async () => {
    vi.mocked(confirm).mockResolvedValue(true);
    const { api } = setup(detail({ kind: 'FOUND', name: null }), {
      'POST /api/lost/posts/7/to-stray-report': { status: 201, body: { strayReportId: 90 } },
    });
    await userEvent.click(screen.getByRole('button', { name: '보호소/관리자에게 제보하기' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/lost/posts/7/to-stray-report')).toHaveLength(1));
    expect(await screen.findByText('이미 보호소·관리자에게 제보한 글이에요.')).toBeInTheDocument();
  });

  it('is not offered on a 실종 신고 nor on a stranger’s found post', () => {
    setup(detail({ kind: 'MISSING' }));
    expect(screen.getByRole('button', { name: '찾았어요' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '보호소/관리자에게 제보하기' })).not.toBeInTheDocument();
  });

  it('says an already reported post in Korean', async () => {
    vi.mocked(confirm).mockResolvedValue(true);
    setup(detail({ kind: 'FOUND' }), {
      'POST /api/lost/posts/7/to-stray-report': {
        status: 409,
        body: envelope('CONFLICT', 'already', undefined, { reason: 'LOST_ALREADY_REPORTED' }),
      },
    });
    await userEvent.click(screen.getByRole('button', { name: '보호소/관리자에게 제보하기' }));
    expect(await screen.findByText('이미 보호소·관리자에게 제보한 글입니다.')).toBeInTheDocument();
  });
});
