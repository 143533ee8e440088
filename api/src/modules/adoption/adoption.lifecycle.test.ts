import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@pawbridge/shared';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { getJson, insertStray, createMember, post, type Member } from '../../testing/fixtures';
import type { AdoptionDecided } from '../../events';
import { ADOPTION_FEATURES_HEADER } from './adoption.routes';

interface App {
  id: number;
  adoptPetId: number;
  userName: string;
  adoptStatus: string;
  applicantName?: string | null;
  applicantEmail?: string | null;
  applicantPhone?: string | null;
}

/** Issue 8 item 13: nobody can freeze an adoption — reject, withdraw, back to PROTECTING, a cap per member. */
describe('adoption lifecycle: reject, withdraw, reopening, cap, decided events', () => {
  let api: TestApi;
  let admin: Member;
  let seq = 0;
  const decided: AdoptionDecided[] = [];

  beforeAll(async () => {
    api = await startTestApi();
    admin = await createMember(api, 'boss', { role: 'ADMIN' });
    api.ctx.events.subscribe('adoption.decided', (e) => {
      decided.push(e);
    });
  });
  afterAll(() => api.close());

  const fresh = () => createMember(api, `m${++seq}`);
  const strayStatus = async (id: number) =>
    (await api.ctx.db.selectFrom('strayReports').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const appOf = async (strayId: number, who: Member) =>
    (await api.ctx.db
      .selectFrom('adoptionApplications')
      .select(['id', 'adoptStatus'])
      .where('strayId', '=', strayId)
      .where('applicantPk', '=', who.pk)
      .executeTakeFirst()) ?? null;
  const applied = async (who: Member) => {
    const id = await insertStray(api);
    expect((await post(api, `/api/adopt/apply/${id}`, who.cookie)).status).toBe(200);
    const app = await appOf(id, who);
    return { strayId: id, appId: app?.id ?? 0 };
  };

  it('reject: admin only; REQUESTED → REJECTED, the stray back to PROTECTING, the applicant told; then 409', async () => {
    const ann = await fresh();
    const { strayId, appId } = await applied(ann);
    expect((await post(api, `/api/admin/adopt/reject/${appId}`)).status).toBe(401);
    expect((await post(api, `/api/admin/adopt/reject/${appId}`, ann.cookie)).status).toBe(403);
    expect(await strayStatus(strayId)).toBe('WAITING');
    const res = await fetch(`${api.url}/api/admin/adopt/reject/${appId}`, { method: 'POST', headers: { cookie: admin.cookie } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('입양 신청이 거절되었습니다.');
    expect(res.headers.get('x-stray-status')).toBe('PROTECTING');
    expect(await strayStatus(strayId)).toBe('PROTECTING');
    expect(await appOf(strayId, ann)).toMatchObject({ adoptStatus: 'REJECTED' });
    expect(decided).toContainEqual(
      expect.objectContaining({
        type: 'adoption.decided',
        applicationId: appId,
        strayId,
        applicantPk: ann.pk,
        outcome: 'REJECTED',
        reason: 'REJECTED_BY_ADMIN',
      }),
    );
    expect(await post(api, `/api/admin/adopt/reject/${appId}`, admin.cookie)).toMatchObject({
      status: 409,
      text: '대기 중인 입양 신청만 거절할 수 있습니다.',
    });
    expect((await post(api, `/api/admin/adopt/approve/${appId}`, admin.cookie)).status).toBe(409);
    expect((await post(api, '/api/admin/adopt/reject/999999', admin.cookie)).status).toBe(404);
    expect((await post(api, '/api/admin/adopt/reject/0x1A', admin.cookie)).status).toBe(404);
    // A rejected member cannot simply apply again for the same dog; others can.
    expect(await post(api, `/api/adopt/apply/${strayId}`, ann.cookie)).toMatchObject({
      status: 409,
      text: '이 유기견에 대한 입양 신청은 이미 거절되었습니다.',
    });
    const ben = await fresh();
    expect((await post(api, `/api/adopt/apply/${strayId}`, ben.cookie)).status).toBe(200);
  });

  it('reject keeps the stray WAITING while another application is still open', async () => {
    const [ann, ben] = [await fresh(), await fresh()];
    const { strayId, appId } = await applied(ann);
    // Two open applications only arise from old data: the api lets one member at a time apply.
    await api.ctx.db
      .insertInto('adoptionApplications')
      .values({ strayId, applicantPk: ben.pk, adoptStatus: 'REQUESTED', approvedAt: null, decidedAt: null })
      .execute();
    expect((await post(api, `/api/admin/adopt/reject/${appId}`, admin.cookie)).status).toBe(200);
    expect(await strayStatus(strayId)).toBe('WAITING');
    const benApp = await appOf(strayId, ben);
    expect((await post(api, `/api/admin/adopt/reject/${benApp?.id}`, admin.cookie)).status).toBe(200);
    expect(await strayStatus(strayId)).toBe('PROTECTING');
  });

  it('approve tells the approved applicant and every applicant it closed', async () => {
    const [ann, ben] = [await fresh(), await fresh()];
    const { strayId, appId } = await applied(ann);
    await api.ctx.db
      .insertInto('adoptionApplications')
      .values({ strayId, applicantPk: ben.pk, adoptStatus: 'REQUESTED', approvedAt: null, decidedAt: null })
      .execute();
    const benApp = await appOf(strayId, ben);
    expect((await post(api, `/api/admin/adopt/approve/${appId}`, admin.cookie)).status).toBe(200);
    const mine = decided.filter((e) => e.strayId === strayId);
    expect(mine).toEqual([
      expect.objectContaining({ applicationId: appId, strayId, applicantPk: ann.pk, outcome: 'APPROVED', reason: 'APPROVED_BY_ADMIN' }),
      expect.objectContaining({ applicationId: benApp?.id, strayId, applicantPk: ben.pk, outcome: 'REJECTED', reason: 'ANOTHER_APPROVED' }),
    ]);
    expect(Date.parse(mine[0]?.occurredAt ?? '')).not.toBeNaN();
  });

  it('a failing listener is logged and never undoes the decision', async () => {
    const off = api.ctx.events.subscribe('adoption.decided', () => {
      throw new Error('notification service down');
    });
    try {
      const { strayId, appId } = await applied(await fresh());
      expect((await post(api, `/api/admin/adopt/reject/${appId}`, admin.cookie)).status).toBe(200);
      expect(await strayStatus(strayId)).toBe('PROTECTING');
    } finally {
      off();
    }
  });

  it('withdraw: only the applicant, only REQUESTED; the row goes, the stray reopens, the member may apply again', async () => {
    const [ann, ben] = [await fresh(), await fresh()];
    const { strayId, appId } = await applied(ann);
    expect((await post(api, `/api/adopt/withdraw/${appId}`)).status).toBe(401);
    // Someone else's application looks like no application at all.
    expect(await post(api, `/api/adopt/withdraw/${appId}`, ben.cookie)).toMatchObject({
      status: 404,
      text: '존재하지 않는 입양 신청입니다.',
    });
    expect((await post(api, `/api/adopt/withdraw/${appId}`, admin.cookie)).status).toBe(404);
    expect(await strayStatus(strayId)).toBe('WAITING');
    const before = decided.length;
    expect(await post(api, `/api/adopt/withdraw/${appId}`, ann.cookie)).toMatchObject({ status: 200, text: '입양 신청을 취소했습니다.' });
    expect(decided.slice(before)).toEqual([
      expect.objectContaining({
        applicationId: appId,
        strayId,
        applicantPk: ann.pk,
        outcome: 'WITHDRAWN',
        reason: 'WITHDRAWN_BY_APPLICANT',
      }),
    ]);
    expect(await appOf(strayId, ann)).toBeNull();
    expect(await strayStatus(strayId)).toBe('PROTECTING');
    expect((await post(api, `/api/adopt/withdraw/${appId}`, ann.cookie)).status).toBe(404);
    expect((await post(api, `/api/adopt/apply/${strayId}`, ann.cookie)).status).toBe(200);
    const again = await appOf(strayId, ann);
    expect((await post(api, `/api/admin/adopt/approve/${again?.id}`, admin.cookie)).status).toBe(200);
    expect(await post(api, `/api/adopt/withdraw/${again?.id}`, ann.cookie)).toMatchObject({
      status: 409,
      text: '대기 중인 입양 신청만 취소할 수 있습니다.',
    });
    expect(await strayStatus(strayId)).toBe('ADOPT');
  });

  it(`cap: at most ${LIMITS.openAdoptionApplicationsMax} open applications per member; a decided or withdrawn one frees a place`, async () => {
    const ann = await fresh();
    const apps = [];
    for (let i = 0; i < LIMITS.openAdoptionApplicationsMax; i++) apps.push(await applied(ann));
    const extra = await insertStray(api);
    expect(await post(api, `/api/adopt/apply/${extra}`, ann.cookie)).toMatchObject({
      status: 409,
      text: `진행 중인 입양 신청은 최대 ${LIMITS.openAdoptionApplicationsMax}건까지 할 수 있습니다.`,
    });
    expect(await strayStatus(extra)).toBe('PROTECTING');
    expect((await post(api, `/api/adopt/withdraw/${apps[0]?.appId}`, ann.cookie)).status).toBe(200);
    expect((await post(api, `/api/adopt/apply/${extra}`, ann.cookie)).status).toBe(200);
    const another = await insertStray(api);
    expect((await post(api, `/api/adopt/apply/${another}`, ann.cookie)).status).toBe(409);
    expect((await post(api, `/api/admin/adopt/reject/${apps[1]?.appId}`, admin.cookie)).status).toBe(200);
    expect((await post(api, `/api/adopt/apply/${another}`, ann.cookie)).status).toBe(200);
  });

  it('the cap holds when one member applies for many strays at once', async () => {
    const ann = await fresh();
    const ids = [];
    for (let i = 0; i < LIMITS.openAdoptionApplicationsMax + 3; i++) ids.push(await insertStray(api));
    const results = await Promise.all(ids.map((id) => post(api, `/api/adopt/apply/${id}`, ann.cookie)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(LIMITS.openAdoptionApplicationsMax);
    const open = await api.ctx.db
      .selectFrom('adoptionApplications')
      .select('strayId')
      .where('applicantPk', '=', ann.pk)
      .where('adoptStatus', '=', 'REQUESTED')
      .execute();
    expect(open).toHaveLength(LIMITS.openAdoptionApplicationsMax);
    const waiting = await api.ctx.db
      .selectFrom('strayReports')
      .select('id')
      .where('id', 'in', ids)
      .where('status', '=', 'WAITING')
      .execute();
    expect(waiting.map((w) => w.id).sort()).toEqual(open.map((o) => o.strayId).sort());
  });

  it('concurrent approve, reject and withdraw of one application: exactly one wins, the state stays consistent', async () => {
    for (let round = 0; round < 4; round++) {
      const ann = await fresh();
      const { strayId, appId } = await applied(ann);
      const results = await Promise.all([
        post(api, `/api/admin/adopt/approve/${appId}`, admin.cookie),
        post(api, `/api/admin/adopt/reject/${appId}`, admin.cookie),
        post(api, `/api/adopt/withdraw/${appId}`, ann.cookie),
      ]);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      const [approved, rejected, withdrawn] = results.map((r) => r.status === 200);
      const app = await appOf(strayId, ann);
      const stray = await strayStatus(strayId);
      if (approved) expect([app?.adoptStatus, stray]).toEqual(['APPROVED', 'ADOPT']);
      if (rejected) expect([app?.adoptStatus, stray]).toEqual(['REJECTED', 'PROTECTING']);
      if (withdrawn) expect([app, stray]).toEqual([null, 'PROTECTING']);
      expect(results.every((r) => [200, 404, 409].includes(r.status))).toBe(true);
    }
  });

  it('admin list carries the applicant’s name and contact and announces reject/withdraw; a member’s own list has no contact fields', async () => {
    const row = await api.ctx.db
      .insertInto('users')
      .values({
        userId: 'contact1',
        name: '김하늘',
        email: 'haneul@example.com',
        passwordHash: null,
        birth: null,
        phoneNm: '010-1234-5678',
        role: 'USER',
        provider: null,
        socialId: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cookie = `JSESSIONID=${await api.ctx.sessions.create(row.id)}`;
    const strayId = await insertStray(api);
    expect((await post(api, `/api/adopt/apply/${strayId}`, cookie)).status).toBe(200);
    const all = await getJson(api, '/api/admin/adopt-applications', admin.cookie);
    expect(all.headers.get(ADOPTION_FEATURES_HEADER)).toBe('reject,withdraw,contact');
    expect((all.json as App[]).find((a) => a.adoptPetId === strayId)).toMatchObject({
      userName: 'contact1',
      applicantName: '김하늘',
      applicantEmail: 'haneul@example.com',
      applicantPhone: '010-1234-5678',
    });
    const mine = await getJson(api, '/api/adopt/adoption/my-applications', cookie);
    expect(mine.headers.get(ADOPTION_FEATURES_HEADER)).toBe('reject,withdraw,contact');
    expect((mine.json as App[])[0]).not.toHaveProperty('applicantEmail');
  });
});

describe('adopt list order (issue 9 item 16)', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('lists PROTECTING, then WAITING, then ADOPT, newest found first within each; search keeps that order', async () => {
    const adoptNew = await insertStray(api, { status: 'ADOPT', foundDate: '2026-12-01', description: '순서 확인용' });
    const waitingOld = await insertStray(api, { status: 'WAITING', foundDate: '2026-01-01', description: '순서 확인용' });
    const protectingOld = await insertStray(api, { status: 'PROTECTING', foundDate: '2026-02-01', description: '순서 확인용' });
    const protectingNew = await insertStray(api, { status: 'PROTECTING', foundDate: '2026-11-01', description: '순서 확인용' });
    const waitingNew = await insertStray(api, { status: 'WAITING', foundDate: '2026-10-01', description: '순서 확인용' });
    const expected = [protectingNew, protectingOld, waitingNew, waitingOld, adoptNew];
    const list = (await getJson(api, '/api/abandoned/abandoned-pets')).json as { id: number }[];
    expect(list.map((s) => s.id).filter((id) => expected.includes(id))).toEqual(expected);
    const found = (await getJson(api, `/api/abandoned/abandoned-pets/search?location=${encodeURIComponent('순서 확인용')}`)).json as {
      id: number;
    }[];
    expect(found.map((s) => s.id)).toEqual(expected);
  });
});
