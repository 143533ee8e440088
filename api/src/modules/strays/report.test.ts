import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { writeColourClassifier } from '../../integrations/breed/onnx-writer';
import { getJson, createMember, postReport, solidJpeg, uploadFiles, validReport, type Member } from '../../testing/fixtures';

describe('POST /api/abandoned/register (no predictor configured)', () => {
  let api: TestApi;
  let alice: Member;
  beforeAll(async () => {
    api = await startTestApi();
    alice = await createMember(api, 'alice');
  });
  afterAll(() => api.close());

  it('refuses anonymous reporters with the legacy 401 body', async () => {
    const res = await postReport(api, undefined, validReport(), await solidJpeg(200, 0, 0));
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ success: false, message: '로그인이 필요합니다.' });
  });

  it('stores a LOST report with a cleaned photo, the manual breed and the reporter', async () => {
    const res = await postReport(
      api,
      alice.cookie,
      validReport({ id: 99, status: 'ADOPT', imageUrl: 'x', userId: 'mallory' }),
      await solidJpeg(120, 80, 40, true),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: '유기견 등록이 완료되었습니다.' });
    const id = Number(res.body?.id);
    const row = await api.ctx.db
      .selectFrom('strayReports')
      .selectAll()
      .select(sql<string>`found_date::text`.as('foundDate'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: 'LOST',
      type: '진돗개',
      reporterPk: alice.pk,
      location: '서울특별시',
      foundDate: '2026-11-20',
      foundTime: '14:30',
      gender: 'MALE',
      registeredAt: null,
    });
    expect(row.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const stored = await api.ctx.storage.get(row.imageUrl.slice('/uploads/'.length));
    expect(stored).not.toBeNull();
    const meta = await sharp(stored ?? Buffer.alloc(0)).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored?.includes(Buffer.from('secret-owner'))).toBe(false);
  });

  it('answers 400 with Korean field errors for every invalid field', async () => {
    const res = await postReport(
      api,
      alice.cookie,
      { latitude: 'x', description: ' ', location: '제주도', foundDate: '2026-02-30', foundTime: '25:00' },
      await solidJpeg(1, 2, 3),
    );
    expect(res.status).toBe(400);
    expect(res.body?.success).toBe(false);
    expect(res.body?.fieldErrors).toMatchObject({
      latitude: '지도를 눌러 발견 위치를 다시 선택해 주세요.',
      longitude: '지도를 눌러 발견 위치를 다시 선택해 주세요.',
      description: '유기견에 대한 설명을 입력해 주세요.',
      location: '발견한 지역을 선택해 주세요.',
      foundDate: '발견 날짜가 올바르지 않습니다.',
      foundTime: '발견 시간이 올바르지 않습니다.',
    });
  });

  it('rejects unknown keys, a missing or malformed JSON part', async () => {
    expect((await postReport(api, alice.cookie, validReport({ colour: 'brown' }), await solidJpeg(1, 2, 3))).status).toBe(400);
    expect((await postReport(api, alice.cookie, '{not json', await solidJpeg(1, 2, 3))).status).toBe(400);
    expect((await postReport(api, alice.cookie, undefined, await solidJpeg(1, 2, 3))).status).toBe(400);
  });

  it('requires the photo, checks its type by content and its size, leaving no files behind', async () => {
    const before = uploadFiles(api).length;
    const missing = await postReport(api, alice.cookie, validReport(), null);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ message: '유기견 사진은 필수입니다.', fieldErrors: { imageurl: '유기견 사진은 필수입니다.' } });
    const fake = await postReport(api, alice.cookie, validReport(), Buffer.from('GIF89a but really a text file'.repeat(10)), 'image/gif');
    expect(fake.status).toBe(415);
    expect(fake.body?.message).toBe('이미지 파일만 업로드할 수 있습니다.');
    const big = await sharp({ create: { width: 2600, height: 2600, channels: 3, background: '#888' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const large = await postReport(api, alice.cookie, validReport(), big, 'image/png');
    expect(large.status).toBe(413);
    expect(uploadFiles(api).length).toBe(before);
  });

  it('removes the stored photo when saving the report fails', async () => {
    const before = uploadFiles(api);
    await sql`ALTER TABLE stray_reports RENAME TO stray_reports_away`.execute(api.ctx.db);
    try {
      const res = await postReport(api, alice.cookie, validReport(), await solidJpeg(9, 9, 9));
      expect(res.status).toBe(500);
    } finally {
      await sql`ALTER TABLE stray_reports_away RENAME TO stray_reports`.execute(api.ctx.db);
    }
    expect(uploadFiles(api)).toEqual(before);
  });

  it('keeps the breed null when none is given and no predictor exists', async () => {
    const res = await postReport(api, alice.cookie, validReport({ type: '  ', gender: null }), await solidJpeg(200, 0, 0));
    expect(res.status).toBe(200);
    const row = await api.ctx.db
      .selectFrom('strayReports')
      .select(['type', 'gender'])
      .where('id', '=', Number(res.body?.id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ type: null, gender: null });
  });

  it('answers 503 {message} on predict without a predictor', async () => {
    const form = new FormData();
    form.append('imageurl', new Blob([new Uint8Array(await solidJpeg(1, 2, 3))]), 'a.jpg');
    const res = await fetch(`${api.url}/api/abandoned/predict`, { method: 'POST', body: form });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ message: '품종 예측 기능이 설정되어 있지 않습니다.' });
  });

  it('never lists LOST reports publicly and hides the reporter there', async () => {
    const list = await getJson(api, '/api/abandoned/abandoned-pets');
    expect(list.status).toBe(200);
    expect(list.json).toEqual([]);
  });
});

describe('breed prediction with the ONNX model', () => {
  let api: TestApi;
  let bob: Member;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'breed-'));
    const files = await writeColourClassifier(dir, ['빨강견', '초록견', '파랑견']);
    api = await startTestApi({ BREED_MODEL_PATH: files.modelPath, BREED_LABELS_PATH: files.labelsPath, BREED_MIN_CONFIDENCE: '0.6' });
    bob = await createMember(api, 'bob');
  });
  afterAll(async () => {
    await api.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const predict = async (image: Buffer) => {
    const form = new FormData();
    form.append('imageurl', new Blob([new Uint8Array(image)]), 'dog.jpg');
    const res = await fetch(`${api.url}/api/abandoned/predict`, { method: 'POST', body: form });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };

  it('predicts the breed of a photo, or null when unsure', async () => {
    const blue = await predict(await solidJpeg(0, 0, 250));
    expect(blue.status).toBe(200);
    expect(blue.body.predictedBreed).toBe('파랑견');
    expect(blue.body.confidence).toBeGreaterThan(0.9);
    const grey = await predict(await solidJpeg(128, 128, 128));
    expect(grey).toMatchObject({ status: 200, body: { predictedBreed: null } });
  });

  it('refuses a non-image on predict (415) and a missing file (400)', async () => {
    expect((await predict(Buffer.from('hello world, not an image at all'))).status).toBe(415);
    const res = await fetch(`${api.url}/api/abandoned/predict`, { method: 'POST', body: new FormData() });
    expect([400, 415]).toContain(res.status);
  });

  it('uses the predicted breed when the reporter gives none, the manual one otherwise', async () => {
    const predicted = await postReport(api, bob.cookie, validReport({ type: null }), await solidJpeg(0, 240, 0));
    const manual = await postReport(api, bob.cookie, validReport({ type: '푸들' }), await solidJpeg(0, 240, 0));
    const rows = await api.ctx.db
      .selectFrom('strayReports')
      .select(['id', 'type'])
      .where('id', 'in', [Number(predicted.body?.id), Number(manual.body?.id)])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => r.type)).toEqual(['초록견', '푸들']);
  });
});

describe('a broken predictor never fails a report', () => {
  let api: TestApi;
  let dir: string;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'breed-broken-'));
    fs.writeFileSync(path.join(dir, 'm.onnx'), 'garbage');
    api = await startTestApi({ BREED_MODEL_PATH: path.join(dir, 'm.onnx'), BREED_LABELS_PATH: path.join(dir, 'none.txt') });
  });
  afterAll(async () => {
    await api.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('saves the report with type null and predict answers 503', async () => {
    const carol = await createMember(api, 'carol');
    const res = await postReport(api, carol.cookie, validReport({ type: undefined }), await solidJpeg(250, 0, 0));
    expect(res.status).toBe(200);
    const row = await api.ctx.db.selectFrom('strayReports').select('type').where('id', '=', Number(res.body?.id)).executeTakeFirstOrThrow();
    expect(row.type).toBeNull();
    const form = new FormData();
    form.append('imageurl', new Blob([new Uint8Array(await solidJpeg(1, 2, 3))]), 'a.jpg');
    const predict = await fetch(`${api.url}/api/abandoned/predict`, { method: 'POST', body: form });
    expect(predict.status).toBe(503);
    expect(await predict.json()).toEqual({ message: '품종을 예측하지 못했습니다.' });
  });
});
