import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MatchCandidatesAnswerSchema } from '@pawbridge/shared/lost.matching';
import { seoulToday } from '@pawbridge/shared';
import { generateSample } from '../../integrations/public-data/sample-generator';
import { startStandin, type Standin } from '../../integrations/public-data/standin';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { call, createMember, solidJpeg, type Member } from '../../testing/fixtures';
import { addDays } from '../shelter/shelter.service';
import { lostCalls, missingJson } from '../lost/lost.testing';

// Issue 28: a shelter notice synced from the stand-in portal becomes a candidate of an open missing
// report in its province, through the sync and the worker; confirming it links the notice from the report
// and tells nobody (a shelter notice has no finder among our members).

const KEY = 'match-sync-key';
let standin: Standin;
let api: TestApi;
let owner: Member;
let lost: ReturnType<typeof lostCalls>;
let missingId: number;
let desertionNo: string;

beforeAll(async () => {
  const sample = generateSample(12, 7);
  // The second animal is at the second shelter (Mapo-gu, Seoul): a brown male Jindo, found 3 days ago, still protected.
  const dog = sample.animals[1]!;
  Object.assign(dog, {
    kindCd: '000054',
    colorCd: '황색',
    sexCd: 'M',
    happen: -3,
    noticeStart: -2,
    noticeEnd: 10,
    processState: '보호중',
    upd: 0,
  });
  desertionNo = dog.desertionNo;
  standin = await startStandin({ sample, serviceKey: KEY });
  api = await startTestApi({
    PUBLIC_DATA_SERVICE_KEY: KEY,
    PUBLIC_DATA_BASE_URL: standin.baseUrl,
    PUBLIC_DATA_IMAGE_HOSTS: standin.host,
    SHELTER_SYNC_CRON: 'off',
    SHELTER_SYNC_FIRST_DAYS: '30',
  });
  await api.app.matching.stop(); // the test runs the worker itself
  lost = lostCalls(api);
  owner = await createMember(api, 'shelterowner');
  const res = await lost.postMissing(
    owner,
    missingJson({ name: '황구', breed: '진돗개', colour: '누런색', gender: 'MALE', reward: null, date: addDays(seoulToday(), -4) }),
    [await solidJpeg(90, 60, 30)],
  );
  missingId = (res.json as unknown as { id: number }).id;
  await api.app.matching.drain(); // the report's own job: no notices yet
});
afterAll(async () => {
  await api.close();
  await standin.close();
});

describe('a synced shelter notice as a candidate', () => {
  it('is scored by the worker after the sync stores it, with the district and no distance', async () => {
    const { done } = await api.app.shelterSync.start('cli', { pageSize: 50, client: { backoffMs: 1, attempts: 2 } });
    await done;
    await api.app.matching.drain();
    const res = await lost.json(`/api/lost/posts/${missingId}/candidates`, owner.cookie);
    const rows = MatchCandidatesAnswerSchema.parse(res.body).rows;
    const notice = rows.find((r) => r.kind === 'SHELTER' && r.recordId === desertionNo);
    expect(notice).toBeDefined();
    expect(notice!.km).toBeNull();
    expect(notice!.reasons.map((r) => r.code)).toEqual(expect.arrayContaining(['SAME_BREED', 'SAME_SEX', 'SAME_DISTRICT', 'DAYS_AFTER']));
    expect(notice!.place).toContain('마포구');
  });

  it('confirming links the notice from the report and tells nobody', async () => {
    const rows = MatchCandidatesAnswerSchema.parse((await lost.json(`/api/lost/posts/${missingId}/candidates`, owner.cookie)).body).rows;
    const notice = rows.find((r) => r.kind === 'SHELTER' && r.recordId === desertionNo)!;
    const before = await api.ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('notificationType', '=', 'LOST_MATCH_CONFIRMED')
      .execute();
    const res = await call(api, 'POST', `/api/lost/posts/${missingId}/candidates/${notice.id}/confirm`, { cookie: owner.cookie });
    expect(res.status).toBe(204);
    expect((await lost.detail(missingId)).matches).toEqual([{ lostPostId: missingId, kind: 'SHELTER', recordId: desertionNo }]);
    const after = await api.ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('notificationType', '=', 'LOST_MATCH_CONFIRMED')
      .execute();
    expect(after).toHaveLength(before.length);
  });
});
