import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DonationHistorySchema } from '@pawbridge/shared';
import { startFakeSpring, type FakeSpring } from '../testing/fake-spring/index';
import { expectEnvelope } from '../testing/expect-envelope';
import { createClient, startTestBff, type TestBff, type TestClient } from '../testing/test-bff';
import { sendRaw, rawMultipart } from './hardening.suite';

// The BFF in front of the legacy wire (fake Spring) with a PortOne merchant code: the same contract, the legacy's holes closed.
let spring: FakeSpring;
let bff: TestBff;
beforeAll(async () => {
  spring = await startFakeSpring();
  bff = await startTestBff(spring.url, { PORTONE_MERCHANT_CODE: 'imp12345678' });
});
afterAll(async () => {
  await bff?.close();
  await spring?.close();
});
beforeEach(() => spring.state.overrides.clear());

let seq = 0;
const run = Date.now().toString(36);
function login(): { client: TestClient; userId: string } {
  seq += 1;
  const userId = `legacydonor${seq}${run}`;
  spring.state.addUser({ userId, name: `후원자${seq}` });
  const client = createClient(bff.url);
  client.cookies.set('JSESSIONID', spring.state.createSession(userId));
  return { client, userId };
}

/** A dog of its own place: the legacy's search (capped at 10 hits) then finds it alone. */
const dog = (over: Parameters<FakeSpring['state']['addStrayForm']>[0] = { status: 'PROTECTING' }) =>
  spring.state.addStrayForm({ location: `후원시 ${++seq}동`, ...over });
const legacyIdOf = (formId: number) => spring.state.abandonedPets.find((p) => p.formId === formId)?.id;

/** A paid payment "Iamport" knows, and the record body for it. */
function paid(formId: number, amount = 10_000) {
  seq += 1;
  const impUid = `imp_${String(200_000_000_000 + seq)}${run}`;
  spring.state.iamportPayments.set(impUid, { status: 'paid', amount });
  return { impUid, merchantUid: `donation_${1_732_300_000_000 + seq}`, amount, paymentMethod: 'card', abandonedPetId: formId };
}

const recordCalls = () =>
  spring.state.requests.filter(
    (r) => r.method === 'POST' && r.path.startsWith('/api/abandoned/donation/') && r.path !== '/api/abandoned/donation/prepare',
  ).length;

describe('donations through the BFF, upstream = legacy Spring', () => {
  it('sends the session’s login id as userName (never the client’s), and the history comes back normalised with the list’s id and name', async () => {
    const { client, userId } = login();
    const form = dog({ status: 'PROTECTING', type: '진돗개' });
    const body = paid(form.id);
    const res = await client.post(`/api/abandoned/donation/${body.impUid}`, { ...body, userName: 'mallory' });
    expect(res.status, res.text).toBe(200);
    expect(spring.state.donations.at(-1)).toMatchObject({ userName: userId, amount: 10_000, impUid: body.impUid });
    // No prepare step on the legacy: nothing is forwarded for it.
    expect(
      (await client.post('/api/abandoned/donation/prepare', { merchantUid: body.merchantUid, amount: 10_000, abandonedPetId: form.id }))
        .status,
    ).toBe(200);
    expect(spring.state.calls('/api/abandoned/donation/prepare')).toHaveLength(0);

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

  it('issue 23 item 7: the list’s id is translated to the legacy’s AbandonedPet id, so the donation shows against that dog', async () => {
    const { client } = login();
    const poodle = dog({ status: 'PROTECTING', type: 'Poodle' });
    const jindo = dog({ status: 'WAITING', type: '진돗개' });
    // The legacy's ids differ from the list's (its join key is its own).
    expect(legacyIdOf(poodle.id)).not.toBe(poodle.id);
    const body = paid(poodle.id, 7_000);
    expect((await client.post(`/api/abandoned/donation/${body.impUid}`, body)).status).toBe(200);
    expect(spring.state.donations.at(-1)?.abandonedPetId).toBe(legacyIdOf(poodle.id));
    const other = paid(jindo.id, 3_000);
    expect((await client.post(`/api/abandoned/donation/${other.impUid}`, other)).status).toBe(200);

    const history = DonationHistorySchema.parse((await client.get('/api/abandoned/donation/my-donations')).body);
    expect(history.map((d) => [d.abandonedPetId, d.amount, d.type]).sort()).toEqual(
      [
        [poodle.id, 7_000, 'Poodle'],
        [jindo.id, 3_000, '진돗개'],
      ].sort(),
    );
  });

  it('issue 23 item 7: a dog that does not exist, is not on the public list or cannot be told apart is refused before payment and never recorded', async () => {
    const { client } = login();
    const lost = dog({ status: 'LOST' });
    const adopted = dog({ status: 'ADOPT' });
    const twinA = dog({ status: 'PROTECTING', location: `쌍둥이시 ${run}` });
    dog({ status: 'PROTECTING', location: `쌍둥이시 ${run}` });
    const before = recordCalls();
    const donations = spring.state.donations.length;
    for (const [id, status, reason] of [
      [999_999, 404, 'STRAY_NOT_LISTED'],
      [lost.id, 404, 'STRAY_NOT_LISTED'],
      [adopted.id, 404, 'STRAY_NOT_LISTED'],
      [twinA.id, 409, 'DONATION_TARGET_UNRESOLVED'],
    ] as const) {
      const prepare = await client.post('/api/abandoned/donation/prepare', {
        merchantUid: 'donation_1732300000001',
        amount: 5_000,
        abandonedPetId: id,
      });
      expect(prepare.status, `prepare ${id}`).toBe(status);
      expect(prepare.body.error.reason).toBe(reason);
      const body = paid(id, 5_000);
      const record = await client.post(`/api/abandoned/donation/${body.impUid}`, body);
      expect(record.status, `record ${id}`).toBe(status);
      expect(record.body.error.reason).toBe(reason);
    }
    // The legacy's search index down (it answers [] then): the dog cannot be found, so no money is taken for it.
    const listed = dog({ status: 'PROTECTING' });
    spring.state.override('GET /api/abandoned/abandoned-pets/search', async (_req, reply) => reply.send([]));
    const body = paid(listed.id);
    expectEnvelope(await client.post(`/api/abandoned/donation/${body.impUid}`, body), 409, 'INVALID_STATE');
    expect(recordCalls()).toBe(before);
    expect(spring.state.donations).toHaveLength(donations);
  });

  it('issue 23 item 8: a replayed payment is recorded once (409 DONATION_ALREADY_RECORDED), and a refused one may be sent again once paid', async () => {
    const { client } = login();
    const form = dog();
    const body = paid(form.id);
    expect((await client.post(`/api/abandoned/donation/${body.impUid}`, body)).status).toBe(200);
    const before = recordCalls();
    const donations = spring.state.donations.length;
    expectEnvelope(await client.post(`/api/abandoned/donation/${body.impUid}`, body), 409, 'DONATION_ALREADY_RECORDED');
    // Another member replaying someone's imp_uid: the same.
    expectEnvelope(await login().client.post(`/api/abandoned/donation/${body.impUid}`, body), 409, 'DONATION_ALREADY_RECORDED');
    expect(recordCalls()).toBe(before);
    expect(spring.state.donations).toHaveLength(donations);

    const later = paid(form.id);
    spring.state.iamportPayments.set(later.impUid, { status: 'ready', amount: later.amount });
    expectEnvelope(await client.post(`/api/abandoned/donation/${later.impUid}`, later), 400, 'PAYMENT_NOT_VERIFIED');
    spring.state.iamportPayments.set(later.impUid, { status: 'paid', amount: later.amount });
    expect((await client.post(`/api/abandoned/donation/${later.impUid}`, later)).status).toBe(200);
  });

  it('issue 23 item 8: a legacy 500 on the payment lookup is "state unknown" (never "try again"), and the retry is not forwarded', async () => {
    const { client } = login();
    const form = dog();
    const body = paid(form.id);
    spring.state.iamportPayments.delete(body.impUid); // the legacy's lookup throws → 500 "결제 검증 중 오류가 생겼습니다."
    const res = await client.post(`/api/abandoned/donation/${body.impUid}`, body);
    expectEnvelope(res, 502, 'PAYMENT_STATE_UNKNOWN');
    expect(res.body.error.message).not.toMatch(/다시 시도/);
    const before = recordCalls();
    expectEnvelope(await client.post(`/api/abandoned/donation/${body.impUid}`, body), 409, 'PAYMENT_STATE_UNKNOWN');
    expect(recordCalls()).toBe(before);
  });

  it('issue 23 item 10: the record takes a form (urlencoded or multipart, as the spec and the legacy front end send it) as well as JSON', async () => {
    const { client, userId } = login();
    const form = dog();
    const viaUrlencoded = paid(form.id, 4_000);
    const encoded = new URLSearchParams({
      ...viaUrlencoded,
      amount: '4000',
      abandonedPetId: String(form.id),
      userName: 'mallory',
    }).toString();
    const a = await sendRaw(
      client,
      bff.url,
      'POST',
      `/api/abandoned/donation/${viaUrlencoded.impUid}`,
      encoded,
      'application/x-www-form-urlencoded',
    );
    expect(a.status, a.text).toBe(200);
    expect(spring.state.donations.at(-1)).toMatchObject({ impUid: viaUrlencoded.impUid, userName: userId, amount: 4_000 });

    const viaMultipart = paid(form.id, 6_000);
    const { body, contentType } = rawMultipart(
      Object.entries({ ...viaMultipart, amount: '6000', abandonedPetId: String(form.id), userName: 'mallory' }).map(([name, value]) => ({
        name,
        value: String(value),
      })),
    );
    const b = await sendRaw(client, bff.url, 'POST', `/api/abandoned/donation/${viaMultipart.impUid}`, body, contentType);
    expect(b.status, b.text).toBe(200);
    expect(spring.state.donations.at(-1)).toMatchObject({ impUid: viaMultipart.impUid, userName: userId, amount: 6_000 });

    // A form is validated like JSON: a bad amount never goes upstream.
    const before = recordCalls();
    const bad = paid(form.id);
    const c = await sendRaw(
      client,
      bff.url,
      'POST',
      `/api/abandoned/donation/${bad.impUid}`,
      new URLSearchParams({ ...bad, amount: 'lots', abandonedPetId: String(form.id) }).toString(),
      'application/x-www-form-urlencoded',
    );
    expectEnvelope(c, 400, 'VALIDATION_FAILED');
    expect(recordCalls()).toBe(before);
  });

  it('refusals: not paid and amount mismatch are PAYMENT_NOT_VERIFIED with the legacy’s sentence; invalid forms are never forwarded', async () => {
    const { client } = login();
    const form = dog();
    const notPaidBody = paid(form.id, 5_000);
    spring.state.iamportPayments.set(notPaidBody.impUid, { status: 'cancelled', amount: 5_000 });
    const mismatchBody = paid(form.id, 5_000);
    spring.state.iamportPayments.set(mismatchBody.impUid, { status: 'paid', amount: 100 });
    const notPaid = await client.post(`/api/abandoned/donation/${notPaidBody.impUid}`, notPaidBody);
    expect(notPaid.body.error).toMatchObject({ code: 'PAYMENT_NOT_VERIFIED', message: '후원 결제가 완료되지 않았습니다.' });
    const mismatch = await client.post(`/api/abandoned/donation/${mismatchBody.impUid}`, mismatchBody);
    expect(mismatch.body.error).toMatchObject({ code: 'PAYMENT_NOT_VERIFIED', message: '결제 금액이 일치하지 않습니다.' });

    const before = recordCalls();
    const base = paid(form.id, 5_000);
    for (const bad of [
      { ...base, amount: 0 },
      { ...base, amount: 'lots' },
      { ...base, merchantUid: '' },
    ]) {
      expect((await client.post(`/api/abandoned/donation/${base.impUid}`, bad)).status).toBe(400);
    }
    // The legacy records anonymous donations; the BFF asks for a login first.
    expect((await createClient(bff.url).post(`/api/abandoned/donation/${base.impUid}`, base)).status).toBe(401);
    expect(recordCalls()).toBe(before);
  });

  it('totals are unavailable on the legacy, and with a merchant code there is no test checkout', async () => {
    expect((await createClient(bff.url).get('/api/abandoned/donation/totals')).body).toEqual({ available: false, totals: [] });
    const { client } = login();
    expect(
      (
        await client.post('/api/abandoned/donation/test-checkout', {
          merchantUid: 'donation_1732300000009',
          amount: 5_000,
          outcome: 'paid',
        })
      ).status,
    ).toBe(404);
  });
});

describe('issue 23 item 12: the legacy without a PortOne merchant code (no payment can succeed there)', () => {
  let plain: TestBff;
  beforeAll(async () => {
    plain = await startTestBff(spring.url);
  });
  afterAll(async () => plain?.close());

  it('/api/config says donations are off, and prepare and record answer 501 UPSTREAM_UNSUPPORTED without forwarding anything', async () => {
    expect((await createClient(plain.url).get('/api/config')).body).toMatchObject({ donations: false });
    expect((await createClient(bff.url).get('/api/config')).body).toMatchObject({ donations: true });
    const client = createClient(plain.url);
    const userId = `nomerchant${run}`;
    spring.state.addUser({ userId });
    client.cookies.set('JSESSIONID', spring.state.createSession(userId));
    const form = dog();
    const body = paid(form.id);
    const before = spring.state.requests.length;
    const prepare = await client.post('/api/abandoned/donation/prepare', {
      merchantUid: body.merchantUid,
      amount: body.amount,
      abandonedPetId: form.id,
    });
    expectEnvelope(prepare, 501, 'UPSTREAM_UNSUPPORTED');
    expect(prepare.body.error.reason).toBe('DONATIONS_UNSUPPORTED');
    expectEnvelope(await client.post(`/api/abandoned/donation/${body.impUid}`, body), 501, 'UPSTREAM_UNSUPPORTED');
    // The legacy has no test gateway either.
    const checkout = await client.post('/api/abandoned/donation/test-checkout', {
      merchantUid: body.merchantUid,
      amount: 5_000,
      outcome: 'paid',
    });
    expectEnvelope(checkout, 501, 'UPSTREAM_UNSUPPORTED');
    // Only the session checks reached the legacy.
    expect(spring.state.requests.slice(before).map((r) => r.path)).toEqual([
      '/api/users/check-session',
      '/api/users/check-session',
      '/api/users/check-session',
    ]);
  });
});
