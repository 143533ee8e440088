import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicConfig } from '@pawbridge/shared';
import { envelope, mockApi, renderRoutes, resetTestApp, sessionUser, type MockRoute, type Reply } from '@/testing/render-app';
import type { MapPickerProps } from '@/components/map/MapPicker';
import ReportStrayPage from './ReportStrayPage';

// The real map needs a layout engine; this stand-in picks a fixed point.
vi.mock('@/components/map/MapPicker', () => ({
  default: ({ label, onChange, error }: MapPickerProps) => (
    <div>
      <button type="button" onClick={() => onChange({ lat: 37.5665, lng: 126.978 })}>
        {label} 지도 클릭
      </button>
      {error && <p>{error}</p>}
    </div>
  ),
}));

const config = (breedPrediction = true): PublicConfig => ({
  map: { provider: 'leaflet', tileUrl: 'https://tile.example/{z}/{x}/{y}.png', attribution: 'OSM' },
  socialProviders: [],
  payments: { mode: 'test', merchantCode: null },
  breedPrediction,
});

function setup(routes: Record<string, MockRoute> = {}, session: unknown = sessionUser()) {
  const api = mockApi({
    'GET /api/users/check-session': { body: session },
    'GET /api/config': { body: config() },
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

const photo = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'dog.png', { type: 'image/png' });

async function choosePhoto() {
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  await userEvent.upload(input, photo());
}

async function fillValidForm() {
  await userEvent.click(await screen.findByRole('button', { name: '발견 위치 지도 클릭' }));
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

  it('sends the legacy multipart shape, reads "제보하는 중…" meanwhile, then offers next steps', async () => {
    const answer = deferred();
    setup({ 'POST /api/abandoned/register': () => answer.promise });
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: '제보하기' }));
    expect(await screen.findByRole('button', { name: '제보하는 중…' })).toBeDisabled();

    const form = formsSentTo('/api/abandoned/register')[0];
    expect(form?.get('imageurl')).toBeInstanceOf(File);
    expect(JSON.parse(String(form?.get('abandoned-pet')))).toEqual({
      latitude: 37.5665,
      longitude: 126.978,
      gender: 'FEMALE',
      description: '빨간 목줄을 한 갈색 강아지',
      location: '부산광역시',
      type: '진돗개',
      foundDate: '2026-11-20',
      foundTime: '14:30',
    });

    answer.resolve({ status: 201, body: { ok: true, message: '유기견 등록이 완료되었습니다.', id: 5 } });
    expect(await screen.findByText('제보해 주셔서 고맙습니다')).toBeInTheDocument();
    expect(screen.getByText(/제보가 접수되었습니다/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '입양 목록 보기' })).toHaveAttribute('href', '/adopt');
    await userEvent.click(screen.getByRole('button', { name: '다른 유기견 제보하기' }));
    expect(screen.getByLabelText(/^설명/)).toHaveValue('');
  });

  it('shows the server reason when registration fails and marks the field', async () => {
    setup({
      'POST /api/abandoned/register': { status: 400, body: envelope('VALIDATION_FAILED', '입력값을 확인해 주세요.', { foundDate: '발견 날짜가 올바르지 않습니다.' }) },
    });
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: '제보하기' }));
    expect(await screen.findByText('등록에 실패했습니다: 입력값을 확인해 주세요.')).toBeInTheDocument();
    expect(screen.getByText('발견 날짜가 올바르지 않습니다.')).toBeInTheDocument();
  });

  it('asks to log in when the session ended before submitting', async () => {
    setup({ 'POST /api/abandoned/register': { status: 401, body: envelope('UNAUTHENTICATED', '로그인이 필요합니다.') } });
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: '제보하기' }));
    await waitFor(() => expect(screen.getAllByText('유기견을 제보하려면 로그인이 필요합니다').length).toBeGreaterThan(0));
  });
});
