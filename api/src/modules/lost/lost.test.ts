import fs from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seoulToday } from '@pawbridge/shared';
import { LostMapAnswerSchema, LostPostDetailSchema, LostPostListSchema, LostStatsSchema } from '@pawbridge/shared/lost.schema';
import { startTestApi, type TestApi } from '../../testing/test-api';
import {
  call,
  createAdmin,
  createMember,
  emlText,
  jpegWithExif,
  outboxMessages,
  petForm,
  petJson,
  pngBomb,
  send,
  type Member,
} from '../../testing/fixtures';

let api: TestApi;
let owner: Member;
let finder: Member;
let stranger: Member;
let admin: Member;
const stored = () => (fs.existsSync(api.config.uploadDir) ? fs.readdirSync(api.config.uploadDir) : []);

const yesterday = () => {
  const d = new Date(`${seoulToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/** 마포구 망원동 (exact). */
const HERE = { lat: 37.556123, lng: 126.901987 };

const missingJson = (overrides: Record<string, unknown> = {}) => ({
  name: '초코',
  breed: '푸들',
  size: 'SMALL',
  gender: 'MALE',
  colour: '갈색 곱슬',
  features: '빨간 목줄, 왼쪽 귀 흰 점',
  onSight: '이름을 부르면 다가옵니다. 잡지 말고 연락 주세요.',
  reward: 300000,
  contact: 'RELAY',
  ...HERE,
  address: '서울 마포구 망원동 한강공원 입구',
  sigungu: '마포구',
  date: yesterday(),
  time: '18:30',
  ...overrides,
});

const sightingJson = (overrides: Record<string, unknown> = {}) => ({
  kind: 'SEEN',
  breed: '푸들',
  colour: '갈색',
  description: '한강공원 쪽으로 뛰어가는 갈색 푸들을 봤어요.',
  contact: 'RELAY',
  lat: 37.5571,
  lng: 126.9031,
  address: '망원동 주민센터 앞',
  sigungu: '마포구',
  date: yesterday(),
  time: '19:10',
  ...overrides,
});

function form(part: string, json: unknown, photos: Buffer[] = []): FormData {
  const f = new FormData();
  f.append(part, JSON.stringify(json));
  photos.forEach((p, i) => f.append(`photo${i + 1}`, new Blob([new Uint8Array(p)], { type: 'image/jpeg' }), `p${i}.jpg`));
  return f;
}

const postMissing = async (m: Member, json: unknown, photos: Buffer[] = []) =>
  send(api, 'POST', '/api/lost/missing', { cookie: m.cookie, form: form('missing', json, photos) });
const postSighting = async (m: Member, json: unknown, photos: Buffer[] = []) =>
  send(api, 'POST', '/api/lost/sightings', { cookie: m.cookie, form: form('sighting', json, photos) });
const json = async (path: string, cookie?: string) => {
  const res = await call(api, 'GET', path, cookie ? { cookie } : {});
  return { status: res.status, body: JSON.parse(res.text) as Record<string, unknown>, headers: res.headers };
};
const detail = async (id: number, cookie?: string) => LostPostDetailSchema.parse((await json(`/api/lost/posts/${id}`, cookie)).body);
const errorOf = (res: { json: unknown }) =>
  (res.json as { error: { code: string; reason?: string; fieldErrorCodes?: Record<string, string> } }).error;
const metres = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.hypot((a.lat - b.lat) * 111_320, (a.lng - b.lng) * 111_320 * Math.cos((a.lat * Math.PI) / 180));

beforeAll(async () => {
  api = await startTestApi();
  owner = await createMember(api, 'lostowner', { name: '김보호' });
  finder = await createMember(api, 'finder', { name: '이이웃' });
  stranger = await createMember(api, 'stranger', { name: null });
  admin = await createAdmin(api, 'lostadmin');
});
afterAll(() => api.close());

describe('missing reports', () => {
  it('carries a registered dog over, keeps the exact point for its owner and shows everyone else the same rounded one', async () => {
    const pet = await send(api, 'POST', '/api/pet/register', {
      cookie: owner.cookie,
      form: petForm(petJson({ petId: '410-1111-22222', name: '보리', type: '진돗개' }), await jpegWithExif()),
    });
    expect(pet.status).toBe(200);
    const res = await postMissing(owner, missingJson({ petId: '410-1111-22222', name: null, breed: null }));
    expect(res.status).toBe(201);
    const id = (res.json as unknown as { id: number }).id;

    const mine = await detail(id, owner.cookie);
    expect(mine).toMatchObject({
      kind: 'MISSING',
      status: 'OPEN',
      name: '보리',
      breed: '진돗개',
      mine: true,
      registrationNo: '410-1111-22222',
    });
    expect(mine.exactPosition).toEqual(HERE);
    expect(mine.photoUrls).toHaveLength(1);
    const photo = await fetch(api.url + mine.photoUrls[0]!);
    const meta = await sharp(Buffer.from(await photo.arrayBuffer())).metadata();
    expect([meta.format, meta.exif]).toEqual(['webp', undefined]);

    const seen = await Promise.all([detail(id), detail(id, finder.cookie), detail(id)]);
    for (const d of seen) {
      expect(d.exactPosition).toBeNull();
      expect(d.registrationNo).toBeNull();
      expect(d.phone).toBeNull();
      expect(d.mine).toBe(false);
      expect(d.position).toEqual(seen[0]!.position);
    }
    const pub = seen[0]!.position;
    expect(pub).not.toEqual(HERE);
    expect(metres(pub, HERE)).toBeLessThan(300);
    expect(JSON.stringify(seen)).not.toContain(String(HERE.lat));
    expect(JSON.stringify(seen)).not.toContain('lostowner');
    expect(seen[0]!.author.displayName).toBe('김보호');
  });

  it('refuses bad input with coded field errors and stores no photo', async () => {
    const before = stored();
    const photo = [await jpegWithExif()];
    const cases: [Record<string, unknown>, string, string][] = [
      [{ lat: 35.6, lng: 139.7 }, 'lat', 'lostOutsideKorea'],
      [{ date: '2999-01-01' }, 'date', 'lostDateFuture'],
      [{ date: '2000-01-01' }, 'date', 'lostDateTooOld'],
      [{ name: null }, 'name', 'petNameRequired'],
      [{ contact: 'PHONE' }, 'phone', 'phoneRequired'],
      [{ features: '<script>alert(1)</script>' }, 'features', 'lostHtmlRefused'],
      [{ address: '  ' }, 'address', 'lostAddressRequired'],
    ];
    for (const [overrides, field, code] of cases) {
      const res = await postMissing(owner, missingJson(overrides), photo);
      expect([res.status, errorOf(res).code, errorOf(res).fieldErrorCodes?.[field]]).toEqual([400, 'VALIDATION_FAILED', code]);
    }
    const typedIn = await postMissing(owner, missingJson(), []);
    expect([typedIn.status, errorOf(typedIn).fieldErrorCodes?.photo1]).toEqual([400, 'lostPhotoRequired']);
    const bomb = await postMissing(owner, missingJson(), [pngBomb()]);
    expect([bomb.status, errorOf(bomb).code]).toEqual([413, 'IMAGE_TOO_LARGE']);
    const six = await postMissing(
      owner,
      missingJson(),
      Array.from({ length: 6 }, () => photo[0]!),
    );
    expect(six.status).toBe(400);
    const visitor = await send(api, 'POST', '/api/lost/missing', { form: form('missing', missingJson(), photo) });
    expect([visitor.status, errorOf(visitor).code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(stored()).toEqual(before);
  });

  it('allows at most 5 open reports per member (the 6th stores nothing) and 20 posts a day', async () => {
    const m = await createMember(api, 'busyowner');
    const photo = [await jpegWithExif('#123')];
    for (let i = 0; i < 5; i += 1) expect((await postMissing(m, missingJson({ name: `개${i}` }), photo)).status).toBe(201);
    const before = stored();
    const sixth = await postMissing(m, missingJson(), photo);
    expect([sixth.status, errorOf(sixth).reason]).toEqual([409, 'LOST_OPEN_LIMIT']);
    expect(stored()).toEqual(before);
    for (let i = 0; i < 15; i += 1) expect((await postSighting(m, sightingJson())).status).toBe(201);
    const late = await postSighting(m, sightingJson());
    expect([late.status, errorOf(late).code, errorOf(late).reason]).toEqual([429, 'RATE_LIMITED', 'LOST_DAILY_LIMIT']);
  });
});

describe('the life of a missing report', () => {
  let id: number;

  beforeAll(async () => {
    const res = await postMissing(owner, missingJson({ name: '콩이' }), [await jpegWithExif('#753')]);
    id = (res.json as unknown as { id: number }).id;
  });

  it('is the author’s alone to edit, update and close', async () => {
    const edit = await call(api, 'PUT', `/api/lost/posts/${id}`, { cookie: finder.cookie, json: { reward: 1 } });
    expect([edit.status, JSON.parse(edit.text).error.reason]).toEqual([403, 'LOST_AUTHOR_ONLY']);
    const close = await call(api, 'POST', `/api/lost/posts/${id}/close`, { cookie: finder.cookie, json: { status: 'REUNITED' } });
    expect(close.status).toBe(403);
    const upd = await send(api, 'POST', `/api/lost/posts/${id}/updates`, { cookie: finder.cookie, form: form('update', { note: '메모' }) });
    expect(upd.status).toBe(403);
    const visitor = await call(api, 'PUT', `/api/lost/posts/${id}`, { json: { reward: 1 } });
    expect(visitor.status).toBe(401);
    const own = await call(api, 'PUT', `/api/lost/posts/${id}`, {
      cookie: owner.cookie,
      json: { reward: 500000, contact: 'PHONE', phone: '010-1234-5678' },
    });
    expect(own.status).toBe(200);
    expect((await detail(id)).phone).toBe('010-1234-5678');
  });

  it('moves the last-seen point and adds a photo, each in the timeline, the public point snapped again', async () => {
    const res = await send(api, 'POST', `/api/lost/posts/${id}/updates`, {
      cookie: owner.cookie,
      form: form(
        'update',
        {
          lat: 37.5612,
          lng: 126.9101,
          address: '합정역 7번 출구',
          sigungu: '마포구',
          date: yesterday(),
          time: '21:00',
          note: '합정역에서 봤다는 이야기를 들었어요',
        },
        [await jpegWithExif('#abc')],
      ),
    });
    expect(res.status).toBe(200);
    const d = await detail(id);
    expect(d.address).toBe('합정역 7번 출구');
    expect(metres(d.position, { lat: 37.5612, lng: 126.9101 })).toBeLessThan(300);
    expect(d.position).not.toEqual({ lat: 37.5612, lng: 126.9101 });
    expect(d.photoUrls).toHaveLength(2);
    expect(d.timeline.map((t) => t.kind)).toEqual(['CREATED', 'MOVED', 'PHOTO_ADDED']);
    expect(JSON.stringify(d.timeline)).not.toContain('37.5612');
    const partial = await send(api, 'POST', `/api/lost/posts/${id}/updates`, { cookie: owner.cookie, form: form('update', { lat: 37.5 }) });
    expect(errorOf(partial).fieldErrorCodes?.lat).toBe('lostPlaceIncomplete');
  });

  it('shows a sighting attached to it and tells the owner by bell and e-mail', async () => {
    const res = await postSighting(finder, sightingJson({ missingId: id }));
    expect(res.status).toBe(201);
    const sightingId = (res.json as unknown as { id: number }).id;
    const d = await detail(id);
    expect(d.sightings.map((s) => s.id)).toEqual([sightingId]);
    expect(d.timeline.at(-1)).toMatchObject({ kind: 'SIGHTING_ATTACHED', sightingId });
    const bell = await api.ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('recipientPk', '=', owner.pk)
      .where('notificationType', '=', 'LOST_SIGHTING')
      .execute();
    expect(bell.map((n) => n.targetUrl)).toEqual([`/lost/${id}`]);
    await expect.poll(() => outboxMessages(api, 'lostowner@example.com').length).toBeGreaterThan(0);
    expect(emlText(outboxMessages(api, 'lostowner@example.com').at(-1)!)).toContain('목격·발견');
    const found = await postSighting(finder, sightingJson({ kind: 'FOUND' }));
    expect(errorOf(found).fieldErrorCodes?.photo1).toBe('lostPhotoRequired');
  });

  it('relays a member’s message to the owner and the owner’s reply (with a phone only for that member)', async () => {
    const self = await call(api, 'POST', `/api/lost/posts/${id}/contact`, { cookie: owner.cookie, json: { message: '안녕하세요' } });
    expect(JSON.parse(self.text).error.reason).toBe('LOST_OWN_POST');
    const sent = await call(api, 'POST', `/api/lost/posts/${id}/contact`, {
      cookie: finder.cookie,
      json: { message: '공원 벤치 밑에 있어요.' },
    });
    expect(sent.status).toBe(201);
    const contactId = JSON.parse(sent.text).id as number;
    const received = (await json('/api/lost/contacts', owner.cookie)).body as unknown as {
      id: number;
      direction: string;
      fromName: string;
    }[];
    expect(received[0]).toMatchObject({ id: contactId, direction: 'RECEIVED', fromName: '이이웃' });
    const notByOthers = await call(api, 'POST', `/api/lost/contacts/${contactId}/reply`, {
      cookie: stranger.cookie,
      json: { message: '저요' },
    });
    expect(notByOthers.status).toBe(404);
    const reply = await call(api, 'POST', `/api/lost/contacts/${contactId}/reply`, {
      cookie: owner.cookie,
      json: { message: '감사합니다!', phone: '010-9999-8888' },
    });
    expect(reply.status).toBe(201);
    const finderSees = (await json('/api/lost/contacts', finder.cookie)).body as unknown as { direction: string; phone: string | null }[];
    expect(finderSees[0]).toMatchObject({ direction: 'RECEIVED', phone: '010-9999-8888' });
    expect(JSON.stringify((await json('/api/lost/contacts', stranger.cookie)).body)).toBe('[]');
    const kinds = await api.ctx.db
      .selectFrom('notifications')
      .select(['notificationType', 'recipientPk'])
      .where('notificationType', 'in', ['LOST_CONTACT', 'LOST_REPLY'])
      .execute();
    expect(kinds).toEqual(
      expect.arrayContaining([
        { notificationType: 'LOST_CONTACT', recipientPk: owner.pk },
        { notificationType: 'LOST_REPLY', recipientPk: finder.pk },
      ]),
    );
  });

  it('closes as reunited with a thank-you note, counted this month, and then refuses more changes', async () => {
    const before = LostStatsSchema.parse((await json('/api/lost/stats')).body);
    const wrong = await call(api, 'POST', `/api/lost/posts/${id}/close`, { cookie: owner.cookie, json: { status: 'CLOSED' } });
    expect(JSON.parse(wrong.text).error.reason).toBe('LOST_WRONG_KIND');
    const res = await call(api, 'POST', `/api/lost/posts/${id}/close`, {
      cookie: owner.cookie,
      json: { status: 'REUNITED', note: '도와주신 분들 감사합니다' },
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ status: 'REUNITED', thankYouNote: '도와주신 분들 감사합니다' });
    const after = LostStatsSchema.parse((await json('/api/lost/stats')).body);
    expect(after.reunitedThisMonth).toBe(before.reunitedThisMonth + 1);
    expect(after.openMissing).toBe(before.openMissing - 1);
    expect(after.flagsWaiting).toBeNull();
    const again = await call(api, 'POST', `/api/lost/posts/${id}/close`, { cookie: owner.cookie, json: { status: 'CANCELLED' } });
    expect([again.status, JSON.parse(again.text).error.reason]).toEqual([409, 'LOST_POST_CLOSED']);
    const contact = await call(api, 'POST', `/api/lost/posts/${id}/contact`, { cookie: stranger.cookie, json: { message: '혹시' } });
    expect(contact.status).toBe(409);
  });
});

describe('found posts', () => {
  it('turn into a stray report for the admin review once, with the same photo and words', async () => {
    const res = await postSighting(
      finder,
      sightingJson({ kind: 'FOUND', gender: 'FEMALE', description: '목줄 없는 흰 말티즈를 데리고 있어요.' }),
      [await jpegWithExif('#eee')],
    );
    const id = (res.json as unknown as { id: number }).id;
    const other = await call(api, 'POST', `/api/lost/posts/${id}/to-stray-report`, { cookie: stranger.cookie });
    expect(other.status).toBe(403);
    const made = await call(api, 'POST', `/api/lost/posts/${id}/to-stray-report`, { cookie: finder.cookie });
    expect(made.status).toBe(201);
    const strayId = JSON.parse(made.text).strayReportId as number;
    const stray = await api.ctx.db.selectFrom('strayReports').selectAll().where('id', '=', strayId).executeTakeFirstOrThrow();
    expect(stray).toMatchObject({
      status: 'LOST',
      gender: 'FEMALE',
      location: '서울특별시',
      description: '목줄 없는 흰 말티즈를 데리고 있어요.',
      reporterPk: finder.pk,
    });
    const twice = await call(api, 'POST', `/api/lost/posts/${id}/to-stray-report`, { cookie: finder.cookie });
    expect([twice.status, JSON.parse(twice.text).error.reason]).toEqual([409, 'LOST_ALREADY_REPORTED']);
    const seen = await postSighting(finder, sightingJson());
    const notFound = await call(api, 'POST', `/api/lost/posts/${(seen.json as unknown as { id: number }).id}/to-stray-report`, {
      cookie: finder.cookie,
    });
    expect(JSON.parse(notFound.text).error.reason).toBe('LOST_WRONG_KIND');
  });
});

describe('the board, the map, flags and hiding', () => {
  let busanId: number;

  beforeAll(async () => {
    const m = await createMember(api, 'busan');
    const res = await postMissing(
      m,
      missingJson({
        name: '해피',
        breed: '시바견',
        size: 'MEDIUM',
        colour: '황토색',
        lat: 35.1587,
        lng: 129.1604,
        address: '해운대 해수욕장',
        sigungu: '해운대구',
      }),
      [await jpegWithExif('#963')],
    );
    busanId = (res.json as unknown as { id: number }).id;
  });

  it('lists newest first with the total and the filters', async () => {
    const all = await json('/api/lost/posts?size=2');
    expect(LostPostListSchema.parse(all.body)).toHaveLength(2);
    expect(Number(all.headers.get('x-total-count'))).toBeGreaterThan(2);
    const busan = LostPostListSchema.parse((await json(`/api/lost/posts?sido=${encodeURIComponent('부산광역시')}`)).body);
    expect(busan.map((p) => p.id)).toEqual([busanId]);
    const shiba = LostPostListSchema.parse(
      (await json(`/api/lost/posts?breed=${encodeURIComponent('시바')}&dogSize=MEDIUM&kind=MISSING`)).body,
    );
    expect(shiba.map((p) => p.id)).toEqual([busanId]);
    const colour = LostPostListSchema.parse((await json(`/api/lost/posts?colour=${encodeURIComponent('황토')}`)).body);
    expect(colour.map((p) => p.id)).toEqual([busanId]);
    const sightings = LostPostListSchema.parse((await json('/api/lost/posts?kind=SIGHTING&size=100')).body);
    expect(sightings.every((p) => p.kind !== 'MISSING')).toBe(true);
    expect((await json('/api/lost/posts?kind=LOST')).status).toBe(400);
  });

  it('clusters the map on the server from the public points only', async () => {
    const korea = LostMapAnswerSchema.parse((await json('/api/lost/map?south=33&west=124&north=39&east=132&zoom=6')).body);
    expect(korea.clusters.reduce((n, c) => n + c.count, 0)).toBe(korea.total);
    expect(korea.clusters.length).toBeGreaterThanOrEqual(2);
    const busan = LostMapAnswerSchema.parse((await json('/api/lost/map?south=35&west=129&north=35.3&east=129.3&zoom=14')).body);
    expect(busan.clusters).toEqual([expect.objectContaining({ count: 1, id: busanId, kind: 'MISSING' })]);
    expect(busan.clusters[0]!.lat).not.toBe(35.1587);
    expect((await json('/api/lost/map?south=36&west=129&north=35&east=129.3&zoom=14')).status).toBe(400);
  });

  it('takes one flag per member; an admin sees it, hides the post and it leaves the board and the map at once', async () => {
    const flag = await call(api, 'POST', `/api/lost/posts/${busanId}/flags`, {
      cookie: stranger.cookie,
      json: { reason: 'SCAM', note: '선입금 요구' },
    });
    expect(flag.status).toBe(201);
    const twice = await call(api, 'POST', `/api/lost/posts/${busanId}/flags`, { cookie: stranger.cookie, json: { reason: 'WRONG' } });
    expect([twice.status, JSON.parse(twice.text).error.reason]).toEqual([409, 'LOST_ALREADY_FLAGGED']);
    expect((await json('/api/admin/lost/flags', stranger.cookie)).status).toBe(403);
    const flags = (await json('/api/admin/lost/flags', admin.cookie)).body as unknown as { postId: number; reason: string }[];
    expect(flags).toEqual([expect.objectContaining({ postId: busanId, reason: 'SCAM' })]);
    expect(LostStatsSchema.parse((await json('/api/lost/stats', admin.cookie)).body).flagsWaiting).toBe(1);

    expect(
      (await call(api, 'POST', `/api/admin/lost/posts/${busanId}/hide`, { cookie: stranger.cookie, json: { hidden: true } })).status,
    ).toBe(403);
    expect(
      (await call(api, 'POST', `/api/admin/lost/posts/${busanId}/hide`, { cookie: admin.cookie, json: { hidden: true } })).status,
    ).toBe(200);
    expect(LostPostListSchema.parse((await json(`/api/lost/posts?sido=${encodeURIComponent('부산광역시')}`)).body)).toEqual([]);
    expect(LostMapAnswerSchema.parse((await json('/api/lost/map?south=35&west=129&north=35.3&east=129.3&zoom=14')).body).clusters).toEqual(
      [],
    );
    expect((await json(`/api/lost/posts/${busanId}`)).status).toBe(404);
    expect((await json(`/api/lost/posts/${busanId}`, admin.cookie)).body).toMatchObject({ hidden: true });
    expect(LostStatsSchema.parse((await json('/api/lost/stats', admin.cookie)).body).flagsWaiting).toBe(0);
  });
});
