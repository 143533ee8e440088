import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../../testing/test-api';
import { startFakePortOne, type FakePortOne } from '../../integrations/payments/fake-portone-server';
import { createPaymentGateway, PortOneClient } from '../../integrations/payments';
import { TEST_PAYMENT_MAX_AMOUNT } from './donations.routes';
import { call, donationRows, member, newMerchantUid, stray } from '../../testing/donations';

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
