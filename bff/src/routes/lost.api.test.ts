import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedNotificationListSchema, seoulToday } from '@pawbridge/shared';
import { LostMapAnswerSchema, LostPostDetailSchema, LostPostListSchema } from '@pawbridge/shared/lost.schema';
import { closeBffOnApi, startBffOnApi, type BffOnApi } from '../testing/api-stack';
import { apiMember, type Member } from '../testing/fixtures';
import { createClient } from '../testing/test-bff';

// Lost and found through the BFF on our api: validation before the upstream, the api's codes passed on,
// privacy of positions and contacts, the relay reaching the owner's bell.
let stack: BffOnApi;
let owner: Member;
let finder: Member;
let admin: Member;

const yesterday = () => {
  const d = new Date(`${seoulToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
const EXACT = { lat: 37.5651, lng: 126.9895 };
const photo = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#a73' } })
    .jpeg()
    .toBuffer();

function form(part: string, json: unknown, photos: Buffer[] = []): FormData {
  const f = new FormData();
  f.append(part, JSON.stringify(json));
  photos.forEach((p, i) => f.append(`photo${i + 1}`, new Blob([new Uint8Array(p)], { type: 'image/jpeg' }), `p${i}.jpg`));
  return f;
}
const missing = (overrides: Record<string, unknown> = {}) => ({
  name: '두부',
  breed: '말티즈',
  colour: '흰색',
  contact: 'RELAY',
  ...EXACT,
  address: '서울 중구 을지로3가역 근처',
  date: yesterday(),
  time: '09:15',
  ...overrides,
});
const lostCalls = () => stack.proxy.seen.filter((s) => s.includes('/api/lost')).length;

beforeAll(async () => {
  stack = await startBffOnApi();
  owner = await apiMember(stack.api, stack.bff.url, { name: '박주인', phoneNm: '010-2222-3333' });
  finder = await apiMember(stack.api, stack.bff.url, { name: '최이웃' });
  admin = await apiMember(stack.api, stack.bff.url, { role: 'ADMIN' });
});
afterAll(() => closeBffOnApi(stack));

describe('lost and found through the BFF, upstream = our api', () => {
  let id: number;

  it('says the board is there in /api/config', async () => {
    expect((await createClient(stack.bff.url).get('/api/config')).body).toMatchObject({ lostAndFound: true });
  });

  it('refuses bad input before the upstream, with field-error codes', async () => {
    const before = lostCalls();
    const abroad = await owner.client.postForm('/api/lost/missing', form('missing', missing({ lat: 35.68, lng: 139.76 }), [await photo()]));
    expect([abroad.status, abroad.body.error.code, abroad.body.error.fieldErrorCodes.lat]).toEqual([
      400,
      'VALIDATION_FAILED',
      'lostOutsideKorea',
    ]);
    const html = await owner.client.postForm(
      '/api/lost/missing',
      form('missing', missing({ features: '<img src=x onerror=alert(1)>' }), [await photo()]),
    );
    expect(html.body.error.fieldErrorCodes.features).toBe('lostHtmlRefused');
    const found = await finder.client.postForm(
      '/api/lost/sightings',
      form('sighting', { ...missing(), name: undefined, kind: 'FOUND', description: '데리고 있어요' }),
    );
    expect(found.body.error.fieldErrorCodes.photo1).toBe('lostPhotoRequired');
    const visitor = await createClient(stack.bff.url).postForm('/api/lost/missing', form('missing', missing(), [await photo()]));
    expect(visitor.status).toBe(401);
    const badKind = await createClient(stack.bff.url).get('/api/lost/posts', { query: { kind: 'LOST' } });
    expect(badKind.status).toBe(400);
    expect(lostCalls()).toBe(before);
  });

  it('posts a missing report and shows visitors only the rounded point and no contact details', async () => {
    const made = await owner.client.postForm(
      '/api/lost/missing',
      form('missing', missing({ reward: 100000 }), [await photo(), await photo()]),
    );
    expect(made.status).toBe(201);
    id = made.body.id;
    const visitor = LostPostDetailSchema.parse((await createClient(stack.bff.url).get(`/api/lost/posts/${id}`)).body);
    expect(visitor).toMatchObject({ name: '두부', reward: 100000, exactPosition: null, phone: null, registrationNo: null, mine: false });
    expect(visitor.photoUrls).toHaveLength(2);
    expect(visitor.position).not.toEqual(EXACT);
    expect(JSON.stringify(visitor)).not.toMatch(/010-2222-3333|@example\.com/);
    const mine = LostPostDetailSchema.parse((await owner.client.get(`/api/lost/posts/${id}`)).body);
    expect(mine.exactPosition).toEqual(EXACT);

    const list = await createClient(stack.bff.url).get('/api/lost/posts', { query: { kind: 'MISSING', size: '5' } });
    expect(LostPostListSchema.parse(list.body)[0]).toMatchObject({ id, position: visitor.position });
    expect(list.headers.get('x-total-count')).toBe('1');
    const map = LostMapAnswerSchema.parse(
      (
        await createClient(stack.bff.url).get('/api/lost/map', {
          query: { south: '37', west: '126', north: '38', east: '128', zoom: '15' },
        })
      ).body,
    );
    expect(map.clusters).toEqual([{ lat: visitor.position.lat, lng: visitor.position.lng, count: 1, id, kind: 'MISSING' }]);
  });

  it('passes the api’s codes on: someone else’s post, the owner contacting themselves', async () => {
    const other = await finder.client.post(`/api/lost/posts/${id}/close`, { status: 'REUNITED' });
    expect([other.status, other.body.error.code, other.body.error.reason]).toEqual([403, 'FORBIDDEN', 'LOST_AUTHOR_ONLY']);
    const self = await owner.client.post(`/api/lost/posts/${id}/contact`, { message: '제 글이에요' });
    expect([self.status, self.body.error.reason]).toEqual([400, 'LOST_OWN_POST']);
    expect(self.body.error.requestId).toBeTruthy();
  });

  it('relays a finder’s sighting and message to the owner’s bell, with the lost kinds and links', async () => {
    const sighting = await finder.client.postForm(
      '/api/lost/sightings',
      form('sighting', {
        kind: 'SEEN',
        missingId: id,
        description: '을지로 골목에서 흰 강아지를 봤어요',
        contact: 'RELAY',
        ...EXACT,
        address: '을지로 골목',
        date: yesterday(),
        time: '10:00',
      }),
    );
    expect(sighting.status).toBe(201);
    expect((await finder.client.post(`/api/lost/posts/${id}/contact`, { message: '지금 공원에 있어요' })).status).toBe(201);
    const bell = FeedNotificationListSchema.parse((await owner.client.get(`/api/notifications/user/${owner.userId}/unread`)).body);
    expect(bell.map((n) => [n.kind, n.link])).toEqual(
      expect.arrayContaining([
        ['LOST_SIGHTING', `/lost/${id}`],
        ['LOST_CONTACT', `/lost/${id}`],
      ]),
    );
    const inbox = await owner.client.get('/api/lost/contacts');
    expect(inbox.body[0]).toMatchObject({ direction: 'RECEIVED', fromName: '최이웃', phone: null });
    const reply = await owner.client.post(`/api/lost/contacts/${inbox.body[0].id}/reply`, {
      message: '바로 갈게요',
      phone: '010-2222-3333',
    });
    expect(reply.status).toBe(201);
    expect((await finder.client.get('/api/lost/contacts')).body[0]).toMatchObject({ direction: 'RECEIVED', phone: '010-2222-3333' });
  });

  it('lets a member flag once and an admin hide the post from board and map; counts for the dashboard', async () => {
    expect((await finder.client.post(`/api/lost/posts/${id}/flags`, { reason: 'SCAM' })).status).toBe(201);
    expect((await finder.client.post(`/api/lost/posts/${id}/flags`, { reason: 'SCAM' })).body.error.reason).toBe('LOST_ALREADY_FLAGGED');
    expect((await finder.client.get('/api/admin/lost/flags')).status).toBe(403);
    const flags = await admin.client.get('/api/admin/lost/flags');
    expect([flags.body.length, flags.headers.get('x-total-count')]).toEqual([1, '1']);
    expect((await admin.client.get('/api/lost/stats')).body).toMatchObject({ openMissing: 1, flagsWaiting: 1 });
    expect((await createClient(stack.bff.url).get('/api/lost/stats')).body).toMatchObject({ flagsWaiting: null });
    expect((await admin.client.post(`/api/admin/lost/posts/${id}/hide`, { hidden: true })).status).toBe(200);
    expect((await createClient(stack.bff.url).get('/api/lost/posts', { query: { kind: 'MISSING' } })).body).toEqual([]);
    expect((await createClient(stack.bff.url).get(`/api/lost/posts/${id}`)).body.error.reason).toBe('LOST_POST_NOT_FOUND');
    expect((await admin.client.get('/api/lost/stats')).body).toMatchObject({ openMissing: 0, flagsWaiting: 0 });
  });

  it('passes the flyer PDF and the square PNG through with their ETag, 304 on a match; a hidden post or a sighting gets none', async () => {
    expect((await createClient(stack.bff.url).get(`/api/lost/posts/${id}/flyer.pdf`)).status).toBe(404);
    const made = await owner.client.postForm('/api/lost/missing', form('missing', missing({ name: '전단' }), [await photo()]));
    const flyerId = made.body.id as number;
    const pdf = await fetch(`${stack.bff.url}/api/lost/posts/${flyerId}/flyer.pdf`);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect([pdf.status, pdf.headers.get('content-type'), pdf.headers.get('cache-control')]).toEqual([200, 'application/pdf', 'no-cache']);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+Pretendard/);
    const etag = pdf.headers.get('etag')!;
    expect(etag).toMatch(/^"pdf-/);
    const again = await fetch(`${stack.bff.url}/api/lost/posts/${flyerId}/flyer.pdf`, { headers: { 'if-none-match': etag } });
    expect([again.status, again.headers.get('etag')]).toEqual([304, etag]);
    const png = await fetch(`${stack.bff.url}/api/lost/posts/${flyerId}/square.png`);
    expect([png.status, png.headers.get('content-type')]).toEqual([200, 'image/png']);
    const meta = await sharp(Buffer.from(await png.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1080, 1080]);
    const sighting = await finder.client.postForm(
      '/api/lost/sightings',
      form('sighting', { ...missing(), name: undefined, kind: 'SEEN', description: '지나가는 걸 봤어요' }),
    );
    const wrong = await createClient(stack.bff.url).get(`/api/lost/posts/${sighting.body.id}/flyer.pdf`);
    expect([wrong.status, wrong.body.error.code, wrong.body.error.reason]).toEqual([409, 'INVALID_STATE', 'LOST_WRONG_KIND']);
    expect((await createClient(stack.bff.url).get('/api/lost/posts/99999/square.png')).status).toBe(404);
  });

  it('documents every lost route in the OpenAPI document', async () => {
    const doc = (await createClient(stack.bff.url).get('/docs/json')).body as { paths: Record<string, unknown> };
    for (const p of [
      '/api/lost/posts',
      '/api/lost/map',
      '/api/lost/posts/{id}',
      '/api/lost/missing',
      '/api/lost/sightings',
      '/api/lost/posts/{id}/contact',
      '/api/lost/posts/{id}/flyer.pdf',
      '/api/lost/posts/{id}/square.png',
      '/api/admin/lost/flags',
    ])
      expect(Object.keys(doc.paths)).toContain(p);
  });
});

describe('a sighting attached to a report (missingId)', () => {
  const seeing = (missingId: number) =>
    form('sighting', { ...missing(), name: undefined, kind: 'SEEN', missingId, description: '지나가는 걸 봤어요' });
  const writes = () => stack.proxy.seen.filter((s) => s === 'POST /api/lost/sightings').length;

  it('refuses a wrong, closed or non-missing report with its code before anything is written upstream', async () => {
    const closed = await owner.client.postForm('/api/lost/missing', form('missing', missing({ name: '보리' }), [await photo()]));
    expect(closed.status).toBe(201);
    expect((await owner.client.post(`/api/lost/posts/${closed.body.id}/close`, { status: 'CANCELLED' })).status).toBe(200);
    const seen = await finder.client.postForm('/api/lost/sightings', seeing(closed.body.id as number));
    const before = writes();
    for (const [target, expected] of [
      [99999, [404, 'NOT_FOUND', 'LOST_POST_NOT_FOUND']],
      [closed.body.id as number, [409, 'INVALID_STATE', 'LOST_POST_CLOSED']],
    ] as const) {
      const res = await finder.client.postForm('/api/lost/sightings', seeing(target));
      expect([res.status, res.body.error.code, res.body.error.reason]).toEqual(expected);
    }
    expect(seen.status).toBe(409);
    expect(writes()).toBe(before);
    // A found/seen post takes no sightings.
    const plain = await finder.client.postForm(
      '/api/lost/sightings',
      form('sighting', { ...missing(), name: undefined, kind: 'SEEN', description: '봤어요' }),
    );
    expect(plain.status).toBe(201);
    const wrongKind = await finder.client.postForm('/api/lost/sightings', seeing(plain.body.id as number));
    expect([wrongKind.status, wrongKind.body.error.reason]).toEqual([409, 'LOST_WRONG_KIND']);
    expect(writes()).toBe(before + 1);
  });
});
