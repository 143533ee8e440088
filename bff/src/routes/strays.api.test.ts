import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '@pawbridge/api/testing';
import { writeColourClassifier } from '@pawbridge/api/testing/breed-model';
import { BreedPredictionSchema, StrayListSchema } from '@pawbridge/shared';
import { createClient, startTestBff, type TestBff } from '../testing/test-bff';
import type { RecordingProxy } from '../testing/recording-proxy';
import { expectEnvelope, photo, reportForm, strayContractSuite, validReport } from './strays.suite';
import { apiMember, type Role } from '../testing/fixtures';
import { strayPagingSuite } from './paging.suite';
import { closeBffOnApi, startBffOnApi } from '../testing/api-stack';

// The BFF in front of our own api (behind a proxy that records what reached it).
let api: TestApi;
let proxy: RecordingProxy;
let bff: TestBff;

beforeAll(async () => void ({ api, proxy, bff } = await startBffOnApi()));
afterAll(() => closeBffOnApi({ api, proxy, bff }));

const user = (role: Role) => apiMember(api, bff.url, { role });

async function seed(s: {
  status: 'LOST' | 'PROTECTING' | 'WAITING' | 'ADOPT';
  location?: string;
  description?: string;
  foundDate?: string;
  foundTime?: string;
}) {
  const key = await api.ctx.storage.put(await photo(), 'jpg');
  const row = await api.ctx.db
    .insertInto('strayReports')
    .values({
      reporterPk: null,
      latitude: 37.5,
      longitude: 127,
      imageUrl: `/uploads/${key}`,
      gender: 'MALE',
      description: s.description ?? '검은 털의 중간 크기 개',
      location: s.location ?? '경기도',
      type: '믹스견',
      name: null,
      foundDate: s.foundDate ?? '2026-08-01',
      foundTime: s.foundTime ?? '12:00',
      status: s.status,
      registeredAt: s.status === 'LOST' ? null : new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('strays through the BFF, upstream = our api', () => {
  const target = {
    anonymous: () => createClient(bff.url),
    member: () => user('USER'),
    admin: async () => (await user('ADMIN')).client,
    seed,
    writes: (prefix: string) => proxy.seen.filter((s) => s.startsWith('POST ') && s.includes(prefix)).length,
    forwardedRefusal: 1 as const,
  };
  strayContractSuite(target);
  strayPagingSuite(target);

  it('shows adopted strays on the adopt list (ADOPT badge) and serves their photos through the BFF', async () => {
    const id = await seed({ status: 'ADOPT' });
    const list = StrayListSchema.parse((await createClient(bff.url).get('/api/abandoned/abandoned-pets', { query: { size: '100' } })).body);
    const adopted = list.find((s) => s.id === id);
    expect(adopted?.status).toBe('ADOPT');
    const img = await createClient(bff.url).get(adopted?.imageUrl ?? '/uploads/none');
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/jpeg');
    const { client } = await user('USER');
    expectEnvelope(await client.post(`/api/adopt/apply/${id}`), 409, 'INVALID_STATE', '지금은 입양을 신청할 수 없는 유기견입니다.');
  });

  it('approval through the BFF sets approvedAt and rejects nothing else when there is one application', async () => {
    const id = await seed({ status: 'PROTECTING' });
    const { client, userId } = await user('USER');
    expect((await client.post(`/api/adopt/apply/${id}`)).status).toBe(200);
    const admin = (await user('ADMIN')).client;
    const target = (await admin.get('/api/admin/adopt-applications')).body.find((a: { userName: string }) => a.userName === userId);
    expect((await admin.post(`/api/admin/adopt/approve/${target.id}`)).status).toBe(200);
    const mine = (await client.get('/api/adopt/adoption/my-applications')).body;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      adoptPetId: id,
      adoptStatus: 'APPROVED',
      approvedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
    });
  });

  it('trusts the api’s own search (rules header) without fetching the whole list', async () => {
    const id = await seed({ status: 'PROTECTING', location: '충청남도', description: '공주 공산성 성곽길' });
    const before = proxy.seen.length;
    const res = await createClient(bff.url).get('/api/abandoned/abandoned-pets/search', { query: { location: '공산성' } });
    expect(StrayListSchema.parse(res.body).map((s) => s.id)).toEqual([id]);
    expect(proxy.seen.slice(before)).toEqual(['GET /api/abandoned/abandoned-pets/search']);
  });

  it('a report answers with its id and appears as LOST for the admin', async () => {
    const { client } = await user('USER');
    const res = await client.postForm('/api/abandoned/register', reportForm(validReport({ type: '시바견' }), await photo()));
    expect(res.status).toBe(201);
    expect(typeof res.body.id).toBe('number');
    const admin = (await user('ADMIN')).client;
    const mine = StrayListSchema.parse((await admin.get('/api/admin/abandoned-pets')).body).find((s) => s.id === res.body.id);
    expect(mine).toMatchObject({ status: 'LOST', reportStatus: 'PENDING', type: '시바견', location: '서울특별시' });
  });

  it('predict answers 503 PREDICTION_UNAVAILABLE when the api has no predictor; a missing file is a 400', async () => {
    const form = new FormData();
    form.append('imageurl', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), 'a.jpg');
    expectEnvelope(
      await createClient(bff.url).postForm('/api/abandoned/predict', form),
      503,
      'PREDICTION_UNAVAILABLE',
      '품종 예측을 사용할 수 없습니다. 직접 입력해 주세요.',
    );
    const empty = new FormData();
    empty.append('other', 'x');
    const res = await createClient(bff.url).postForm('/api/abandoned/predict', empty);
    expectEnvelope(res, 400, 'VALIDATION_FAILED');
    expect(res.body.error.fieldErrors.imageurl).toBe('유기견 사진은 필수입니다.');
  });
});

describe('breed prediction through the BFF with the real ONNX model', () => {
  let dir: string;
  let onnxApi: TestApi;
  let onnxBff: TestBff;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bff-breed-'));
    const files = await writeColourClassifier(dir, ['빨강견', '초록견', '파랑견']);
    onnxApi = await startTestApi({ BREED_MODEL_PATH: files.modelPath, BREED_LABELS_PATH: files.labelsPath });
    onnxBff = await startTestBff(onnxApi.url);
  });
  afterAll(async () => {
    await onnxBff?.close();
    await onnxApi?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('predicts from the photo colour, and says unsure (null) for a grey photo', async () => {
    const ask = async (image: Buffer) => {
      const form = new FormData();
      form.append('imageurl', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'a.jpg');
      return createClient(onnxBff.url).postForm('/api/abandoned/predict', form);
    };
    const red = await ask(await photo(240, 10, 10));
    expect(red.status).toBe(200);
    expect(BreedPredictionSchema.parse(red.body)).toMatchObject({ predictedBreed: '빨강견' });
    expect(red.body.confidence).toBeGreaterThan(0.9);
    const grey = await ask(await photo(128, 128, 128));
    expect(grey.body).toMatchObject({ predictedBreed: null });
  });
});
