import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { springError } from '../testing/fake-spring/index';
import { useBffOnFakeSpring } from '../testing/fake-spring-stack';
import { createClient, startTestBff, type TestBff } from '../testing/test-bff';
import { hardeningSuite, rawMultipart, sendRaw } from './hardening.suite';
import { expectEnvelope, photo, validPet } from './pets.suite';
import { legacyMember } from '../testing/fixtures';

// Issue 8 through the BFF in front of the Spring-shaped fake (UPSTREAM_KIND=legacy).
const stack = useBffOnFakeSpring();
beforeEach(() => stack.spring.state.overrides.clear());

const member = async () => legacyMember(stack.spring, stack.bff.url, { prefix: 'legacyhard', name: '보호자' }).client;
const calls = () => stack.spring.state.requests.map((r) => `${r.method} ${r.path}`);

describe('hardening (issue 8), upstream = legacy Spring', () => {
  hardeningSuite({ bffUrl: () => stack.bff.url, member, anonymous: () => createClient(stack.bff.url), upstreamCalls: calls });

  it('item 6: UPSTREAM_KIND=legacy keeps the compensations: number checks before, the dog read back after', async () => {
    expect(stack.bff.config.upstreamKind).toBe('legacy');
    const c = await member();
    const before = calls().length;
    const { body, contentType } = rawMultipart([
      { name: 'pet', value: JSON.stringify(validPet({ petId: '901-1' })) },
      { name: 'profile', value: await photo(), filename: 'dog.jpg', type: 'image/jpeg' },
    ]);
    const res = await sendRaw(c, stack.bff.url, 'POST', '/api/pet/register', body, contentType);
    expect(res.status, res.text).toBe(201);
    expect(calls().slice(before)).toEqual([
      'GET /api/users/check-session',
      'GET /api/pet/profile/pets',
      'DELETE /api/pet/delete/901-1',
      'POST /api/pet/register',
      'GET /api/pet/profile/pets',
    ]);
  });

  it('item 6: a legacy search is one list call: its Elasticsearch search is never asked', async () => {
    const id = stack.spring.state.addStrayForm({
      status: 'PROTECTING',
      location: '부산광역시',
      foundDate: '2026-10-01',
      foundTime: '10:00',
    }).id;
    const before = calls().length;
    const res = await createClient(stack.bff.url).get('/api/abandoned/abandoned-pets/search', { query: { foundDate: '2026-10-01' } });
    expect(res.body.map((s: { id: number }) => s.id)).toContain(id);
    expect(calls().slice(before)).toEqual(['GET /api/abandoned/abandoned-pets']);
  });

  it('item 3: an internal error behind the redirect to /login is 502 for visitors and members, never 401', async () => {
    stack.spring.state.override('GET /api/abandoned/abandoned-pets', (req, reply) => springError(req, reply, stack.spring.state, 500));
    const visitor = createClient(stack.bff.url);
    const m = await member();
    for (const c of [visitor, m]) {
      expectEnvelope(await c.get('/api/abandoned/abandoned-pets'), 502, 'UPSTREAM_UNAVAILABLE');
      expectEnvelope(await c.get('/api/abandoned/abandoned-pets/search', { query: { location: '서울' } }), 502, 'UPSTREAM_UNAVAILABLE');
    }
  });
});

describe('item 2: visitors see public stray photos on the legacy, and only those', () => {
  let bff: TestBff;
  const png = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: '#963' } })
      .png()
      .toBuffer();
  const put = async (name: string) => {
    stack.spring.state.files.set(name, { bytes: await png(), mime: 'image/png' });
    return `/uploads/${name}`;
  };
  beforeAll(async () => {
    stack.spring.state.addUser({ userId: 'pawbridge-photos', password: 'service-secret' });
    bff = await startTestBff(stack.spring.url, { LEGACY_SERVICE_USER_ID: 'pawbridge-photos', LEGACY_SERVICE_PASSWORD: 'service-secret' });
  });
  afterAll(() => bff?.close());

  it('a stray on the adopt list: its photo loads for a visitor; a member’s dog and an unreviewed report do not', async () => {
    const visitor = createClient(bff.url);
    const stray = await put('stray-protecting.png');
    stack.spring.state.addStrayForm({ status: 'PROTECTING', imageUrl: stray });
    const lost = await put('stray-lost.png');
    stack.spring.state.addStrayForm({ status: 'LOST', imageUrl: lost });
    const dog = await put('member-dog.png');
    stack.spring.state.addPet({ owner: 'someone', petId: '42', profile: dog });

    const listed = (await visitor.get('/api/abandoned/abandoned-pets')).body.map((s: { imageUrl: string }) => s.imageUrl);
    expect(listed).toContain(stray);
    const img = await visitor.get(stray);
    expect(img.status, img.text).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expectEnvelope(await visitor.get(dog), 404, 'NOT_FOUND');
    expectEnvelope(await visitor.get(lost), 404, 'NOT_FOUND');
  });

  it('the service session is made once and reused; without a service account visitors get 404 as before', async () => {
    const stray = await put('stray-waiting.png');
    stack.spring.state.addStrayForm({ status: 'WAITING', imageUrl: stray });
    const logins = () => stack.spring.state.calls('/api/users/login').length;
    // As a browser does: the list first (served by this BFF, so it knows the new photo at once), then the photo.
    await createClient(bff.url).get('/api/abandoned/abandoned-pets');
    expect((await createClient(bff.url).get(stray)).status).toBe(200);
    const after = logins();
    expect((await createClient(bff.url).get(stray)).status).toBe(200);
    expect(logins()).toBe(after);
    expectEnvelope(await createClient(stack.bff.url).get(stray), 404, 'NOT_FOUND');
  });
});

describe('item 7: a legacy signup reusing a login id', () => {
  const signup = (userId: string, email: string) => ({
    name: '새 회원',
    userId,
    email,
    password: 'secret12',
    birth: '1990-01-01',
    phoneNm: '010-1234-5678',
  });

  it('is detected at once and answered 409 USER_ID_CONFLICT instead of "signed up"', async () => {
    stack.spring.state.addUser({ userId: 'takenid', password: 'older-secret', email: 'old@example.com' });
    stack.spring.state.verifiedEmails.add('new@example.com');
    const res = await createClient(stack.bff.url).post('/api/users/signup', signup('takenid', 'new@example.com'));
    expectEnvelope(res, 409, 'USER_ID_CONFLICT');
    expect(res.body.error.fieldErrors).toEqual({
      userId: '이 아이디는 이미 다른 계정이 쓰고 있어 로그인할 수 없습니다. 관리자에게 문의해 주세요.',
    });
  });

  it('a free id signs up as before and leaves no session behind', async () => {
    stack.spring.state.verifiedEmails.add('fresh@example.com');
    const sessions = stack.spring.state.sessions.size;
    const c = createClient(stack.bff.url);
    const res = await c.post('/api/users/signup', signup('freshid', 'fresh@example.com'));
    expect(res.status, res.text).toBe(200);
    expect(c.cookies.has('JSESSIONID')).toBe(false);
    expect(stack.spring.state.sessions.size).toBe(sessions);
  });
});
