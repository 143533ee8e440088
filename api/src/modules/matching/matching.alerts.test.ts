import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FeedNotificationSchema } from '@pawbridge/shared';
import { LostPostDetailSchema } from '@pawbridge/shared/lost.schema';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { call, createMember, emlSubject, emlText, outboxMessages, solidJpeg, type Member } from '../../testing/fixtures';
import { HERE, lostCalls, missingJson, sightingJson } from '../lost/lost.testing';
import { MatchQueueRepository } from './matching.queue.repository';
import { ALERT_THRESHOLD, DISPLAY_FLOOR } from './scorer/score';

// Match notices (issue 28; docs/decisions/0042): a candidate at or above the alert threshold rings the
// owner's bell at once and is e-mailed at most once an hour per report (later ones in a digest); each
// pair is told once; confirming tells the finder; nobody else reads or decides.

let api: TestApi;
let owner: Member;
let finder: Member;
let other: Member;
let lost: ReturnType<typeof lostCalls>;
let missingId: number;
let foundId: number;
let photo: Buffer;
const HOUR = 3600_000;
const idOf = (res: { json: unknown }) => (res.json as { id: number }).id;

const bell = (m: Member, type: string) =>
  api.ctx.db
    .selectFrom('notifications')
    .selectAll()
    .where('recipientPk', '=', m.pk)
    .where('notificationType', '=', type)
    .orderBy('id')
    .execute();
const mails = (m: Member) => outboxMessages(api, `${m.userId}@example.com`);
const candidates = () => api.ctx.db.selectFrom('matchCandidates').selectAll().where('lostPostId', '=', missingId).orderBy('id').execute();

beforeAll(async () => {
  api = await startTestApi();
  lost = lostCalls(api);
  owner = await createMember(api, 'alertowner', { nickname: '초코맘' });
  finder = await createMember(api, 'alertfinder', { nickname: '망원이웃' });
  other = await createMember(api, 'alertother');
  await api.app.matching.stop(); // the test runs the worker itself
  photo = await solidJpeg(200, 120, 40);
  missingId = idOf(await lost.postMissing(owner, missingJson(), [photo]));
  // The same dog, its owner's photo reposted, 200 m away: far above the alert threshold.
  foundId = idOf(await lost.postSighting(finder, sightingJson({ kind: 'FOUND', gender: 'MALE' }), [photo]));
  // Someone saw a brown poodle 3 km away: shown, but not worth an alert.
  await lost.postSighting(other, sightingJson({ lat: HERE.lat + 0.027, lng: HERE.lng, colour: null }));
  await api.app.matching.drain();
});
afterAll(() => api.close());

describe('the owner is told of a likely match', () => {
  it('rings the bell once for the candidate above the threshold, with its kind, score and reasons as codes, and never below it', async () => {
    const rows = await candidates();
    const high = rows.filter((r) => r.score >= ALERT_THRESHOLD);
    const low = rows.filter((r) => r.score < ALERT_THRESHOLD);
    expect(high.map((r) => r.candidateId)).toEqual([String(foundId)]);
    expect(low.length).toBeGreaterThan(0);
    expect(low.every((r) => r.score >= DISPLAY_FLOOR && r.alertedAt === null)).toBe(true);
    expect(high[0]!.alertedAt).not.toBeNull();

    const notices = await bell(owner, 'LOST_MATCH');
    expect(notices).toHaveLength(1);
    const n = notices[0]!;
    expect(n.code).toBe('LOST_MATCH_FOUND');
    expect(n.targetUrl).toBe(`/lost/${missingId}#matches`);
    expect(n.about).toMatchObject({ dogName: '초코', postId: missingId, match: { candidateKind: 'FOUND', score: high[0]!.score } });
    const codes = n.about!.match!.reasons.map((r) => r.code);
    expect(codes).toEqual(expect.arrayContaining(['SAME_PHOTO', 'DISTANCE']));
    expect(JSON.stringify(n.about)).not.toMatch(/37\.55|126\.90/);
    // The wire the BFF reads (REST) carries it as the feed's schema expects.
    const listed = await call(api, 'GET', `/api/notifications/user/${owner.userId}`, { cookie: owner.cookie });
    expect(listed.status).toBe(200);
    const wire = (JSON.parse(listed.text) as { code: string; about: unknown }[]).find((x) => x.code === 'LOST_MATCH_FOUND')!;
    expect(FeedNotificationSchema.shape.about.parse(wire.about).match?.score).toBe(high[0]!.score);
  });

  it('e-mails the owner at once, without an exact position', async () => {
    await expect.poll(() => mails(owner).length).toBe(1);
    const mail = mails(owner)[0]!;
    const text = emlText(mail);
    expect(emlSubject(mail)).toContain('초코');
    expect(text).toContain('발견 글 · 일치도');
    expect(text).toContain(`/lost/${missingId}#matches`);
    expect(text).not.toContain(String(HERE.lat));
    expect(text).not.toContain('37.55');
  });

  it('never tells twice: a re-run over everything, or raising the same rows again', async () => {
    await new MatchQueueRepository(api.ctx.db).requeueAll();
    await api.app.matching.drain();
    expect(await api.app.matchAlerts.raise((await candidates()).map((r) => r.id))).toBe(0);
    expect(await bell(owner, 'LOST_MATCH')).toHaveLength(1);
    expect(mails(owner)).toHaveLength(1);
  });

  it('within the hour, a new candidate rings the bell at once but waits for the digest e-mail when the hour is up', async () => {
    const second = idOf(await lost.postSighting(other, sightingJson({ kind: 'FOUND', gender: 'MALE', lat: 37.5565 }), [photo]));
    await api.app.matching.drain();
    expect(await bell(owner, 'LOST_MATCH')).toHaveLength(2);
    expect(mails(owner)).toHaveLength(1);
    expect(await api.app.matchAlerts.sweep(new Date(Date.now() + HOUR / 2))).toBe(0);
    expect(mails(owner)).toHaveLength(1);

    const after = new Date(Date.now() + HOUR + 60_000);
    expect(await Promise.all([api.app.matchAlerts.sweep(after), api.app.matchAlerts.sweep(after)])).toEqual(expect.arrayContaining([1, 0]));
    await expect.poll(() => mails(owner).length).toBe(2);
    const digest = emlText(mails(owner)[1]!);
    expect(digest).toContain('발견 글 · 일치도');
    expect((await candidates()).find((r) => r.candidateId === String(second))!.mailedAt).not.toBeNull();
    // Nothing waits any more: later sweeps send nothing.
    expect(await api.app.matchAlerts.sweep(new Date(Date.now() + 3 * HOUR))).toBe(0);
  });

  it('tells nobody of a candidate whose report was closed before the notice went out', async () => {
    const own = await solidJpeg(10, 200, 90);
    const closedId = idOf(await lost.postMissing(owner, missingJson({ name: '두부', lat: 37.6, lng: 127.0 }), [own]));
    await api.app.matching.drain();
    const closing = await call(api, 'POST', `/api/lost/posts/${closedId}/close`, { cookie: owner.cookie, json: { status: 'CANCELLED' } });
    expect(closing.status).toBe(200);
    const before = (await bell(owner, 'LOST_MATCH')).length;
    const { id } = await api.ctx.db
      .insertInto('matchCandidates')
      .values({ lostPostId: closedId, candidateKind: 'SHELTER', candidateId: '448000202600999', score: 90, reasons: '[]', km: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await api.app.matchAlerts.raise([id])).toBe(0);
    expect(await bell(owner, 'LOST_MATCH')).toHaveLength(before);
  });
});

describe('confirming tells the finder and links the two posts', () => {
  const decide = (m: Member, candidateId: number, action: 'confirm' | 'dismiss', lostId = missingId) =>
    call(api, 'POST', `/api/lost/posts/${lostId}/candidates/${candidateId}/${action}`, { cookie: m.cookie });

  it('only the owner decides; a candidate of another report is not found', async () => {
    const c = (await candidates()).find((r) => r.candidateId === String(foundId))!;
    expect((await decide(finder, c.id, 'confirm')).status).toBe(404);
    expect((await decide(other, c.id, 'confirm')).status).toBe(404);
    const elsewhere = idOf(await lost.postMissing(owner, missingJson({ name: '콩이', lat: 35.1, lng: 129.0 }), [photo]));
    expect(elsewhere).toBeGreaterThan(0);
    expect((await decide(owner, c.id, 'confirm', elsewhere)).status).toBe(404);
    expect(await bell(finder, 'LOST_MATCH_CONFIRMED')).toHaveLength(0);
  });

  it('the finder gets a bell notice and an e-mail leading to the lost post, once', async () => {
    const c = (await candidates()).find((r) => r.candidateId === String(foundId))!;
    expect((await decide(owner, c.id, 'confirm')).status).toBe(204);
    expect((await decide(owner, c.id, 'confirm')).status).toBe(204); // again: nothing new
    const told = await bell(finder, 'LOST_MATCH_CONFIRMED');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ code: 'LOST_MATCH_CONFIRMED', targetUrl: `/lost/${missingId}` });
    expect(told[0]!.about).toMatchObject({ dogName: '초코', postId: missingId, match: { candidateKind: 'FOUND' } });
    await expect.poll(() => mails(finder).length).toBe(1);
    const text = emlText(mails(finder)[0]!);
    expect(text).toContain('우리 아이라고 확인했어요');
    expect(text).toContain(`/lost/${missingId}`);
    expect(text).not.toContain(String(HERE.lat));
  });

  it('each post’s page links the other, for everyone', async () => {
    const found = LostPostDetailSchema.parse((await lost.json(`/api/lost/posts/${foundId}`)).body);
    expect(found.matches).toEqual([{ lostPostId: missingId, kind: 'FOUND', recordId: String(foundId) }]);
    const missing = LostPostDetailSchema.parse((await lost.json(`/api/lost/posts/${missingId}`, other.cookie)).body);
    expect(missing.matches).toEqual([{ lostPostId: missingId, kind: 'FOUND', recordId: String(foundId) }]);
  });
});

describe('a notice lost between commit and claim is caught up by the sweep', () => {
  // The worker's instance stored the candidate, then stopped before `raise`: the row is committed, never claimed.
  const committedUnclaimed = (candidateId: string, ageMs: number) =>
    api.ctx.db
      .insertInto('matchCandidates')
      .values({
        lostPostId: missingId,
        candidateKind: 'SHELTER',
        candidateId,
        score: ALERT_THRESHOLD + 5,
        reasons: '[]',
        km: null,
        createdAt: new Date(Date.now() - ageMs),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

  it('raises it exactly once, whatever sweeps run, and leaves one still within the worker’s grace alone', async () => {
    const before = (await bell(owner, 'LOST_MATCH')).length;
    const lostOne = await committedUnclaimed('448000202600501', 10 * 60_000);
    const fresh = await committedUnclaimed('448000202600502', 5_000);
    const now = new Date();
    // Two instances' sweeps at once, then a later one: one notice in all.
    const raised = await Promise.all([api.app.matchAlerts.catchUp(now), api.app.matchAlerts.catchUp(now)]);
    expect(raised.sort()).toEqual([0, 1]);
    await api.app.matchAlerts.sweep(new Date(now.getTime() + 1000));
    const notices = await bell(owner, 'LOST_MATCH');
    expect(notices).toHaveLength(before + 1);
    expect(notices.at(-1)!.about).toMatchObject({ postId: missingId, match: { candidateKind: 'SHELTER' } });
    const rows = await candidates();
    expect(rows.find((r) => r.id === lostOne.id)!.alertedAt).not.toBeNull();
    expect(rows.find((r) => r.id === fresh.id)!.alertedAt).toBeNull();
    // Its worker was alive after all and raises it itself: still nothing twice.
    expect(await api.app.matchAlerts.raise([lostOne.id])).toBe(0);
    expect(await bell(owner, 'LOST_MATCH')).toHaveLength(before + 1);
  });
});
