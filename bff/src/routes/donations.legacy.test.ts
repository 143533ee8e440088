import { beforeEach, describe, expect, it } from 'vitest';
import { DonationHistorySchema } from '@pawbridge/shared';
import { createClient, type TestClient } from '../testing/test-bff';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';

// The BFF in front of the legacy wire (fake Spring): the same contract, the legacy's holes closed.
const stack = useBffOnFakeSpring();
let seq = 0;
beforeEach(() => stack.spring.state.overrides.clear());

function login(): { client: TestClient; userId: string } {
  seq += 1;
  const userId = `legacydonor${seq}${Date.now().toString(36)}`;
  stack.spring.state.addUser({ userId, name: `후원자${seq}` });
  const client = createClient(stack.bff.url);
  client.cookies.set('JSESSIONID', stack.spring.state.createSession(userId));
  return { client, userId };
}

const recordCalls = () =>
  stack.spring.state.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/abandoned/donation/')).length;

describe('donations through the BFF, upstream = legacy Spring', () => {
  it('sends the session’s login id as userName (never the client’s), and the history comes back normalised with the list’s id and name', async () => {
    const { client, userId } = login();
    const form = stack.spring.state.addStrayForm({ status: 'PROTECTING', type: '진돗개' });
    const pet = stack.spring.state.abandonedPets.find((p) => p.formId === form.id);
    stack.spring.state.iamportPayments.set('imp_100000000001', { status: 'paid', amount: 10_000 });
    // The legacy joins on AbandonedPet ids; the BFF sends what the list shows (the report id): set them equal for this check.
    const body = {
      impUid: 'imp_100000000001',
      merchantUid: 'donation_1732300000001',
      amount: 10_000,
      paymentMethod: 'card',
      abandonedPetId: pet?.id ?? 0,
    };
    const res = await client.post('/api/abandoned/donation/imp_100000000001', { ...body, userName: 'mallory' });
    expect(res.status, res.text).toBe(200);
    expect(stack.spring.state.donations.at(-1)).toMatchObject({ userName: userId, amount: 10_000, impUid: 'imp_100000000001' });
    // No prepare step on the legacy: nothing is forwarded for it.
    expect(
      (await client.post('/api/abandoned/donation/prepare', { merchantUid: body.merchantUid, amount: 10_000, abandonedPetId: form.id }))
        .status,
    ).toBe(200);
    expect(stack.spring.state.calls('/api/abandoned/donation/prepare')).toHaveLength(0);

    const history = DonationHistorySchema.parse((await client.get('/api/abandoned/donation/my-donations')).body);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      amount: 10_000,
      imageUrl: form.imageUrl,
      abandonedPetId: form.id,
      petName: `유기견 #${form.id}`,
      status: 'PROTECTING',
      paymentStatus: 'PAID',
    });
    // The legacy's local time without offset is UTC: the BFF says so.
    expect(history[0]?.donatedAt).toMatch(/Z$/);
  });

  it('refusals: not paid and amount mismatch are PAYMENT_NOT_VERIFIED with the legacy’s sentence; invalid forms are never forwarded', async () => {
    const { client } = login();
    const form = stack.spring.state.addStrayForm({ status: 'PROTECTING' });
    stack.spring.state.iamportPayments.set('imp_100000000002', { status: 'cancelled', amount: 5_000 });
    stack.spring.state.iamportPayments.set('imp_100000000003', { status: 'paid', amount: 100 });
    const base = { merchantUid: 'donation_1732300000002', amount: 5_000, paymentMethod: 'card', abandonedPetId: form.id };
    const notPaid = await client.post('/api/abandoned/donation/imp_100000000002', { ...base, impUid: 'imp_100000000002' });
    expect(notPaid.body.error).toMatchObject({ code: 'PAYMENT_NOT_VERIFIED', message: '후원 결제가 완료되지 않았습니다.' });
    const mismatch = await client.post('/api/abandoned/donation/imp_100000000003', { ...base, impUid: 'imp_100000000003' });
    expect(mismatch.body.error).toMatchObject({ code: 'PAYMENT_NOT_VERIFIED', message: '결제 금액이 일치하지 않습니다.' });

    const before = recordCalls();
    for (const bad of [
      { ...base, impUid: 'imp_100000000004', amount: 0 },
      { ...base, impUid: 'imp_100000000004', amount: 'lots' },
      { ...base, impUid: 'imp_100000000004', merchantUid: '' },
    ]) {
      expect((await client.post('/api/abandoned/donation/imp_100000000004', bad)).status).toBe(400);
    }
    // The legacy records anonymous donations; the BFF asks for a login first.
    expect(
      (await createClient(stack.bff.url).post('/api/abandoned/donation/imp_100000000004', { ...base, impUid: 'imp_100000000004' })).status,
    ).toBe(401);
    expect(recordCalls()).toBe(before);
  });

  it('totals are unavailable and the test checkout unsupported on the legacy', async () => {
    expect((await createClient(stack.bff.url).get('/api/abandoned/donation/totals')).body).toEqual({ available: false, totals: [] });
    const { client } = login();
    expect(
      (
        await client.post('/api/abandoned/donation/test-checkout', {
          merchantUid: 'donation_1732300000009',
          amount: 5_000,
          outcome: 'paid',
        })
      ).status,
    ).toBe(501);
  });
});
