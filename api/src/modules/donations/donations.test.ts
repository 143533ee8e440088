import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../events';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { startFakePortOne, type FakePortOne } from '../../integrations/payments/fake-portone-server';
import { createPaymentGateway, PortOneClient } from '../../integrations/payments';
import { TEST_PAYMENT_MAX_AMOUNT } from './donations.routes';

// Own small fixtures: these tests are about payments, not signup or reports.
async function member(api: TestApi, userId: string) {
  const row = await api.ctx.db
    .insertInto('users')
    .values({
      userId,
      name: `${userId} 님`,
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
  return { pk: row.id, userId, cookie: `JSESSIONID=${await api.ctx.sessions.create(row.id)}` };
}
type Member = Awaited<ReturnType<typeof member>>;

async function stray(api: TestApi, status: 'LOST' | 'PROTECTING' | 'ADOPT' = 'PROTECTING') {
  const row = await api.ctx.db
    .insertInto('strayReports')
    .values({
      reporterPk: null,
      latitude: 37.5,
      longitude: 127,
      imageUrl: '/uploads/0123456789abcdef0123456789abcdef.jpg',
      gender: 'FEMALE',
      description: '하얀 털의 작은 개',
      location: '경기도',
      type: '믹스견',
      name: null,
      foundDate: '2026-11-01',
      foundTime: '09:00',
      status,
      registeredAt: status === 'LOST' ? null : new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let uidSeq = Date.now();
const newMerchantUid = () => `donation_${++uidSeq}`;

async function call(
  api: TestApi,
  method: string,
  path: string,
  opts: { cookie?: string; json?: unknown; form?: Record<string, string | number> } = {},
) {
  const headers: Record<string, string> = opts.cookie ? { cookie: opts.cookie } : {};
  let body: FormData | string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    const f = new FormData();
    for (const [k, v] of Object.entries(opts.form)) f.append(k, String(v));
    body = f;
  }
  const res = await fetch(api.url + path, { method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, reason: res.headers.get('x-donation-error') };
}

const donationRows = (api: TestApi, where: { impUid?: string; merchantUid?: string }) =>
  api.ctx.db
    .selectFrom('donations')
    .selectAll()
    .$if(Boolean(where.impUid), (q) => q.where('impUid', '=', where.impUid as string))
    .$if(Boolean(where.merchantUid), (q) => q.where('merchantUid', '=', where.merchantUid as string))
    .execute();

describe('donations against PortOne (a local fake of its REST API)', () => {
  let api: TestApi;
  let portone: FakePortOne;
  let ann: Member;
  let ben: Member;
  const events: DomainEvent[] = [];

  beforeAll(async () => {
    portone = await startFakePortOne();
    api = await startTestApi({
      PORTONE_API_URL: portone.url,
      PORTONE_API_KEY: portone.apiKey,
      PORTONE_API_SECRET: portone.apiSecret,
      PORTONE_MERCHANT_CODE: 'imp00000000',
    });
    api.ctx.events.subscribe('donation.recorded', (e) => void events.push(e));
    ann = await member(api, 'ann');
    ben = await member(api, 'ben');
  });
  afterAll(async () => {
    await api.close();
    await portone.close();
  });

  /** prepare → (payment at PortOne) → the record call, as the BFF makes it. */
  async function donate(who: Member, strayId: number, amount: number, payment: { amount?: number; status?: string } = {}) {
    const merchantUid = newMerchantUid();
    const prep = await call(api, 'POST', '/api/abandoned/donation/prepare', {
      cookie: who.cookie,
      json: { merchantUid, amount, abandonedPetId: strayId },
    });
    expect(prep.status).toBe(200);
    const impUid = portone.addPayment({ merchantUid, amount: payment.amount ?? amount, status: payment.status ?? 'paid' });
    const form = { impUid, merchantUid, amount, userName: 'someone-else', paymentMethod: 'card', abandonedPetId: strayId };
    return { merchantUid, impUid, form, res: await call(api, 'POST', `/api/abandoned/donation/${impUid}`, { cookie: who.cookie, form }) };
  }

  it('records a paid payment once, for the session member (the form userName is ignored), and publishes donation.recorded', async () => {
    const id = await stray(api);
    const { impUid, res } = await donate(ann, id, 10_000);
    expect(res).toMatchObject({ status: 200, text: '후원 결제가 성공적으로 저장되었습니다.' });
    const rows = await donationRows(api, { impUid });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      donorPk: ann.pk,
      donorLoginId: 'ann',
      strayId: id,
      amount: 10_000,
      gateway: 'portone',
      status: 'PAID',
    });
    expect(events.find((e) => e.type === 'donation.recorded' && e.donationId === rows[0]?.id)).toMatchObject({
      donorPk: ann.pk,
      amount: 10_000,
    });
  });

  it('a cancelled payment is refused with 400 and nothing is recorded', async () => {
    const id = await stray(api);
    const { impUid, res } = await donate(ann, id, 5_000, { status: 'cancelled' });
    expect(res).toMatchObject({ status: 400, text: '후원 결제가 완료되지 않았습니다.', reason: 'NOT_PAID' });
    expect(await donationRows(api, { impUid })).toHaveLength(0);
  });

  it('an amount other than the prepared one (a tampered client) is refused, refunded at PortOne and not recorded', async () => {
    const id = await stray(api);
    const { impUid, res } = await donate(ann, id, 30_000, { amount: 100 });
    expect(res).toMatchObject({ status: 400, text: '결제 금액이 일치하지 않습니다.', reason: 'AMOUNT_MISMATCH' });
    expect(portone.cancels).toContain(impUid);
    expect(await donationRows(api, { impUid })).toHaveLength(0);
  });

  it('an imp_uid PortOne does not know is refused (400) and nothing is recorded', async () => {
    const id = await stray(api);
    const merchantUid = newMerchantUid();
    await call(api, 'POST', '/api/abandoned/donation/prepare', {
      cookie: ann.cookie,
      json: { merchantUid, amount: 5_000, abandonedPetId: id },
    });
    const form = { impUid: 'imp_999999999999', merchantUid, amount: 5_000, paymentMethod: 'card', abandonedPetId: id };
    const res = await call(api, 'POST', '/api/abandoned/donation/imp_999999999999', { cookie: ann.cookie, form });
    expect(res).toMatchObject({ status: 400, reason: 'PAYMENT_NOT_FOUND' });
    expect(await donationRows(api, { merchantUid })).toHaveLength(0);
  });

  it('a payment of another order (someone else’s imp_uid) is refused and not refunded', async () => {
    const id = await stray(api);
    const other = await donate(ben, id, 5_000);
    expect(other.res.status).toBe(200);
    const merchantUid = newMerchantUid();
    await call(api, 'POST', '/api/abandoned/donation/prepare', {
      cookie: ann.cookie,
      json: { merchantUid, amount: 5_000, abandonedPetId: id },
    });
    const res = await call(api, 'POST', `/api/abandoned/donation/${other.impUid}`, {
      cookie: ann.cookie,
      form: { ...other.form, merchantUid },
    });
    // Already recorded by ben: refused before PortOne is even asked.
    expect(res).toMatchObject({ status: 409, reason: 'ALREADY_RECORDED' });
    const fresh = portone.addPayment({ merchantUid: newMerchantUid(), amount: 5_000 });
    const res2 = await call(api, 'POST', `/api/abandoned/donation/${fresh}`, {
      cookie: ann.cookie,
      form: { ...other.form, impUid: fresh, merchantUid },
    });
    expect(res2).toMatchObject({ status: 400, reason: 'MERCHANT_MISMATCH' });
    expect(portone.cancels).not.toContain(fresh);
  });

  it('a replay of a recorded payment answers 409 and records nothing more; concurrent replays leave exactly one row', async () => {
    const id = await stray(api);
    const first = await donate(ann, id, 10_000);
    expect(first.res.status).toBe(200);
    const replay = await call(api, 'POST', `/api/abandoned/donation/${first.impUid}`, { cookie: ann.cookie, form: first.form });
    expect(replay).toMatchObject({ status: 409, text: '이미 기록된 결제입니다.', reason: 'ALREADY_RECORDED' });
    expect(await donationRows(api, { impUid: first.impUid })).toHaveLength(1);

    const merchantUid = newMerchantUid();
    await call(api, 'POST', '/api/abandoned/donation/prepare', {
      cookie: ann.cookie,
      json: { merchantUid, amount: 5_000, abandonedPetId: id },
    });
    const impUid = portone.addPayment({ merchantUid, amount: 5_000 });
    const form = { impUid, merchantUid, amount: 5_000, paymentMethod: 'card', abandonedPetId: id };
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => call(api, 'POST', `/api/abandoned/donation/${impUid}`, { cookie: ann.cookie, form })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await donationRows(api, { impUid })).toHaveLength(1);
    // The losers of the race must not refund the winner's payment.
    expect(portone.cancels).not.toContain(impUid);
  });

  it('a verified payment that cannot be recorded (the stray left the list meanwhile) is cancelled at PortOne', async () => {
    const id = await stray(api);
    const merchantUid = newMerchantUid();
    await call(api, 'POST', '/api/abandoned/donation/prepare', {
      cookie: ann.cookie,
      json: { merchantUid, amount: 5_000, abandonedPetId: id },
    });
    await api.ctx.db.updateTable('strayReports').set({ status: 'LOST', registeredAt: null }).where('id', '=', id).execute();
    const impUid = portone.addPayment({ merchantUid, amount: 5_000 });
    const res = await call(api, 'POST', `/api/abandoned/donation/${impUid}`, {
      cookie: ann.cookie,
      form: { impUid, merchantUid, amount: 5_000, paymentMethod: 'card', abandonedPetId: id },
    });
    expect(res).toMatchObject({ status: 404, reason: 'STRAY_NOT_FOUND' });
    expect(portone.cancels).toContain(impUid);
    expect(await donationRows(api, { impUid })).toHaveLength(0);
  });

  it('needs a login, a prepared order of the caller’s own, and a stray on the list', async () => {
    const id = await stray(api);
    const merchantUid = newMerchantUid();
    expect(
      (await call(api, 'POST', '/api/abandoned/donation/prepare', { json: { merchantUid, amount: 5_000, abandonedPetId: id } })).status,
    ).toBe(401);
    expect(
      await call(api, 'POST', '/api/abandoned/donation/prepare', {
        cookie: ann.cookie,
        json: { merchantUid, amount: 5_000, abandonedPetId: await stray(api, 'LOST') },
      }),
    ).toMatchObject({ status: 404, reason: 'STRAY_NOT_FOUND' });
    expect(
      await call(api, 'POST', '/api/abandoned/donation/prepare', {
        cookie: ann.cookie,
        json: { merchantUid, amount: 0, abandonedPetId: id },
      }),
    ).toMatchObject({ status: 400 });
    expect(
      (
        await call(api, 'POST', '/api/abandoned/donation/prepare', {
          cookie: ann.cookie,
          json: { merchantUid, amount: 5_000, abandonedPetId: id },
        })
      ).status,
    ).toBe(200);
    // Someone else's merchant uid, or the same with another amount.
    expect(
      await call(api, 'POST', '/api/abandoned/donation/prepare', {
        cookie: ben.cookie,
        json: { merchantUid, amount: 5_000, abandonedPetId: id },
      }),
    ).toMatchObject({ status: 409, reason: 'ORDER_CONFLICT' });
    expect(
      await call(api, 'POST', '/api/abandoned/donation/prepare', {
        cookie: ann.cookie,
        json: { merchantUid, amount: 9_000, abandonedPetId: id },
      }),
    ).toMatchObject({ status: 409 });
    const impUid = portone.addPayment({ merchantUid, amount: 5_000 });
    const form = { impUid, merchantUid, amount: 5_000, paymentMethod: 'card', abandonedPetId: id };
    expect((await call(api, 'POST', `/api/abandoned/donation/${impUid}`, { form })).status).toBe(401);
    expect(await call(api, 'POST', `/api/abandoned/donation/${impUid}`, { cookie: ben.cookie, form })).toMatchObject({
      status: 400,
      reason: 'NOT_PREPARED',
    });
    expect(await donationRows(api, { impUid })).toHaveLength(0);
  });

  it('my-donations lists only the caller’s, newest first, in the legacy item shape plus details; and the totals per stray', async () => {
    const carl = await member(api, 'carl');
    const a = await stray(api);
    const b = await stray(api, 'ADOPT');
    expect((await donate(carl, a, 5_000)).res.status).toBe(200);
    expect((await donate(carl, b, 30_000)).res.status).toBe(200);
    expect((await donate(ann, a, 10_000)).res.status).toBe(200);
    const mine = await call(api, 'GET', '/api/abandoned/donation/my-donations', { cookie: carl.cookie });
    expect(mine.status).toBe(200);
    const items = mine.json as Record<string, unknown>[];
    expect(items.map((i) => [i.petId, i.amount])).toEqual([
      [b, 30_000],
      [a, 5_000],
    ]);
    expect(items[0]).toMatchObject({
      abandonedPetId: b,
      status: 'ADOPT',
      type: '믹스견',
      imageUrl: '/uploads/0123456789abcdef0123456789abcdef.jpg',
      paymentStatus: 'PAID',
      paymentMethod: 'card',
    });
    expect(items[0]?.donatedAt).toMatch(/Z$/);
    expect((await call(api, 'GET', '/api/abandoned/donation/my-donations')).status).toBe(401);

    const totals = (await call(api, 'GET', '/api/abandoned/donation/totals')).json as {
      abandonedPetId: number;
      totalAmount: number;
      donationCount: number;
    }[];
    expect(totals.find((t) => t.abandonedPetId === a)).toEqual({ abandonedPetId: a, totalAmount: 15_000, donationCount: 2 });
  });
});

describe('PortOne client token', () => {
  let portone: FakePortOne;
  beforeAll(async () => {
    portone = await startFakePortOne();
  });
  afterAll(() => portone.close());

  it('keeps the token until its real expiry (expired_at), then fetches a new one; a revoked token is replaced once', async () => {
    let clock = Date.now();
    const client = new PortOneClient({ apiUrl: portone.url, apiKey: portone.apiKey, apiSecret: portone.apiSecret, now: () => clock });
    portone.tokenTtlSeconds = 600;
    const impUid = portone.addPayment({ merchantUid: newMerchantUid(), amount: 1_000 });
    const before = portone.tokensIssued;
    await Promise.all([client.getPayment(impUid), client.getPayment(impUid)]);
    expect(portone.tokensIssued - before).toBe(1);
    clock += 500_000; // still within 600 s (less the renewal margin)
    await client.getPayment(impUid);
    expect(portone.tokensIssued - before).toBe(1);
    clock += 60_000; // now inside the renewal margin
    portone.clockOffsetSeconds = 560;
    expect(await client.getPayment(impUid)).toMatchObject({ impUid, amount: 1_000, status: 'paid' });
    expect(portone.tokensIssued - before).toBe(2);
    portone.revokeTokens();
    expect(await client.getPayment(impUid)).toMatchObject({ impUid });
    expect(portone.tokensIssued - before).toBe(3);
    expect(await client.getPayment('imp_000000000001')).toBeNull();
  });

  it('wrong credentials are a gateway failure, not "no such payment"', async () => {
    const client = new PortOneClient({ apiUrl: portone.url, apiKey: 'wrong', apiSecret: 'wrong' });
    await expect(client.getPayment('imp_123456789')).rejects.toThrow(/token/);
  });
});

describe('embedded test gateway', () => {
  it('refuses to start under NODE_ENV=production without PortOne credentials', () => {
    expect(() => createPaymentGateway({ env: 'production', portone: undefined })).toThrow(/production/);
    expect(createPaymentGateway({ env: 'development', portone: undefined }).kind).toBe('test');
  });

  it('a test checkout approved in the browser is verified and recorded; a failed one is refused', async () => {
    const api = await startTestApi();
    try {
      const dana = await member(api, 'dana');
      const id = await stray(api);
      const merchantUid = newMerchantUid();
      await call(api, 'POST', '/api/abandoned/donation/prepare', {
        cookie: dana.cookie,
        json: { merchantUid, amount: 10_000, abandonedPetId: id },
      });
      const failed = await call(api, 'POST', '/api/abandoned/donation/test-checkout', {
        cookie: dana.cookie,
        json: { merchantUid, amount: 10_000, outcome: 'failed' },
      });
      const failedUid = (failed.json as { imp_uid: string }).imp_uid;
      expect(failed.json).toMatchObject({ success: false });
      const form = { merchantUid, amount: 10_000, paymentMethod: 'card', abandonedPetId: id };
      expect(
        await call(api, 'POST', `/api/abandoned/donation/${failedUid}`, { cookie: dana.cookie, form: { ...form, impUid: failedUid } }),
      ).toMatchObject({ status: 400, reason: 'NOT_PAID' });
      const paid = await call(api, 'POST', '/api/abandoned/donation/test-checkout', {
        cookie: dana.cookie,
        json: { merchantUid, amount: 10_000, outcome: 'paid' },
      });
      const impUid = (paid.json as { imp_uid: string }).imp_uid;
      expect(impUid).toMatch(/^imp_test_/);
      expect(
        (await call(api, 'POST', `/api/abandoned/donation/${impUid}`, { cookie: dana.cookie, form: { ...form, impUid } })).status,
      ).toBe(200);
      expect(await donationRows(api, { impUid })).toMatchObject([{ gateway: 'test', amount: 10_000 }]);
    } finally {
      await api.close();
    }
  });

  it('caps a test payment at 100,000 and counts test payments as member writes (issue 24 item 16)', async () => {
    const api = await startTestApi({ RATE_MEMBER_WRITES: '3' });
    try {
      const eve = await member(api, 'eve');
      const checkout = (amount: number) =>
        call(api, 'POST', '/api/abandoned/donation/test-checkout', {
          cookie: eve.cookie,
          json: { merchantUid: newMerchantUid(), amount, outcome: 'paid' },
        });
      expect((await checkout(TEST_PAYMENT_MAX_AMOUNT + 1)).status).toBe(400);
      expect((await checkout(TEST_PAYMENT_MAX_AMOUNT)).status).toBe(200);
      expect((await checkout(5_000)).status).toBe(200);
      expect((await checkout(5_000)).status).toBe(429);
    } finally {
      await api.close();
    }
  });
});
