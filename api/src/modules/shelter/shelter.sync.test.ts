import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seoulToday, SyncRunListSchema } from '@pawbridge/shared';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { call, createAdmin, createMember, getJson } from '../../testing/fixtures';
import { generateSample } from '../../integrations/public-data/sample-generator';
import { startStandin, type Standin } from '../../integrations/public-data/standin';
import { ShelterRepository } from './shelter.repository';
import { addDays } from './shelter.service';
import { ShelterImages } from './shelter.images';
import { ShelterSync } from './shelter.sync';

const KEY = 'sync-test-key+/=';
const fast = { backoffMs: 1, attempts: 2 };

const shelterApi = (standin: Standin, extra: Record<string, string> = {}) =>
  startTestApi({
    PUBLIC_DATA_SERVICE_KEY: KEY,
    PUBLIC_DATA_BASE_URL: standin.baseUrl,
    PUBLIC_DATA_IMAGE_HOSTS: standin.host,
    SHELTER_SYNC_CRON: 'off',
    SHELTER_SYNC_FIRST_DAYS: '365',
    ...extra,
  });

const animalPages = (standin: Standin, since: number) =>
  standin.requests.slice(since).filter((u) => u.pathname.endsWith('/abandonmentPublic_v2'));

const runRow = async (api: TestApi, id: number) => (await new ShelterRepository(api.ctx.db).findRun(id))!;

describe('shelter sync', () => {
  let standin: Standin;
  let api: TestApi;
  const sample = generateSample(120, 5);
  beforeAll(async () => {
    standin = await startStandin({ sample, serviceKey: KEY });
    api = await shelterApi(standin);
  });
  afterAll(async () => {
    await api.close();
    await standin.close();
  });

  it('pages through the window (≤ page size each), stores every dog once, with regions', async () => {
    const since = standin.requests.length;
    const { runId, done } = await api.app.shelterSync.start('cli', { pageSize: 25, client: fast });
    await done;
    const run = await runRow(api, runId);
    expect(run).toMatchObject({
      status: 'succeeded',
      pages: 5,
      fetched: 120,
      created: 120,
      updated: 0,
      error: null,
      windowFrom: addDays(seoulToday(), -365),
    });
    const pages = animalPages(standin, since);
    expect(pages.map((u) => u.searchParams.get('pageNo'))).toEqual(['1', '2', '3', '4', '5']);
    expect(
      pages.every((u) => u.searchParams.get('numOfRows') === '25' && u.searchParams.get('bgupd') === run.windowFrom.replaceAll('-', '')),
    ).toBe(true);
    const all = await getJson(api, '/api/shelter-animals?state=all&size=1');
    expect(all.headers.get('x-total-count')).toBe('120');
    const seoul = await getJson(api, `/api/shelter-animals?state=all&sido=${encodeURIComponent('서울특별시')}`);
    expect(Number(seoul.headers.get('x-total-count'))).toBeGreaterThan(0);
    expect((seoul.json as { region: { sido: string } }[]).every((a) => a.region.sido === '서울특별시')).toBe(true);
  });

  it('a re-run duplicates nothing: its window starts a day before the last success ended', async () => {
    const since = standin.requests.length;
    const { runId, done } = await api.app.shelterSync.start('cli', { pageSize: 25, client: fast });
    await done;
    const run = await runRow(api, runId);
    expect(run.windowFrom).toBe(addDays(seoulToday(), -1));
    expect(animalPages(standin, since)[0]?.searchParams.get('bgupd')).toBe(addDays(seoulToday(), -1).replaceAll('-', ''));
    expect(run).toMatchObject({ status: 'succeeded', created: 0, updated: 0 });
    expect(run.fetched).toBeGreaterThan(0);
    expect((await getJson(api, '/api/shelter-animals?state=all&size=1')).headers.get('x-total-count')).toBe('120');
  });

  it('counts a changed animal as updated and shows its new state', async () => {
    const changed = sample.animals.find((a) => a.upd < -2)!;
    changed.processState = '종료(입양)';
    changed.upd = 0;
    const { runId, done } = await api.app.shelterSync.start('cli', { pageSize: 25, client: fast });
    await done;
    expect(await runRow(api, runId)).toMatchObject({ status: 'succeeded', created: 0, updated: 1 });
    expect((await getJson(api, `/api/shelter-animals/${changed.desertionNo}`)).json).toMatchObject({
      status: 'ADOPTED',
      processState: '종료(입양)',
    });
  });

  it('admin only: 401, 403, then 202 with a run id, 409 while it runs, and the history', async () => {
    const member = await createMember(api, 'walker');
    const admin = await createAdmin(api);
    expect((await call(api, 'POST', '/api/admin/shelter-sync')).status).toBe(401);
    expect((await call(api, 'POST', '/api/admin/shelter-sync', { cookie: member.cookie })).status).toBe(403);
    expect((await call(api, 'GET', '/api/admin/shelter-sync/runs', { cookie: member.cookie })).status).toBe(403);
    standin.faults.delayMs = 300;
    try {
      const started = await call(api, 'POST', '/api/admin/shelter-sync', { cookie: admin.cookie });
      expect(started.status).toBe(202);
      const { runId } = JSON.parse(started.text) as { runId: number };
      const again = await call(api, 'POST', '/api/admin/shelter-sync', { cookie: admin.cookie });
      expect(again.status).toBe(409);
      expect(JSON.parse(again.text)).toMatchObject({ code: 'SHELTER_SYNC_RUNNING' });
      await api.app.shelterSync.idle();
      const history = await call(api, 'GET', '/api/admin/shelter-sync/runs?size=2', { cookie: admin.cookie });
      expect(history.status).toBe(200);
      expect(history.headers.get('x-total-count')).toBe('4');
      const runs = SyncRunListSchema.parse(JSON.parse(history.text));
      expect(runs).toHaveLength(2);
      expect(runs[0]).toMatchObject({ id: runId, trigger: 'admin', status: 'succeeded', created: 0, updated: 0 });
      expect(runs[0]?.finishedAt).not.toBeNull();
    } finally {
      delete standin.faults.delayMs;
    }
  });

  it('one run at a time across instances: a fresh running row elsewhere refuses, a stale one is taken over', async () => {
    const repo = new ShelterRepository(api.ctx.db);
    const other = await repo.startRun({
      trigger: 'schedule',
      windowFrom: seoulToday(),
      windowTo: seoulToday(),
      nextPage: 1,
      resumedFromRun: null,
      sample: false,
    });
    expect(other).toBeDefined();
    await expect(api.app.shelterSync.start('cli', { client: fast })).rejects.toMatchObject({ status: 409 });
    await api.ctx.db
      .updateTable('shelterSyncRuns')
      .set({ heartbeatAt: new Date(Date.now() - 3600_000) })
      .where('id', '=', other!.id)
      .execute();
    const { done } = await api.app.shelterSync.start('cli', { client: fast });
    await done;
    expect(await runRow(api, other!.id)).toMatchObject({ status: 'failed' });
    expect((await runRow(api, other!.id)).error).toMatch(/^STALE/);
  });

  it('concurrent starts (as from several instances): the one-running index lets exactly one through', async () => {
    const repo = new ShelterRepository(api.ctx.db);
    const values = {
      trigger: 'schedule' as const,
      windowFrom: seoulToday(),
      windowTo: seoulToday(),
      nextPage: 1,
      resumedFromRun: null,
      sample: false,
    };
    const started = (await Promise.all([1, 2, 3, 4].map(() => repo.startRun(values)))).filter((r) => r !== undefined);
    expect(started).toHaveLength(1);
    await repo.finishRun(started[0]!.id, 'succeeded', null);
  });
});

describe('shelter sync resumption and failures', () => {
  let standin: Standin;
  let api: TestApi;
  beforeAll(async () => {
    standin = await startStandin({ sample: generateSample(100, 9), serviceKey: KEY });
    api = await shelterApi(standin);
  });
  afterAll(async () => {
    await api.close();
    await standin.close();
  });

  it('a run failing on page 3 keeps pages 1-2; the next run resumes from page 3 in the same window', async () => {
    const lines: string[] = [];
    const keep = (...args: unknown[]) => void lines.push(JSON.stringify(args));
    const log = { info: keep, warn: keep, debug: keep, error: keep, child: () => log } as unknown as FastifyBaseLogger;
    const sync = new ShelterSync(api.ctx, log, new ShelterImages(api.ctx, log));
    standin.faults.failPage = new Map([[3, 2]]);
    const first = await sync.start('cli', { pageSize: 20, client: fast });
    await first.done;
    const failed = await runRow(api, first.runId);
    expect(failed).toMatchObject({ status: 'failed', pages: 2, created: 40, nextPage: 3, error: 'SERVICE_01: APPLICATION_ERROR' });

    const since = standin.requests.length;
    const second = await sync.start('cli', { pageSize: 20, client: fast });
    await second.done;
    const resumed = await runRow(api, second.runId);
    expect(resumed).toMatchObject({
      status: 'succeeded',
      resumedFromRun: first.runId,
      windowFrom: failed.windowFrom,
      windowTo: failed.windowTo,
      pages: 3,
      created: 60,
    });
    expect(animalPages(standin, since).map((u) => u.searchParams.get('pageNo'))).toEqual(['3', '4', '5']);
    expect((await getJson(api, '/api/shelter-animals?state=all&size=1')).headers.get('x-total-count')).toBe('100');
    // The key reaches the portal, never the logs nor the history.
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(KEY);
    expect(lines.join('\n')).not.toContain(encodeURIComponent(KEY));
    const history = await new ShelterRepository(api.ctx.db).listRuns(10, 0);
    expect(JSON.stringify(history)).not.toContain(KEY);
  });

  it('names the kind from the cached kind_v2 look-up when an item has no kindNm', async () => {
    standin.faults.dropFields = ['kindNm'];
    try {
      await api.ctx.db.deleteFrom('shelterAnimals').execute();
      await api.ctx.db.deleteFrom('shelterSyncRuns').execute();
      const since = standin.requests.length;
      const { done } = await api.app.shelterSync.start('cli', { pageSize: 50, client: fast });
      await done;
      const rows = await api.ctx.db.selectFrom('shelterAnimals').select(['kind', 'kindCd']).execute();
      expect(rows).toHaveLength(100);
      expect(rows.every((r) => r.kind.length > 0)).toBe(true);
      expect(rows.find((r) => r.kindCd === '000114')?.kind).toBe('믹스견');
      expect(standin.requests.slice(since).filter((u) => u.pathname.endsWith('/kind_v2'))).toHaveLength(1);
    } finally {
      delete standin.faults.dropFields;
    }
  });

  it('a refused key fails the run with the portal code, without the key', async () => {
    const wrong = await shelterApi(standin, { PUBLIC_DATA_SERVICE_KEY: 'not-the-key-42' });
    try {
      const { runId, done } = await wrong.app.shelterSync.start('cli', { client: fast });
      await done;
      const run = await runRow(wrong, runId);
      expect(run).toMatchObject({ status: 'failed', error: 'AUTH_30: SERVICE_KEY_IS_NOT_REGISTERED_ERROR', pages: 0 });
    } finally {
      await wrong.close();
    }
  });

  it('answers 503 SHELTER_SYNC_UNCONFIGURED without a key when sample mode is off', async () => {
    const bare = await startTestApi({ SHELTER_SAMPLE_MODE: 'false' });
    try {
      const admin = await createAdmin(bare);
      const res = await call(bare, 'POST', '/api/admin/shelter-sync', { cookie: admin.cookie });
      expect(res.status).toBe(503);
      expect(JSON.parse(res.text)).toMatchObject({ code: 'SHELTER_SYNC_UNCONFIGURED' });
      expect((await call(bare, 'GET', '/api/admin/shelter-sync/runs', { cookie: admin.cookie })).text).toBe('[]');
    } finally {
      await bare.close();
    }
  });
});

describe('shelter sync on shutdown', () => {
  it('stops after the page in hand: the run is failed (ABORTED) and resumable, and no new run starts', async () => {
    const standin = await startStandin({ sample: generateSample(100, 2), serviceKey: KEY });
    const api = await shelterApi(standin);
    try {
      standin.faults.delayMs = 150;
      const sync = new ShelterSync(api.ctx, api.app.log, new ShelterImages(api.ctx, api.app.log));
      const { runId } = await sync.start('cli', { pageSize: 20, client: fast });
      await new Promise((r) => setTimeout(r, 200));
      await sync.stop();
      const run = await runRow(api, runId);
      expect(run.status).toBe('failed');
      expect(run.error).toMatch(/^ABORTED/);
      expect(run.pages).toBeGreaterThan(0);
      expect(run.pages).toBeLessThan(5);
      expect(run.nextPage).toBe(run.pages + 1);
      await expect(sync.start('cli', { client: fast })).rejects.toMatchObject({ status: 409 });
    } finally {
      await api.close();
      await standin.close();
    }
  });
});

describe('shelter sync schedule', () => {
  it('runs on its cron with a key (trigger schedule), and has no schedule without one', async () => {
    const standin = await startStandin({ sample: generateSample(10, 3), serviceKey: KEY });
    const scheduled = await shelterApi(standin, { SHELTER_SYNC_CRON: '* * * * * *' });
    const keyless = await startTestApi({ SHELTER_SYNC_CRON: '* * * * * *' });
    try {
      const repo = new ShelterRepository(scheduled.ctx.db);
      const deadline = Date.now() + 15_000;
      let runs = await repo.listRuns(5, 0);
      while (!runs.rows.some((r) => r.status === 'succeeded') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        runs = await repo.listRuns(5, 0);
      }
      expect(runs.rows.length).toBeGreaterThan(0);
      expect(runs.rows.every((r) => r.trigger === 'schedule')).toBe(true);
      expect(runs.rows.reduce((n, r) => n + r.created, 0)).toBe(10);
      expect((await new ShelterRepository(keyless.ctx.db).listRuns(5, 0)).total).toBe(0);
    } finally {
      await Promise.all([scheduled.close(), keyless.close()]);
      await standin.close();
    }
  });
});
