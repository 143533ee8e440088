import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '@pawbridge/api/testing';
import { DonationHistorySchema, DonationTotalsSchema } from '@pawbridge/shared';
import { createClient, type TestBff, type TestClient } from '../testing/test-bff';
import type { RecordingProxy } from '../testing/recording-proxy';
import { closeBffOnApi, startBffOnApi } from '../testing/api-stack';

// The BFF in front of our own api (embedded test gateway), behind a proxy that records what reached it.
let api: TestApi;
let proxy: RecordingProxy;
let bff: TestBff;
let seq = Date.now();

beforeAll(async () => void ({ api, proxy, bff } = await startBffOnApi()));
afterAll(() => closeBffOnApi({ api, proxy, bff }));

async function member(): Promise<{ client: TestClient; userId: string }> {
  const userId = `donor${++seq}`;
  const row = await api.ctx.db
    .insertInto('users')
    .values({
      userId,
      name: null,
      email: `${userId}@example.com`,
      passwordHash: null,
      birth: null,
      phoneNm: null,
      role: 'USER',
      provider: null,
      socialId: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const client = createClient(bff.url);
  client.cookies.set('JSESSIONID', await api.ctx.sessions.create(row.id));
  return { client, userId };
}

async function stray(): Promise<number> {
  const row = await api.ctx.db
    .insertInto('strayReports')
    .values({
      reporterPk: null,
      latitude: 37.5,
      longitude: 127,
      imageUrl: '/uploads/abcdefabcdefabcdefabcdefabcdefab.jpg',
      gender: 'MALE',
      description: '검은 털의 중간 크기 개',
      location: '경기도',
      type: '믹스견',
      name: null,
      foundDate: '2026-08-01',
      foundTime: '12:00',
      status: 'PROTECTING',
      registeredAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const donationWrites = () => proxy.seen.filter((s) => s.startsWith('POST /api/abandoned/donation')).length;

/** prepare → test checkout → the record body (as the web sends them). */
async function pay(client: TestClient, strayId: number, amount: number, outcome: 'paid' | 'failed' = 'paid') {
  const merchantUid = `donation_${++seq}`;
  expect((await client.post('/api/abandoned/donation/prepare', { merchantUid, amount, abandonedPetId: strayId })).status).toBe(200);
  const checkout = await client.post('/api/abandoned/donation/test-checkout', { merchantUid, amount, outcome });
  expect(checkout.status, checkout.text).toBe(200);
  return { impUid: checkout.body.imp_uid as string, merchantUid, amount, paymentMethod: 'card', abandonedPetId: strayId };
}

describe('donations through the BFF, upstream = our api', () => {
  it('invalid forms are refused with field errors and never forwarded', async () => {
    const { client } = await member();
    const id = await stray();
    const before = donationWrites();
    const good = {
      impUid: 'imp_123456789012',
      merchantUid: 'donation_1732300000000',
      amount: 10_000,
      paymentMethod: 'card',
      abandonedPetId: id,
    };
    for (const [body, field] of [
      [{ ...good, amount: 0 }, 'amount'],
      [{ ...good, amount: -5 }, 'amount'],
      // Text amounts are read as Spring reads them (issue 23), but only plain decimals.
      [{ ...good, amount: '1e4' }, 'amount'],
      [{ ...good, amount: '' }, 'amount'],
      [{ ...good, amount: 10.5 }, 'amount'],
      [{ ...good, merchantUid: 'order_1' }, 'merchantUid'],
      [{ ...good, paymentMethod: 'cash' }, 'paymentMethod'],
      [{ ...good, abandonedPetId: 0 }, 'abandonedPetId'],
    ] as const) {
      const res = await client.post(`/api/abandoned/donation/${good.impUid}`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.error.fieldErrors ?? {})).toContain(field);
    }
    const zero = await client.post('/api/abandoned/donation/prepare', { merchantUid: good.merchantUid, amount: 0, abandonedPetId: id });
    expect(zero.body.error.fieldErrors.amount).toBe('올바른 금액을 입력해 주세요.');
    // The path and the body name different payments.
    expect((await client.post('/api/abandoned/donation/imp_999999999999', good)).status).toBe(400);
    expect((await createClient(bff.url).post(`/api/abandoned/donation/${good.impUid}`, good)).status).toBe(401);
    expect(donationWrites()).toBe(before);
  });

  it('records a test-gateway payment for the session member (a client userName is ignored); a replay is 409 and records nothing', async () => {
    const { client, userId } = await member();
    const id = await stray();
    const body = await pay(client, id, 10_000);
    const ok = await client.post(`/api/abandoned/donation/${body.impUid}`, { ...body, userName: 'mallory' });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, impUid: body.impUid, amount: 10_000 });
    const replay = await client.post(`/api/abandoned/donation/${body.impUid}`, body);
    expect(replay.status).toBe(409);
    expect(replay.body.error.code).toBe('DONATION_ALREADY_RECORDED');
    const rows = await api.ctx.db.selectFrom('donations').select(['donorLoginId', 'amount']).where('impUid', '=', body.impUid).execute();
    expect(rows).toEqual([{ donorLoginId: userId, amount: 10_000 }]);
  });

  it('a failed payment is refused with PAYMENT_NOT_VERIFIED and the upstream’s reason', async () => {
    const { client } = await member();
    const body = await pay(client, await stray(), 5_000, 'failed');
    const res = await client.post(`/api/abandoned/donation/${body.impUid}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'PAYMENT_NOT_VERIFIED', message: '후원 결제가 완료되지 않았습니다.' });
  });

  it('my-donations: only the caller’s, newest first, normalised; totals per stray', async () => {
    const { client } = await member();
    const other = await member();
    const a = await stray();
    const b = await stray();
    for (const [who, id, amount] of [
      [client, a, 5_000],
      [other.client, a, 7_000],
      [client, b, 30_000],
    ] as const) {
      const body = await pay(who, id, amount);
      expect((await who.post(`/api/abandoned/donation/${body.impUid}`, body)).status).toBe(200);
    }
    const res = await client.get('/api/abandoned/donation/my-donations');
    expect(res.status).toBe(200);
    const items = DonationHistorySchema.parse(res.body);
    expect(items.map((d) => [d.abandonedPetId, d.amount])).toEqual([
      [b, 30_000],
      [a, 5_000],
    ]);
    expect(items[0]).toMatchObject({
      petName: `유기견 #${b}`,
      imageUrl: '/uploads/abcdefabcdefabcdefabcdefabcdefab.jpg',
      status: 'PROTECTING',
      paymentStatus: 'PAID',
      paymentMethod: 'card',
    });
    expect(items[0]?.impUid).toMatch(/^imp_test_/);
    expect(new Date(items[0]?.donatedAt ?? '').toISOString()).toBe(items[0]?.donatedAt);
    expect((await createClient(bff.url).get('/api/abandoned/donation/my-donations')).status).toBe(401);
    const totals = DonationTotalsSchema.parse((await createClient(bff.url).get('/api/abandoned/donation/totals')).body);
    expect(totals.available).toBe(true);
    expect(totals.totals.find((t) => t.abandonedPetId === a)).toEqual({ abandonedPetId: a, totalAmount: 12_000, donationCount: 2 });
  });

  it('/api/config says the embedded test gateway is in use', async () => {
    expect((await createClient(bff.url).get('/api/config')).body.payments).toEqual({ mode: 'test', merchantCode: null });
  });
});
