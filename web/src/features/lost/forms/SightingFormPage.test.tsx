import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { envelope, mockApi, renderRoutes, resetTestApp, sessionUser, type MockRoute } from '@/testing/render-app';
import { detail, PHOTO } from '../lost-fixtures';
import SightingFormPage from './SightingFormPage';
import { choosePhoto, formsSentTo, jsonPartOf, koreaDate, lostConfig } from './lost-forms.testing';

vi.mock('@/components/map/MapPicker', () => import('./map-picker.testing'));

function setup(path = '/lost/new/sighting', routes: Record<string, MockRoute> = {}) {
  const api = mockApi({
    'GET /api/users/check-session': { body: sessionUser() },
    'GET /api/config': { body: lostConfig() },
    'POST /api/lost/sightings': { status: 201, body: { id: 52 } },
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/lost/new/sighting', element: <SightingFormPage /> },
      { path: '/lost/:id', element: <p>post page</p> },
    ],
    path,
  );
  return { api, view };
}

async function fillSighting() {
  await userEvent.click(await screen.findByRole('button', { name: /해운대$/ }));
  await userEvent.type(screen.getByLabelText(/^장소\(글로\)/), '해운대 해수욕장 앞');
  fireEvent.change(screen.getByLabelText(/^날짜/), { target: { value: koreaDate(0) } });
  fireEvent.change(screen.getByLabelText(/^시간/), { target: { value: '00:00' } });
  await userEvent.type(screen.getByLabelText(/^본 내용/), '흰 말티즈가 목줄 없이 뛰어갔어요');
}

describe('SightingFormPage (/lost/new/sighting)', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => resetTestApp());

  it('a 발견 (FOUND) post needs a photo; the messages are Korean and nothing is sent', async () => {
    const { api } = setup();
    await userEvent.click(await screen.findByRole('button', { name: '글 올리기' }));
    for (const message of ['사진을 한 장 이상 올려 주세요.', '지도를 눌러 위치를 선택해 주세요.', '본 내용을 적어 주세요.'])
      expect(screen.getByText(message)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/lost/sightings')).toHaveLength(0);
    // A 목격 post needs none: the demand goes with the kind.
    await userEvent.click(screen.getByLabelText('목격 — 지나가는 걸 봤어요'));
    expect(screen.queryByText('사진을 한 장 이상 올려 주세요.')).not.toBeInTheDocument();
  });

  it('a 목격 (SEEN) post goes without a photo, attached to a 실종 신고 with ?missingId', async () => {
    const { view } = setup('/lost/new/sighting?kind=SEEN&missingId=7', { 'GET /api/lost/posts/7': { body: detail({ id: 7 }) } });
    expect(await screen.findByLabelText('목격 — 지나가는 걸 봤어요')).toBeChecked();
    // Which report it goes to: the dog's name, photo and area, and the way back.
    const card = within(screen.getByRole('region', { name: '이 글은 아래 실종 신고에 붙어요' }));
    expect(card.getByText('초코 · 푸들')).toBeInTheDocument();
    expect(card.getByRole('img', { name: '초코 사진' })).toHaveAttribute('src', PHOTO);
    expect(card.getByText('마지막으로 본 곳: 서울특별시 마포구')).toBeInTheDocument();
    expect(card.getByRole('link', { name: '실종 신고 다시 보기' })).toHaveAttribute('href', '/lost/7');
    expect(screen.getByText('목격 글은 사진이 없어도 돼요.')).toBeInTheDocument();
    await fillSighting();
    await userEvent.click(screen.getByRole('button', { name: '글 올리기' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/lost/52'));
    const [sent] = formsSentTo('/api/lost/sightings');
    expect(jsonPartOf(sent, 'sighting')).toMatchObject({
      kind: 'SEEN',
      missingId: 7,
      description: '흰 말티즈가 목줄 없이 뛰어갔어요',
      address: '해운대 해수욕장 앞',
      lat: 35.1587,
      lng: 129.1604,
      contact: 'RELAY',
    });
    expect(sent?.get('photo1')).toBeNull();
  });

  it('a wrong, hidden, closed or non-missing ?missingId says so in Korean and shows no form, so nothing is sent', async () => {
    const cases: [string, MockRoute | null, string][] = [
      ['abc', null, '붙이려는 실종 신고를 찾을 수 없어요.'],
      [
        '8',
        { status: 404, body: envelope('NOT_FOUND', 'gone', undefined, { reason: 'LOST_POST_NOT_FOUND' }) },
        '붙이려는 실종 신고를 찾을 수 없어요.',
      ],
      ['8', { body: detail({ id: 8, hidden: true }) }, '붙이려는 실종 신고를 찾을 수 없어요.'],
      ['8', { body: detail({ id: 8, status: 'REUNITED' }) }, '이 실종 신고는 이미 끝났어요'],
      ['8', { body: detail({ id: 8, kind: 'FOUND' }) }, '이 글은 실종 신고가 아니라서'],
    ];
    for (const [param, answer, sentence] of cases) {
      const { api, view } = setup(`/lost/new/sighting?kind=SEEN&missingId=${param}`, answer ? { 'GET /api/lost/posts/8': answer } : {});
      expect((await screen.findByRole('alert')).textContent).toContain(sentence);
      expect(screen.queryByRole('button', { name: '글 올리기' })).toBeNull();
      expect(screen.getByRole('link', { name: '실종 신고와 상관없이 목격 글 쓰기' })).toHaveAttribute(
        'href',
        '/lost/new/sighting?kind=SEEN',
      );
      expect(api.callsTo('POST', '/api/lost/sightings')).toHaveLength(0);
      if (!answer) expect(api.callsTo('GET', '/api/lost/posts/8')).toHaveLength(0);
      view.unmount();
      resetTestApp();
    }
  });

  it('sends a 발견 post with its photos in photo1, photo2', async () => {
    setup();
    await screen.findByRole('button', { name: '글 올리기' });
    await choosePhoto('a.png');
    await choosePhoto('b.png', 2);
    await fillSighting();
    await userEvent.click(screen.getByRole('button', { name: '글 올리기' }));
    await waitFor(() => expect(formsSentTo('/api/lost/sightings')).toHaveLength(1));
    const [sent] = formsSentTo('/api/lost/sightings');
    expect(jsonPartOf(sent, 'sighting').kind).toBe('FOUND');
    expect((sent?.get('photo1') as File).name).toBe('a.png');
    expect((sent?.get('photo2') as File).name).toBe('b.png');
  });

  it("shows the server's refusal in Korean (daily limit; HTML refused on its field)", async () => {
    setup('/lost/new/sighting?kind=SEEN', {
      'POST /api/lost/sightings': {
        status: 400,
        body: envelope('VALIDATION_FAILED', 'bad', { description: 'html' }, { fieldErrorCodes: { description: 'lostHtmlRefused' } }),
      },
    });
    await fillSighting();
    await userEvent.click(screen.getByRole('button', { name: '글 올리기' }));
    expect(await screen.findByText('HTML 태그는 쓸 수 없습니다. 글자만 입력해 주세요.')).toBeInTheDocument();
  });

  it('says the daily limit in Korean', async () => {
    setup('/lost/new/sighting?kind=SEEN', {
      'POST /api/lost/sightings': { status: 429, body: envelope('RATE_LIMITED', 'limit', undefined, { reason: 'LOST_DAILY_LIMIT' }) },
    });
    await fillSighting();
    await userEvent.click(screen.getByRole('button', { name: '글 올리기' }));
    expect(
      await screen.findByText('글을 올리지 못했어요. 실종·목격 글은 하루에 20건까지 쓸 수 있습니다. 내일 다시 시도해 주세요.'),
    ).toBeInTheDocument();
  });
});
