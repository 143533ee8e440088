import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicConfig } from '@pawbridge/shared';
import { envelope, mockApi, renderRoutes, resetTestApp, sessionUser, type MockRoute, type Reply } from '@/testing/render-app';
import type { MapPickerProps } from '@/components/map/MapPicker';
import ReportStrayPage from './ReportStrayPage';

// The real map needs a layout engine; this stand-in picks fixed points and shows where the map looks.
vi.mock('@/components/map/MapPicker', () => ({
  default: ({ label, value, onChange, error, center }: MapPickerProps) => (
    <div>
      <button type="button" onClick={() => onChange({ lat: 37.5665, lng: 126.978 })}>
        {label} 지도 클릭
      </button>
      <button type="button" onClick={() => onChange({ lat: 35.1587, lng: 129.1604 })}>
        {label} 해운대 클릭
      </button>
      <span data-testid="map-center">{center ? `${center.lat},${center.lng}` : 'default'}</span>
      <span data-testid="pin">{value ? `${value.lat},${value.lng}` : 'none'}</span>
      {error && <p>{error}</p>}
    </div>
  ),
}));

const config = (breedPrediction = true): PublicConfig => ({
  map: { provider: 'leaflet', tileUrl: 'https://tile.example/{z}/{x}/{y}.png', attribution: 'OSM' },
  socialProviders: [],
  payments: { mode: 'test', merchantCode: null },
  breedPrediction,
  donations: true,
  nicknames: true,
  strayNames: true,
});

function setup(routes: Record<string, MockRoute> = {}, session: unknown = sessionUser(), breedPrediction = true) {
  const api = mockApi({
    'GET /api/users/check-session': { body: session },
    'GET /api/config': { body: config(breedPrediction) },
    'POST /api/abandoned/predict': { body: { predictedBreed: '진돗개', confidence: 0.91 } },
    'POST /api/abandoned/register': { status: 201, body: { ok: true, message: '유기견 등록이 완료되었습니다.', id: 5 } },
    ...routes,
  });
  const view = renderRoutes(
    [
      { path: '/abandoned/register', element: <ReportStrayPage /> },
      { path: '/login', element: <p>로그인 화면</p> },
      { path: '/adopt', element: <p>입양 화면</p> },
    ],
    '/abandoned/register',
  );
  return { api, view };
}

/** The FormData bodies the page sent to `path`. */
const formsSentTo = (path: string) =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([url]) => new URL(String(url)).pathname === path)
    .map(([, init]) => init?.body as FormData);

const deferred = () => {
  let resolve: (r: Reply) => void = () => undefined;
  const promise = new Promise<Reply>((r) => (resolve = r));
  return { promise, resolve };
};

// A real 1×1 PNG: the photo field reads the first bytes.
const PNG_1PX = Uint8Array.from(
  atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGD4DwABBAEAwS2OUAAAAABJRU5ErkJggg=='),
  (c) => c.charCodeAt(0),
);
const photo = () => new File([PNG_1PX], 'dog.png', { type: 'image/png' });

async function choosePhoto() {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(input, photo());
}

async function fillValidForm() {
  await userEvent.click(await screen.findByRole('button', { name: '발견 위치 해운대 클릭' }));
  await choosePhoto();
  await userEvent.selectOptions(screen.getByLabelText(/^발견 지역/), '부산광역시');
  await userEvent.selectOptions(screen.getByLabelText(/^성별/), 'FEMALE');
  fireEvent.change(screen.getByLabelText(/^발견 날짜/), { target: { value: '2026-11-20' } });
  fireEvent.change(screen.getByLabelText(/^발견 시간/), { target: { value: '14:30' } });
  await userEvent.type(screen.getByLabelText(/^설명/), '빨간 목줄을 한 갈색 강아지');
}

describe('ReportStrayPage', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => resetTestApp());

  it('asks visitors to log in instead of showing the form', async () => {
    setup({}, { loggedIn: false });
    expect(await screen.findByText('유기견을 제보하려면 로그인이 필요합니다')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '로그인하러 가기' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: '제보하기' })).not.toBeInTheDocument();
  });

  it('shows every required-field message and sends nothing', async () => {
    const { api } = setup();
    await userEvent.click(await screen.findByRole('button', { name: '제보하기' }));
    for (const message of [
      '지도를 눌러 발견 위치를 다시 선택해 주세요',
      '유기견 사진은 필수입니다',
      '유기견에 대한 설명을 입력해 주세요',
      '발견한 지역을 선택해 주세요',
      '발견 날짜를 입력해 주세요',
      '발견 시간을 입력해 주세요',
    ])
      expect(screen.getByText(message)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/abandoned/register')).toHaveLength(0);
  });

  it('fills the breed from the prediction and "다시 예측" clears it and asks again', async () => {
    const second = deferred();
    let calls = 0;
    const { api } = setup({
      'POST /api/abandoned/predict': () => (++calls === 1 ? { body: { predictedBreed: '진돗개', confidence: 0.91 } } : second.promise),
    });
    await screen.findByRole('button', { name: '제보하기' });
    await choosePhoto();
    expect(await screen.findByText('예측 품종: 진돗개')).toBeInTheDocument();
    expect(screen.getByText('신뢰도 91%')).toBeInTheDocument();
    expect(screen.getByLabelText('품종')).toHaveValue('진돗개');
    expect(formsSentTo('/api/abandoned/predict')[0]?.get('imageurl')).toBeInstanceOf(File);

    await userEvent.click(screen.getByRole('button', { name: '다시 예측' }));
    expect(screen.queryByText('예측 품종: 진돗개')).not.toBeInTheDocument();
    expect(screen.getByLabelText('품종')).toHaveValue('');
    expect(await screen.findByText('사진으로 품종을 예측하는 중…')).toBeInTheDocument();
    second.resolve({ body: { predictedBreed: null, confidence: 0.2 } });
    expect(await screen.findByText('품종을 확신할 수 없습니다. 직접 입력해 주세요.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/abandoned/predict')).toHaveLength(2);
  });

  it('keeps a breed the user typed', async () => {
    setup();
    await screen.findByRole('button', { name: '제보하기' });
    await userEvent.type(screen.getByLabelText('품종'), '푸들');
    await choosePhoto();
    await screen.findByText('예측 품종: 진돗개');
    expect(screen.getByLabelText('품종')).toHaveValue('푸들');
  });

  it('says "enter it yourself" when prediction is unavailable', async () => {
    setup({ 'POST /api/abandoned/predict': { status: 503, body: envelope('PREDICTION_UNAVAILABLE', '품종 예측을 사용할 수 없습니다.') } });
    await screen.findByRole('button', { name: '제보하기' });
    await choosePhoto();
    expect(await screen.findByText('품종 예측에 실패했습니다. 직접 입력해 주세요')).toBeInTheDocument();
  });

  it('without a predictor offers no AI step: one quiet line says the breed is typed by hand', async () => {
    const { api } = setup({}, sessionUser(), false);
    await screen.findByRole('button', { name: '제보하기' });
    await choosePhoto();
    await screen.findByRole('img', { name: '선택한 사진 미리보기' });
    expect(screen.getAllByText('품종은 직접 입력해 주세요. 모르면 비워 두어도 됩니다.')).toHaveLength(1);
    expect(screen.queryByText('AI 품종 예측')).not.toBeInTheDocument();
    expect(screen.queryByText('품종 예측에 실패했습니다. 직접 입력해 주세요')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/abandoned/predict')).toHaveLength(0);
  });

  it('offers all 17 시·도 and moves the map to the chosen one', async () => {
    setup();
    const region = await screen.findByLabelText(/^발견 지역/);
    expect(region.querySelectorAll('option')).toHaveLength(18);
    expect(screen.getByTestId('map-center')).toHaveTextContent('default');
    await userEvent.selectOptions(region, '대구광역시');
    expect(screen.getByTestId('map-center')).toHaveTextContent('35.8714,128.6014');
    await userEvent.selectOptions(region, '부산광역시');
    expect(screen.getByTestId('map-center')).toHaveTextContent('35.1798,129.075');
  });

  it('fills the region from the pin while the user has not chosen one', async () => {
    setup();
    await userEvent.click(await screen.findByRole('button', { name: '발견 위치 해운대 클릭' }));
    expect(screen.getByLabelText(/^발견 지역/)).toHaveValue('부산광역시');
    await userEvent.click(screen.getByRole('button', { name: '발견 위치 지도 클릭' }));
    expect(screen.getByLabelText(/^발견 지역/)).toHaveValue('서울특별시');
  });

  it('asks which is right when the pin lies outside the chosen region: take the pin’s region', async () => {
    setup();
    await userEvent.selectOptions(await screen.findByLabelText(/^발견 지역/), '부산광역시');
    await userEvent.click(screen.getByRole('button', { name: '발견 위치 지도 클릭' }));
    expect(screen.getByText('지도에서 고른 위치가 부산광역시 밖에 있어요. 어느 쪽이 맞나요?').closest('[role="alert"]')).not.toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '지역을 서울특별시로 바꾸기' }));
    expect(screen.getByLabelText(/^발견 지역/)).toHaveValue('서울특별시');
    expect(screen.queryByText(/밖에 있어요/)).not.toBeInTheDocument();
    expect(screen.getByTestId('pin')).toHaveTextContent('37.5665,126.978');
  });

  it('asks which is right when the pin lies outside the chosen region: pick again there', async () => {
    setup();
    await userEvent.selectOptions(await screen.findByLabelText(/^발견 지역/), '부산광역시');
    await userEvent.click(screen.getByRole('button', { name: '발견 위치 지도 클릭' }));
    Element.prototype.scrollIntoView = vi.fn();
    await userEvent.click(screen.getByRole('button', { name: '부산광역시에서 위치 다시 고르기' }));
    expect(screen.getByTestId('pin')).toHaveTextContent('none');
    expect(screen.getByTestId('map-center')).toHaveTextContent('35.1798,129.075');
    expect(screen.getByLabelText(/^발견 지역/)).toHaveValue('부산광역시');
    expect(screen.queryByText(/밖에 있어요/)).not.toBeInTheDocument();
  });

  it('sends the legacy multipart shape, reads "제보하는 중…" meanwhile, then offers next steps', async () => {
    const answer = deferred();
    setup({ 'POST /api/abandoned/register': () => answer.promise });
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: '제보하기' }));
    expect(await screen.findByRole('button', { name: '제보하는 중…' })).toBeDisabled();

    const form = formsSentTo('/api/abandoned/register')[0];
    expect(form?.get('imageurl')).toBeInstanceOf(File);
    expect(JSON.parse(String(form?.get('abandoned-pet')))).toEqual({
      latitude: 35.1587,
      longitude: 129.1604,
      gender: 'FEMALE',
      description: '빨간 목줄을 한 갈색 강아지',
      location: '부산광역시',
      type: '진돗개',
      foundDate: '2026-11-20',
      foundTime: '14:30',
    });

    answer.resolve({ status: 201, body: { ok: true, message: '유기견 등록이 완료되었습니다.', id: 5 } });
    expect(await screen.findByText('제보해 주셔서 고맙습니다')).toBeInTheDocument();
    // Said once, by the panel: no toast saying it again (issue 25 item 6).
    expect(screen.queryByText(/제보가 접수되었습니다/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '입양 목록 보기' })).toHaveAttribute('href', '/adopt');
    await userEvent.click(screen.getByRole('button', { name: '다른 유기견 제보하기' }));
    expect(screen.getByLabelText(/^설명/)).toHaveValue('');
  });

  it('shows the server reason when registration fails and marks the field', async () => {
    setup({
      'POST /api/abandoned/register': {
        status: 400,
        body: envelope(
          'VALIDATION_FAILED',
          'check input (server words)',
          { foundDate: 'bad date (server words)' },
          { fieldErrorCodes: { foundDate: 'foundDateInvalid' } },
        ),
      },
    });
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: '제보하기' }));
    expect(await screen.findByText('등록에 실패했습니다: 입력한 내용을 다시 확인해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('발견 날짜가 올바르지 않습니다')).toBeInTheDocument();
  });

  it("shows the upstream's reason when the report failed upstream (502 REPORT_FAILED), not a generic line", async () => {
    setup({
      'POST /api/abandoned/register': {
        status: 502,
        body: envelope('REPORT_FAILED', '품종 예측 서비스가 응답하지 않아 제보를 저장하지 못했습니다.'),
      },
    });
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: '제보하기' }));
    expect(
      await screen.findByText('등록에 실패했습니다: 품종 예측 서비스가 응답하지 않아 제보를 저장하지 못했습니다.'),
    ).toBeInTheDocument();
  });

  it('asks to log in when the session ended before submitting', async () => {
    setup({ 'POST /api/abandoned/register': { status: 401, body: envelope('UNAUTHENTICATED', '로그인이 필요합니다.') } });
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: '제보하기' }));
    await waitFor(() => expect(screen.getAllByText('유기견을 제보하려면 로그인이 필요합니다').length).toBeGreaterThan(0));
  });
});
