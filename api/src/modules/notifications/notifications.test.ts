import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST_TYPES } from '@pawbridge/shared';
import { domainEvent, type NotificationCreated } from '../../events';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { getJson, insertStray, createMember, post, postReport, solidJpeg, validReport, type Member } from '../../testing/fixtures';

interface Wire {
  id: number;
  userId: string;
  notificationType: string;
  message: string;
  targetUrl: string | null;
  createdAt: string;
  readAt: string | null;
  read: boolean;
  code: string | null;
  about: Record<string, unknown>;
}

const put = async (api: TestApi, path: string, cookie?: string) => {
  const res = await fetch(api.url + path, { method: 'PUT', headers: cookie ? { cookie } : {} });
  return { status: res.status, text: await res.text() };
};

describe('notifications: stored for the right members, REST on the caller’s own only', () => {
  let api: TestApi;
  let boss: Member;
  let chief: Member;
  let ann: Member;
  let ben: Member;
  const live: NotificationCreated[] = [];

  beforeAll(async () => {
    api = await startTestApi();
    boss = await createMember(api, 'boss', { role: 'ADMIN' });
    chief = await createMember(api, 'chief', { role: 'ADMIN' });
    ann = await createMember(api, 'ann');
    ben = await createMember(api, 'ben');
    api.ctx.events.subscribe('notification.created', (e) => void live.push(e));
  });
  afterAll(() => api.close());

  const unread = async (who: Member) => {
    const res = await getJson(api, `/api/notifications/user/${who.userId}/unread`, who.cookie);
    expect(res.status).toBe(200);
    return res.json as Wire[];
  };

  it('a stray report tells every admin (own row each, admin topic); registering it tells the reporter on their stray topic', async () => {
    const report = await postReport(api, ann.cookie, validReport({ foundDate: '2026-11-21' }), await solidJpeg(90, 60, 30));
    expect(report.status).toBe(200);
    const strayId = report.body?.id as number;
    for (const admin of [boss, chief]) {
      const [n] = await unread(admin);
      expect(n).toMatchObject({
        userId: admin.userId,
        notificationType: 'ABANDONED_PET',
        message: '2026-11-21에 발견된 유기견 제보가 접수되었습니다.',
        targetUrl: '/admin/abandoned-pets',
        read: false,
        readAt: null,
        code: 'STRAY_REPORTED',
        about: { foundDate: '2026-11-21', dogName: null, postId: null, postTitle: null, actor: null },
      });
      expect(live).toContainEqual(
        expect.objectContaining({ recipientPk: admin.pk, destination: '/topic/admin/abandoned/alerts', body: n }),
      );
    }
    expect(await unread(ann)).toEqual([]);
    // An admin's own report tells the other admins only.
    const own = await postReport(api, chief.cookie, validReport({ foundDate: '2026-11-22' }), await solidJpeg(30, 60, 90));
    expect(own.status).toBe(200);
    expect((await unread(boss))[0]).toMatchObject({ message: '2026-11-22에 발견된 유기견 제보가 접수되었습니다.' });
    expect((await unread(chief)).map((n) => n.message)).toEqual(['2026-11-21에 발견된 유기견 제보가 접수되었습니다.']);

    await api.ctx.db.updateTable('strayReports').set({ name: '초코' }).where('id', '=', strayId).execute();
    expect((await post(api, `/api/admin/reports/${strayId}/register`, boss.cookie)).status).toBe(200);
    const [registered] = await unread(ann);
    // Registered, not "received" (issue 25 item 3), which dog, and a tap opens that dog's own page.
    expect(registered).toMatchObject({
      userId: 'ann',
      notificationType: 'ADMIN_ALERT',
      message: '관리자가 제보하신 유기견을 보호 동물로 등록했습니다.',
      targetUrl: `/adopt/${strayId}`,
      code: 'REPORT_REGISTERED',
      about: { dogName: '초코', foundDate: '2026-11-21' },
    });
    expect(live.at(-1)).toMatchObject({ recipientPk: ann.pk, destination: '/topic/user/abandoned/ann', body: registered });
  });

  it('an application tells the admins; approval tells the applicant, the losing applicant hears it closed; withdrawing tells nobody', async () => {
    const strayId = await insertStray(api);
    await api.ctx.db.updateTable('strayReports').set({ name: '모카' }).where('id', '=', strayId).execute();
    expect((await post(api, `/api/adopt/apply/${strayId}`, ann.cookie)).status).toBe(200);
    const toBoss = (await unread(boss)).filter((n) => n.notificationType === 'ADOPTION_REQUEST');
    expect(toBoss.map((n) => n.message)).toEqual(['ann님이 유기견 입양 신청했습니다.']);
    // Who (by name, never the login id) and which dog.
    expect(toBoss[0]).toMatchObject({ code: 'ADOPTION_REQUESTED', about: { actor: 'ann 님', dogName: '모카' } });
    // A second open application for the same dog (applying is closed once it is WAITING).
    await api.ctx.db
      .insertInto('adoptionApplications')
      .values({ strayId, applicantPk: ben.pk, adoptStatus: 'REQUESTED', approvedAt: null, decidedAt: null })
      .execute();
    expect(live).toContainEqual(expect.objectContaining({ recipientPk: chief.pk, destination: '/topic/admin/adoption/alerts' }));

    const annApp = await api.ctx.db
      .selectFrom('adoptionApplications')
      .select('id')
      .where('strayId', '=', strayId)
      .where('applicantPk', '=', ann.pk)
      .executeTakeFirstOrThrow();
    expect((await post(api, `/api/admin/adopt/approve/${annApp.id}`, boss.cookie)).status).toBe(200);
    expect((await unread(ann))[0]).toMatchObject({
      notificationType: 'ADOPTION_RESULT',
      message: '관리자가 입양 신청을 승인했습니다.',
      targetUrl: '/mypage/applications',
      code: 'ADOPTION_APPROVED',
      about: { dogName: '모카' },
    });
    expect((await unread(ben))[0]).toMatchObject({
      notificationType: 'ADOPTION_RESULT',
      message: '다른 신청자의 입양이 확정되어 입양 신청이 마감되었습니다.',
      code: 'ADOPTION_CLOSED',
      about: { dogName: '모카' },
    });
    expect(live.at(-1)).toMatchObject({ destination: '/topic/user/ben/adoption' });

    const other = await insertStray(api);
    expect((await post(api, `/api/adopt/apply/${other}`, ben.cookie)).status).toBe(200);
    const benApp = await api.ctx.db
      .selectFrom('adoptionApplications')
      .select('id')
      .where('strayId', '=', other)
      .where('applicantPk', '=', ben.pk)
      .executeTakeFirstOrThrow();
    const before = (await unread(ben)).length;
    expect((await post(api, `/api/adopt/withdraw/${benApp.id}`, ben.cookie)).status).toBe(200);
    expect(await unread(ben)).toHaveLength(before);
  });

  it('a comment or like on a member’s post tells its author, never for their own', async () => {
    const postRow = await api.ctx.db
      .insertInto('communityPosts')
      .values({
        authorPk: ann.pk,
        postType: POST_TYPES[0],
        title: '우리 동네 산책로',
        strContent: '<p>좋아요</p>',
        imgUrlContent: null,
        updatedAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const before = (await unread(ann)).length;
    await api.ctx.events.publish(
      domainEvent('comment.created', { commentId: 1, postId: postRow.id, commenterPk: ann.pk, postAuthorPk: ann.pk }),
    );
    await api.ctx.events.publish(domainEvent('like.added', { postId: postRow.id, likerPk: ann.pk, postAuthorPk: ann.pk }));
    expect(await unread(ann)).toHaveLength(before);

    // Others see the commenter's nickname, not their real name (issue 25 item 5).
    await api.ctx.db.updateTable('users').set({ name: '김벤', nickname: '산책왕벤' }).where('id', '=', ben.pk).execute();
    await api.ctx.events.publish(
      domainEvent('comment.created', { commentId: 2, postId: postRow.id, commenterPk: ben.pk, postAuthorPk: ann.pk }),
    );
    const about = { postId: postRow.id, postTitle: '우리 동네 산책로', actor: '산책왕벤', dogName: null, foundDate: null };
    expect(live.at(-1)).toMatchObject({
      destination: '/topic/user/ann/community/comment',
      body: {
        notificationType: 'COMMENT',
        message: '우리 동네 산책로에 댓글이 달렸습니다.',
        targetUrl: `/community/${postRow.id}`,
        code: 'COMMENT_ADDED',
        about,
      },
    });
    await api.ctx.events.publish(domainEvent('like.added', { postId: postRow.id, likerPk: ben.pk, postAuthorPk: ann.pk }));
    expect(live.at(-1)).toMatchObject({
      destination: '/topic/user/ann/community/like',
      body: { notificationType: 'LIKE', message: '우리 동네 산책로에 좋아요가 눌렸습니다.', code: 'LIKE_ADDED', about },
    });
    // What the REST list reads back is what went live.
    expect((await unread(ann))[0]).toMatchObject({ code: 'LIKE_ADDED', about });
    expect(await unread(ann)).toHaveLength(before + 2);
  });

  it('a member cannot read or mark another member’s notifications (403 for their lists, 404 for their ids); anonymous is 401', async () => {
    const [annsNewest] = await unread(ann);
    expect(annsNewest).toBeDefined();
    for (const path of ['', '/unread', '/unread-count']) {
      expect((await getJson(api, `/api/notifications/user/ann${path}`, ben.cookie)).status).toBe(403);
      expect((await getJson(api, `/api/notifications/user/ann${path}`)).status).toBe(401);
    }
    // Admins are members here too: no reading others' bells either.
    expect((await getJson(api, '/api/notifications/user/ann/unread', boss.cookie)).status).toBe(403);
    expect((await put(api, '/api/notifications/user/ann/read-all', ben.cookie)).status).toBe(403);
    expect((await put(api, `/api/notifications/${annsNewest!.id}/read`, ben.cookie)).status).toBe(404);
    expect((await put(api, `/api/notifications/${annsNewest!.id}/read`)).status).toBe(401);
    expect((await put(api, '/api/notifications/abc/read', ann.cookie)).status).toBe(404);
    expect((await unread(ann))[0]).toEqual(annsNewest);
  });

  it('marks one read, counts, then marks all read; the login id matches in any case', async () => {
    const mine = await unread(ann);
    expect(mine.length).toBeGreaterThan(1);
    const count = await getJson(api, '/api/notifications/user/ann/unread-count', ann.cookie);
    expect(count.json).toBe(mine.length);
    expect((await put(api, `/api/notifications/${mine[0]!.id}/read`, ann.cookie)).status).toBe(200);
    expect((await put(api, `/api/notifications/${mine[0]!.id}/read`, ann.cookie)).status).toBe(200);
    expect((await unread(ann)).map((n) => n.id)).toEqual(mine.slice(1).map((n) => n.id));
    const all = (await getJson(api, '/api/notifications/user/ann', ann.cookie)).json as Wire[];
    expect(all.find((n) => n.id === mine[0]!.id)).toMatchObject({ read: true, readAt: expect.any(String) });

    expect((await put(api, '/api/notifications/user/ANN/read-all', ann.cookie)).status).toBe(200);
    expect(await unread(ann)).toEqual([]);
    expect((await getJson(api, '/api/notifications/user/ann/unread-count', ann.cookie)).json).toBe(0);
    // Ben's are untouched.
    expect((await unread(ben)).length).toBeGreaterThan(0);
  });
});
