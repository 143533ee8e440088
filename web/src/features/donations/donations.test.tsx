import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ModalsProvider } from '@mantine/modals';
import type { DonationHistoryItem, PublicConfig } from '@pawbridge/shared';
import { envelope, mockApi, renderRoutes, resetTestApp, sessionUser, type MockRoute } from '@/testing/render-app';
import { MyDonations, StrayDonation } from './index';

const testConfig: PublicConfig = {
  map: { provider: 'leaflet', tileUrl: 'x', attribution: 'x' },
  socialProviders: [],
  payments: { mode: 'test', merchantCode: null },
  breedPrediction: false,
  donations: true,
  nicknames: true,
  strayNames: true,
};
const portoneConfig: PublicConfig = { ...testConfig, payments: { mode: 'portone', merchantCode: 'imp12345678' } };

function setup(routes: Record<string, MockRoute> = {}, session: unknown = sessionUser()) {
  const api = mockApi({
    'GET /api/users/check-session': { body: session },
    'GET /api/config': { body: testConfig },
    'GET /api/abandoned/donation/totals': {
      body: { available: true, totals: [{ abandonedPetId: 7, totalAmount: 15_000, donationCount: 2 }] },
    },
    'GET /api/abandoned/donation/my-donations': { body: [] },
    'POST /api/abandoned/donation/prepare': { body: { ok: true, merchantUid: 'x', amount: 1 } },
    ...routes,
  });
  renderRoutes(
    [
      {
        path: '/adopt',
        element: (
          <ModalsProvider>
            <StrayDonation stray={{ id: 7, name: '보리' }} />
            <MyDonations />
          </ModalsProvider>
        ),
      },
    ],
    '/adopt',
  );
  return api;
}

const user = () => userEvent.setup();

const item = (over: Partial<DonationHistoryItem>): DonationHistoryItem => ({
  donationId: 1,
  abandonedPetId: 7,
  petName: '보리',
  type: '진돗개',
  imageUrl: '/uploads/bori.jpg',
  amount: 10_000,
  donatedAt: '2026-11-21T01:00:00.000Z',
  status: 'PROTECTING',
  paymentStatus: 'PAID',
  impUid: 'imp_test_abcdef0123',
  merchantUid: 'donation_1732150800000',
  paymentMethod: 'card',
  ...over,
});

/** Opens the amount modal, picks or types an amount, confirms. */
async function donate(u: ReturnType<typeof user>, amount: '10,000원' | string) {
  await u.click(await screen.findByRole('button', { name: '보리에게 후원하기' }));
  const dialog = await screen.findByRole('dialog', { name: '보리 후원하기' });
  // Every button has a name (axe's button-name): the close icon too.
  expect(within(dialog).getByRole('button', { name: '닫기' })).toBeInTheDocument();
  if (amount.endsWith('원')) await u.click(within(dialog).getByRole('button', { name: amount }));
  else {
    const input = within(dialog).getByRole('textbox', { name: '후원 금액' });
    await u.clear(input);
    if (amount) await u.type(input, amount);
  }
  await u.click(within(dialog).getByRole('button', { name: '다음' }));
}

describe('donations', () => {
  afterEach(() => {
    resetTestApp();
    delete window.IMP;
    vi.restoreAllMocks();
  });

  it('shows what the stray has been given so far', async () => {
    setup();
    expect(await screen.findByText('지금까지 15,000원 후원받았어요')).toBeInTheDocument();
  });

  it('offers no donation when the server says none can succeed (the legacy without a merchant code)', async () => {
    const api = setup({ 'GET /api/config': { body: { ...testConfig, donations: false } } });
    expect(await screen.findByText('아직 후원 내역이 없습니다.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/config').length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.queryByRole('button', { name: '보리에게 후원하기' })).not.toBeInTheDocument());
    expect(screen.queryByText('지금까지 15,000원 후원받았어요')).not.toBeInTheDocument();
  });

  it('asks a visitor to log in first and sends nothing', async () => {
    const api = setup({}, { loggedIn: false });
    await user().click(await screen.findByRole('button', { name: '보리에게 후원하기' }));
    expect(await screen.findByText('후원하려면 로그인이 필요합니다.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/abandoned/donation/prepare')).toHaveLength(0);
  });

  it('refuses an amount that is not more than 0', async () => {
    const api = setup();
    const u = user();
    await donate(u, '0');
    expect(await screen.findByText('올바른 금액을 입력해 주세요.')).toBeInTheDocument();
    await donate(u, '');
    expect(screen.getByText('올바른 금액을 입력해 주세요.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/abandoned/donation/prepare')).toHaveLength(0);
  });

  it('test gateway: confirm, "테스트 결제" approval, then the record goes to the server (no name from the client)', async () => {
    const api = setup({
      'POST /api/abandoned/donation/test-checkout': ({ body }) => ({
        body: {
          success: true,
          imp_uid: 'imp_test_abcdef0123',
          merchant_uid: (body as { merchantUid: string }).merchantUid,
          error_msg: null,
        },
      }),
      'POST /api/abandoned/donation/imp_test_abcdef0123': {
        body: { ok: true, message: 'ok', impUid: 'imp_test_abcdef0123', amount: 10_000 },
      },
    });
    const u = user();
    await donate(u, '10,000원');
    const confirmDialog = await screen.findByRole('dialog', { name: '후원 확인' });
    expect(within(confirmDialog).getByText('보리에게 10,000원을 후원할까요? 카드 결제 창이 열립니다.')).toBeInTheDocument();
    await u.click(within(confirmDialog).getByRole('button', { name: '결제하기' }));
    const checkout = await screen.findByRole('dialog', { name: '테스트 결제' });
    expect(within(checkout).getByRole('button', { name: '닫기' })).toBeInTheDocument();
    expect(within(checkout).getByText('포브리지 유기견 후원 - 보리')).toBeInTheDocument();
    await u.click(within(checkout).getByRole('button', { name: '결제 승인' }));
    expect(await screen.findByText('보리에게 10,000원을 후원했습니다. 고맙습니다!')).toBeInTheDocument();
    const [prepare] = api.callsTo('POST', '/api/abandoned/donation/prepare');
    expect(prepare?.body).toMatchObject({ amount: 10_000, abandonedPetId: 7, merchantUid: expect.stringMatching(/^donation_\d+$/) });
    const [recorded] = api.callsTo('POST', '/api/abandoned/donation/imp_test_abcdef0123');
    expect(recorded?.body).toEqual({
      impUid: 'imp_test_abcdef0123',
      merchantUid: (prepare?.body as { merchantUid: string }).merchantUid,
      amount: 10_000,
      paymentMethod: 'card',
      abandonedPetId: 7,
    });
    // The history (a paged list, under its own cache key) is read again after the donation.
    await waitFor(() => expect(api.callsTo('GET', '/api/abandoned/donation/my-donations').length).toBeGreaterThan(1));
  });

  it('PortOne: IMP.init with the merchant code, request_pay by card with the session buyer; a failed payment shows the provider’s message and records nothing', async () => {
    const init = vi.fn();
    const requestPay = vi.fn((_params: unknown, cb: (rsp: unknown) => void) => cb({ success: false, error_msg: '카드 한도 초과' }));
    window.IMP = { init, request_pay: requestPay };
    const api = setup({ 'GET /api/config': { body: portoneConfig } });
    const u = user();
    await donate(u, '30,000원');
    await u.click(within(await screen.findByRole('dialog', { name: '후원 확인' })).getByRole('button', { name: '결제하기' }));
    expect(await screen.findByText('결제에 실패했습니다: 카드 한도 초과')).toBeInTheDocument();
    expect(init).toHaveBeenCalledWith('imp12345678');
    expect(requestPay.mock.calls[0]?.[0]).toMatchObject({
      pay_method: 'card',
      amount: 30_000,
      merchant_uid: expect.stringMatching(/^donation_\d+$/),
      name: '포브리지 유기견 후원 - 보리',
      buyer_email: sessionUser().email,
      buyer_name: sessionUser().displayName,
    });
    expect(api.calls.filter((c) => c.method === 'POST' && /^\/api\/abandoned\/donation\/imp/.test(c.path))).toHaveLength(0);
  });

  it('server failures: a replay is "already recorded", anything else the spec’s processing error', async () => {
    window.IMP = { init: vi.fn(), request_pay: (_p, cb) => cb({ success: true, imp_uid: 'imp_1234567890' }) };
    let status = 409;
    setup({
      'GET /api/config': { body: portoneConfig },
      'POST /api/abandoned/donation/imp_1234567890': () => ({
        status,
        body: envelope(status === 409 ? 'DONATION_ALREADY_RECORDED' : 'UPSTREAM_UNAVAILABLE', 'x'),
      }),
    });
    const u = user();
    await donate(u, '5,000원');
    await u.click(within(await screen.findByRole('dialog', { name: '후원 확인' })).getByRole('button', { name: '결제하기' }));
    expect(await screen.findByText('이미 기록된 후원 결제입니다.')).toBeInTheDocument();
    status = 502;
    await donate(u, '5,000원');
    await u.click(within(await screen.findByRole('dialog', { name: '후원 확인' })).getByRole('button', { name: '결제하기' }));
    expect(await screen.findByText('후원 처리 중 오류가 발생했습니다.')).toBeInTheDocument();
  });

  it('history: newest first with photo, name, amount and date; the detail modal shows the payment', async () => {
    setup({
      'GET /api/abandoned/donation/my-donations': {
        body: [item({}), item({ donationId: 2, petName: '콩이', amount: 1_234_000, imageUrl: null })],
      },
    });
    const section = await screen.findByRole('region', { name: '내 후원 내역' });
    const rows = await within(section).findAllByRole('button', { name: /자세히 보기$/ });
    // The accessible name starts with what is seen (axe's label-content-name-mismatch).
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^보리결제 완료.*10,000원자세히 보기$/),
      expect.stringMatching(/^콩이결제 완료.*1,234,000원자세히 보기$/),
    ]);
    expect(within(section).getByText('1,234,000원')).toBeInTheDocument();
    expect(within(section).getAllByText('2026. 11. 21.')).toHaveLength(2);
    await user().click(rows[0] as HTMLElement);
    const modal = await screen.findByRole('dialog', { name: '후원 상세' });
    expect(within(modal).getByRole('img', { name: '보리의 사진' })).toHaveAttribute('src', '/uploads/bori.jpg');
    for (const text of [
      '10,000원',
      '2026년 11월 21일 오전 10:00',
      '결제 완료',
      '카드',
      'imp_test_abcdef0123',
      'donation_1732150800000',
      '보호 중',
    ])
      expect(within(modal).getByText(text)).toBeInTheDocument();
  });

  it('history of more than a page: 20 first, "더 보기" asks for page 2 and then shows all', async () => {
    const all = Array.from({ length: 23 }, (_, i) => item({ donationId: 100 - i, petName: `강아지 ${100 - i}` }));
    const api = setup({
      'GET /api/abandoned/donation/my-donations': ({ query }) => {
        const page = Number(query.get('page'));
        const size = Number(query.get('size'));
        return { body: all.slice((page - 1) * size, page * size), headers: { 'x-total-count': '23' } };
      },
    });
    const section = await screen.findByRole('region', { name: '내 후원 내역' });
    expect(await within(section).findByText('전체 23건 중 20건')).toBeInTheDocument();
    expect(within(section).queryByText('강아지 78')).not.toBeInTheDocument();
    await user().click(within(section).getByRole('button', { name: '더 보기' }));
    expect(await within(section).findByText('강아지 78')).toBeInTheDocument();
    expect(within(section).getByText('전체 23건 중 23건')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: '더 보기' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/abandoned/donation/my-donations').map((c) => [c.query.get('page'), c.query.get('size')])).toEqual([
      ['1', '20'],
      ['2', '20'],
    ]);
  });
});

describe('the PortOne SDK loader', () => {
  it('adds the script only when asked, retries after a failure, resolves with window.IMP', async () => {
    const { loadPortOne, PORTONE_SDK_URL } = await import('@/lib/portone');
    const scripts = () => [...document.head.querySelectorAll(`script[src="${PORTONE_SDK_URL}"]`)] as HTMLScriptElement[];
    expect(scripts()).toHaveLength(0);
    const first = loadPortOne();
    scripts()[0]?.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow();
    expect(scripts()).toHaveLength(0);
    const second = loadPortOne();
    const imp = { init: vi.fn(), request_pay: vi.fn() };
    window.IMP = imp;
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(second).resolves.toBe(imp);
    delete window.IMP;
    scripts()[0]?.remove();
  });
});
