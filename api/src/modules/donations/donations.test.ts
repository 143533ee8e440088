import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../events';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { startFakePortOne, type FakePortOne } from '../../integrations/payments/fake-portone-server';
import { call, donationRows, member, newMerchantUid, stray, type Member } from '../../testing/donations';

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
