import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '@pawbridge/api/testing';
import { ShelterAnimalListSchema, SyncRunListSchema, type SyncRun } from '@pawbridge/shared';
import { apiMember } from '../testing/fixtures';
import { createClient, startTestBff, type TestBff, type TestClient } from '../testing/test-bff';

// The BFF in front of our own api, which syncs the generated sample (no key: sample mode) through its stand-in portal.
let api: TestApi;
let bff: TestBff;
let admin: TestClient;

async function finished(client: TestClient, runId: number): Promise<SyncRun> {
  for (let i = 0; i < 300; i += 1) {
    const runs = SyncRunListSchema.parse((await client.get('/api/admin/shelter-sync/runs')).body);
    const run = runs.find((r) => r.id === runId);
    if (run && run.status !== 'running') return run;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the sync did not finish');
}

beforeAll(async () => {
  api = await startTestApi();
  bff = await startTestBff(api.url);
  admin = (await apiMember(api, bff.url, { role: 'ADMIN' })).client;
});
afterAll(async () => {
  await bff.close();
  await api.close();
});

describe('shelter animals through the BFF, upstream = our api', () => {
  it('an admin starts a sync; its history row appears; visitors then page the list, filter it and see the pictures', async () => {
    const started = await admin.post('/api/admin/shelter-sync');
    expect(started.status).toBe(202);
    const run = await finished(admin, started.body.runId);
    expect(run).toMatchObject({ trigger: 'admin', status: 'succeeded' });
    expect(run.created).toBeGreaterThan(0);

    const visitor = createClient(bff.url);
    const page = await visitor.get('/api/shelter-animals', { query: { state: 'all', size: '10' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('x-shelter-available')).toBe('true');
    expect(Number(page.headers.get('x-total-count'))).toBe(run.created);
    const list = ShelterAnimalListSchema.parse(page.body);
    expect(list).toHaveLength(10);
    expect(JSON.stringify(list)).not.toContain('http://');

    const sido = list[0]?.region.sido ?? '';
    const bySido = ShelterAnimalListSchema.parse(
      (await visitor.get('/api/shelter-animals', { query: { state: 'all', sido, size: '100' } })).body,
    );
    expect(bySido.length).toBeGreaterThan(0);
    expect(bySido.every((a) => a.region.sido === sido)).toBe(true);

    const one = await visitor.get(`/api/shelter-animals/${list[0]?.desertionNo}`);
    expect(one.body.desertionNo).toBe(list[0]?.desertionNo);

    const pictured = list.find((a) => a.imageUrls.length > 0);
    const image = await fetch(`${bff.url}${pictured?.imageUrls[0]}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\/(webp|jpeg)$/);
    expect(image.headers.get('cache-control')).toContain('max-age');
  }, 120_000);

  it('keeps members out of the sync', async () => {
    const member = (await apiMember(api, bff.url)).client;
    expect((await member.post('/api/admin/shelter-sync')).status).toBe(403);
    expect((await member.get('/api/admin/shelter-sync/runs')).status).toBe(403);
  });
});
