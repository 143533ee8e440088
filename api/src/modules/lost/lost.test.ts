import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LostStatsSchema } from '@pawbridge/shared/lost.schema';
import { startTestApi, type TestApi } from '../../testing/test-api';
import {
  call,
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
import { HERE, errorOf, form, lostCalls, metres, missingJson, sightingJson, yesterday } from './lost.testing';

// Missing reports (issue 27): creation, rules, limits and their life (edit, move, sightings, relay, close).
// The board, the map, found posts and flags: lost.board.test.ts.

let api: TestApi;
let owner: Member;
let finder: Member;
let stranger: Member;
let lost: ReturnType<typeof lostCalls>;

beforeAll(async () => {
  api = await startTestApi();
  lost = lostCalls(api);
  owner = await createMember(api, 'lostowner', { name: '김보호', nickname: '초코맘' });
  finder = await createMember(api, 'finder', { name: '이이웃', nickname: '망원산책러' });
  stranger = await createMember(api, 'stranger', { name: null });
});
afterAll(() => api.close());

describe('missing reports', () => {
  it('carries a registered dog over, keeps the exact point for its owner and shows everyone else the same rounded one', async () => {
    const pet = await send(api, 'POST', '/api/pet/register', {
      cookie: owner.cookie,
      form: petForm(petJson({ petId: '410-1111-22222', name: '보리', type: '진돗개' }), await jpegWithExif()),
    });
    expect(pet.status).toBe(200);
    const res = await lost.postMissing(owner, missingJson({ petId: '410-1111-22222', name: null, breed: null }));
    expect(res.status).toBe(201);
    const id = (res.json as unknown as { id: number }).id;

    const mine = await lost.detail(id, owner.cookie);
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

    const seen = await Promise.all([lost.detail(id), lost.detail(id, finder.cookie), lost.detail(id)]);
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
    // Shown by nickname (decision 0035), never the name or the login id; the timeline names its actor the same way.
    expect(seen[0]!.author.displayName).toBe('초코맘');
    expect(JSON.stringify(seen)).not.toContain('김보호');
    expect(seen[0]!.timeline[0]).toMatchObject({ kind: 'CREATED', actorName: '초코맘' });
  });

  it('refuses bad input with coded field errors and stores no photo', async () => {
    const before = lost.stored();
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
      const res = await lost.postMissing(owner, missingJson(overrides), photo);
      expect([res.status, errorOf(res).code, errorOf(res).fieldErrorCodes?.[field]]).toEqual([400, 'VALIDATION_FAILED', code]);
    }
    const typedIn = await lost.postMissing(owner, missingJson(), []);
    expect([typedIn.status, errorOf(typedIn).fieldErrorCodes?.photo1]).toEqual([400, 'lostPhotoRequired']);
    const bomb = await lost.postMissing(owner, missingJson(), [pngBomb()]);
    expect([bomb.status, errorOf(bomb).code]).toEqual([413, 'IMAGE_TOO_LARGE']);
    const six = await lost.postMissing(
      owner,
      missingJson(),
      Array.from({ length: 6 }, () => photo[0]!),
    );
    expect(six.status).toBe(400);
    const visitor = await send(api, 'POST', '/api/lost/missing', { form: form('missing', missingJson(), photo) });
    expect([visitor.status, errorOf(visitor).code]).toEqual([401, 'UNAUTHENTICATED']);
    expect(lost.stored()).toEqual(before);
  });

  it('allows at most 5 open reports per member (the 6th stores nothing) and 20 posts a day', async () => {
    const m = await createMember(api, 'busyowner');
    const photo = [await jpegWithExif('#123')];
    for (let i = 0; i < 5; i += 1) expect((await lost.postMissing(m, missingJson({ name: `개${i}` }), photo)).status).toBe(201);
    const before = lost.stored();
    const sixth = await lost.postMissing(m, missingJson(), photo);
    expect([sixth.status, errorOf(sixth).reason]).toEqual([409, 'LOST_OPEN_LIMIT']);
    expect(lost.stored()).toEqual(before);
    for (let i = 0; i < 15; i += 1) expect((await lost.postSighting(m, sightingJson())).status).toBe(201);
    const late = await lost.postSighting(m, sightingJson());
    expect([late.status, errorOf(late).code, errorOf(late).reason]).toEqual([429, 'RATE_LIMITED', 'LOST_DAILY_LIMIT']);
  });
});

describe('the life of a missing report', () => {
  let id: number;

  beforeAll(async () => {
    const res = await lost.postMissing(owner, missingJson({ name: '콩이' }), [await jpegWithExif('#753')]);
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
    expect((await lost.detail(id)).phone).toBe('010-1234-5678');
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
    const d = await lost.detail(id);
    expect(d.address).toBe('합정역 7번 출구');
    expect(metres(d.position, { lat: 37.5612, lng: 126.9101 })).toBeLessThan(300);
    expect(d.position).not.toEqual({ lat: 37.5612, lng: 126.9101 });
    expect(d.photoUrls).toHaveLength(2);
    expect(d.timeline.map((t) => t.kind)).toEqual(['CREATED', 'MOVED', 'PHOTO_ADDED']);
    // The timeline carries the snapped point, never the exact one (compared as numbers: a
    // snapped point may share its first decimals with the exact one by chance).
    const moved = d.timeline.find((t) => t.kind === 'MOVED')!;
    expect(moved.position).toEqual(d.position);
    expect(d.timeline.map((t) => t.position)).not.toContainEqual({ lat: 37.5612, lng: 126.9101 });
    const partial = await send(api, 'POST', `/api/lost/posts/${id}/updates`, { cookie: owner.cookie, form: form('update', { lat: 37.5 }) });
    expect(errorOf(partial).fieldErrorCodes?.lat).toBe('lostPlaceIncomplete');
  });

  it('shows a sighting attached to it and tells the owner by bell and e-mail', async () => {
    const res = await lost.postSighting(finder, sightingJson({ missingId: id }));
    expect(res.status).toBe(201);
    const sightingId = (res.json as unknown as { id: number }).id;
    const d = await lost.detail(id);
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
    const found = await lost.postSighting(finder, sightingJson({ kind: 'FOUND' }));
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
    // The relay's e-mail carries the message itself (the owner may read it away from the site), never a position.
    await expect
      .poll(
        () =>
          outboxMessages(api, 'lostowner@example.com')
            .map(emlText)
            .filter((t) => t.includes('공원 벤치 밑에 있어요.')).length,
      )
      .toBe(1);
    const relayed = outboxMessages(api, 'lostowner@example.com')
      .map(emlText)
      .find((t) => t.includes('공원 벤치 밑에 있어요.'))!;
    expect(relayed).toContain('연락을 보냈습니다');
    expect(relayed).not.toContain(String(HERE.lat));
    const received = (await lost.json('/api/lost/contacts', owner.cookie)).body as unknown as {
      id: number;
      direction: string;
      fromName: string;
    }[];
    expect(received[0]).toMatchObject({ id: contactId, direction: 'RECEIVED', fromName: '망원산책러' });
    expect(JSON.stringify(received)).not.toContain('이이웃');
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
    const finderSees = (await lost.json('/api/lost/contacts', finder.cookie)).body as unknown as {
      direction: string;
      phone: string | null;
    }[];
    expect(finderSees[0]).toMatchObject({ direction: 'RECEIVED', phone: '010-9999-8888' });
    expect(JSON.stringify((await lost.json('/api/lost/contacts', stranger.cookie)).body)).toBe('[]');
    // The finder's e-mail has the reply and the number the owner chose to give them.
    await expect
      .poll(() =>
        outboxMessages(api, 'finder@example.com')
          .map(emlText)
          .some((t) => t.includes('010-9999-8888')),
      )
      .toBe(true);
    expect(
      outboxMessages(api, 'finder@example.com')
        .map(emlText)
        .find((t) => t.includes('010-9999-8888')),
    ).toContain('감사합니다!');
    const kinds = await api.ctx.db
      .selectFrom('notifications')
      .select(['notificationType', 'recipientPk', 'code'])
      .where('notificationType', 'in', ['LOST_CONTACT', 'LOST_REPLY'])
      .execute();
    expect(kinds).toEqual(
      expect.arrayContaining([
        { notificationType: 'LOST_CONTACT', recipientPk: owner.pk, code: 'LOST_CONTACTED' },
        { notificationType: 'LOST_REPLY', recipientPk: finder.pk, code: 'LOST_REPLIED' },
      ]),
    );
  });

  it('closes as reunited with a thank-you note, counted this month, and then refuses more changes', async () => {
    const before = LostStatsSchema.parse((await lost.json('/api/lost/stats')).body);
    const wrong = await call(api, 'POST', `/api/lost/posts/${id}/close`, { cookie: owner.cookie, json: { status: 'CLOSED' } });
    expect(JSON.parse(wrong.text).error.reason).toBe('LOST_WRONG_KIND');
    const res = await call(api, 'POST', `/api/lost/posts/${id}/close`, {
      cookie: owner.cookie,
      json: { status: 'REUNITED', note: '도와주신 분들 감사합니다' },
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({ status: 'REUNITED', thankYouNote: '도와주신 분들 감사합니다' });
    const after = LostStatsSchema.parse((await lost.json('/api/lost/stats')).body);
    expect(after.reunitedThisMonth).toBe(before.reunitedThisMonth + 1);
    expect(after.openMissing).toBe(before.openMissing - 1);
    expect(after.flagsWaiting).toBeNull();
    const again = await call(api, 'POST', `/api/lost/posts/${id}/close`, { cookie: owner.cookie, json: { status: 'CANCELLED' } });
    expect([again.status, JSON.parse(again.text).error.reason]).toEqual([409, 'LOST_POST_CLOSED']);
    const contact = await call(api, 'POST', `/api/lost/posts/${id}/contact`, { cookie: stranger.cookie, json: { message: '혹시' } });
    expect(contact.status).toBe(409);
  });
});
