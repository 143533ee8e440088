import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Pet } from '@pawbridge/shared';
import { envelope, mockApi, renderRoutes, resetTestApp, sessionUser, type MockRoute } from '@/testing/render-app';
import MissingFormPage from './MissingFormPage';
import { choosePhoto, formsSentTo, jsonPartOf, koreaDate, lostConfig } from './lost-forms.testing';

vi.mock('@/components/map/MapPicker', () => import('./map-picker.testing'));

const choco: Pet = {
  id: '410000000012345',
  petId: '410000000012345',
  name: '초코',
  type: '푸들',
  weight: 4.2,
  age: 3,
  size: 'SMALL',
  gender: 'MALE',
  adopt: false,
  imageUrl: '/uploads/choco.jpg',
};

function setup(path = '/lost/new/missing', routes: Record<string, MockRoute> = {}, session: unknown = sessionUser(), on = true) {
  const api = mockApi({
    'GET /api/users/check-session': { body: session },
    'GET /api/config': { body: lostConfig(on) },
    [`GET /api/pet/${choco.id}`]: { body: choco },
    'POST /api/lost/missing': { status: 201, body: { id: 41 } },
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/lost/new/missing', element: <MissingFormPage /> },
      { path: '/lost/:id', element: <p>post page</p> },
      { path: '/login', element: <p>login</p> },
    ],
    path,
  );
  return { api, view };
}

async function fillPlace(date = koreaDate(-1)) {
  await userEvent.click(await screen.findByRole('button', { name: /망원동$/ }));
  await userEvent.type(screen.getByLabelText(/^장소\(글로\)/), '망원한강공원 입구');
  fireEvent.change(screen.getByLabelText(/^날짜/), { target: { value: date } });
  fireEvent.change(screen.getByLabelText(/^시간/), { target: { value: '09:30' } });
}

describe('MissingFormPage (/lost/new/missing)', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => resetTestApp());

  it('asks a visitor to log in, and says the legacy has no board', async () => {
    const { view } = setup('/lost/new/missing', {}, { loggedIn: false });
    expect(await screen.findByText('글을 쓰려면 로그인이 필요해요.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '실종 신고 올리기' })).not.toBeInTheDocument();
    view.unmount();
    resetTestApp();
    setup('/lost/new/missing', {}, sessionUser(), false);
    expect(await screen.findByText('지금 연결된 서버에서는 실종·목격 게시판을 쓸 수 없어요.')).toBeInTheDocument();
  });

  it('names every missing field in Korean and sends nothing', async () => {
    const { api } = setup();
    await userEvent.click(await screen.findByRole('button', { name: '실종 신고 올리기' }));
    for (const message of [
      '반려견 이름을 입력해 주세요.',
      '지도를 눌러 위치를 선택해 주세요.',
      '장소를 글로 적어 주세요.',
      '날짜를 입력해 주세요.',
      '시간을 입력해 주세요.',
      '사진을 한 장 이상 올려 주세요.',
    ])
      expect(screen.getByText(message)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/lost/missing')).toHaveLength(0);
  });

  it('refuses a future date, a date over a year back and a phone contact without a number', async () => {
    const { api } = setup();
    await userEvent.type(await screen.findByLabelText(/^이름/), '보리');
    await choosePhoto();
    await fillPlace(koreaDate(2));
    await userEvent.click(screen.getByLabelText('휴대폰 번호 보여 주기'));
    await userEvent.click(screen.getByRole('button', { name: '실종 신고 올리기' }));
    expect(screen.getByText('날짜와 시간은 지금 이후로 입력할 수 없습니다.')).toBeInTheDocument();
    expect(screen.getByText('휴대폰 번호를 입력해 주세요.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^날짜/), { target: { value: koreaDate(-400) } });
    await userEvent.click(screen.getByRole('button', { name: '실종 신고 올리기' }));
    expect(screen.getByText('1년이 넘은 날짜는 입력할 수 없습니다.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/lost/missing')).toHaveLength(0);
  });

  it('carries a registered dog over (?petId), sends the multipart body and opens the post', async () => {
    const { view } = setup(`/lost/new/missing?petId=${choco.id}`);
    expect(await screen.findByText('초코의 등록 정보를 가져왔어요. 필요하면 고쳐 주세요.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^이름/)).toHaveValue('초코');
    expect(screen.getByLabelText(/^품종/)).toHaveValue('푸들');
    expect(screen.getByLabelText(/^몸무게/)).toHaveValue('4.2');
    expect(screen.getByLabelText(/^동물등록번호/)).toHaveValue(choco.id);
    expect(screen.getByAltText('초코의 등록된 사진')).toBeInTheDocument();
    // The dog's photo counts: four more at most.
    expect(screen.getByText('한 글에 사진은 4장까지 올릴 수 있어요.')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/^품종/));
    await userEvent.type(screen.getByLabelText(/^품종/), '토이푸들');
    await choosePhoto('harness.png');
    await fillPlace();
    await userEvent.type(screen.getByLabelText(/^옷차림과 특징/), '빨간 하네스');
    await userEvent.type(screen.getByLabelText(/^사례금/), '300000');
    await userEvent.click(screen.getByRole('button', { name: '실종 신고 올리기' }));

    await waitFor(() => expect(view.router.state.location.pathname).toBe('/lost/41'));
    const [sent] = formsSentTo('/api/lost/missing');
    const json = jsonPartOf(sent, 'missing');
    expect(json).toMatchObject({
      petId: choco.id,
      name: '초코',
      breed: '토이푸들',
      size: 'SMALL',
      gender: 'MALE',
      weight: 4.2,
      features: '빨간 하네스',
      reward: 300000,
      contact: 'RELAY',
      lat: 37.556,
      lng: 126.901,
      address: '망원한강공원 입구',
      time: '09:30',
    });
    expect(sent?.get('photo1')).toBeInstanceOf(File);
    expect((sent?.get('photo1') as File).name).toBe('harness.png');
    expect(sent?.get('photo2')).toBeNull();
  });

  it("says the server's refusal in Korean: the reason's sentence and a field code on its control", async () => {
    setup('/lost/new/missing', {
      'POST /api/lost/missing': {
        status: 409,
        body: envelope('CONFLICT', 'limit', undefined, { reason: 'LOST_OPEN_LIMIT' }),
      },
    });
    await userEvent.type(await screen.findByLabelText(/^이름/), '보리');
    await choosePhoto();
    await fillPlace();
    await userEvent.click(screen.getByRole('button', { name: '실종 신고 올리기' }));
    expect(
      await screen.findByText(
        '글을 올리지 못했어요. 진행 중인 실종 신고는 5건까지입니다. 찾았거나 더는 찾지 않는 신고를 먼저 닫아 주세요.',
      ),
    ).toBeInTheDocument();
  });

  it('puts a field code the server sends on its control, in Korean', async () => {
    setup('/lost/new/missing', {
      'POST /api/lost/missing': {
        status: 400,
        body: envelope('VALIDATION_FAILED', 'bad', { lat: 'outside' }, { fieldErrorCodes: { lat: 'lostOutsideKorea' } }),
      },
    });
    await userEvent.type(await screen.findByLabelText(/^이름/), '보리');
    await choosePhoto();
    await fillPlace();
    await userEvent.click(screen.getByRole('button', { name: '실종 신고 올리기' }));
    expect(await screen.findByText('위치는 대한민국 안이어야 합니다. 지도에서 다시 선택해 주세요.')).toBeInTheDocument();
    expect(screen.getByText(/글을 올리지 못했어요\. 입력한 내용을 다시 확인해 주세요\./)).toBeInTheDocument();
  });
});
