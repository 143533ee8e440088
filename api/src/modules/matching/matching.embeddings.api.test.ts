import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourClassifierModel } from '../../integrations/breed/onnx-writer';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { createMember, send, solidJpeg } from '../../testing/fixtures';
import { form, lostCalls, missingJson, sightingJson } from '../lost/lost.testing';

// Decision 0046 from start-up: IMAGE_EMBEDDER_MODEL set → the api creates the embedder once and its
// worker embeds the posts' photos; the candidate whose photo looks like the lost dog's says so.
let api: TestApi;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'match-embed-api-'));
  fs.writeFileSync(path.join(dir, 'tiny.onnx'), colourClassifierModel());
  api = await startTestApi({ IMAGE_EMBEDDER_MODEL: path.join(dir, 'tiny.onnx'), IMAGE_EMBEDDER_MODEL_ID: 'tiny-api' });
  await api.app.matching.stop(); // the test runs the worker itself
});
afterAll(async () => {
  await api.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('photo similarity with a configured model', () => {
  it('embeds the new posts in the background and words the likeness in the candidate', async () => {
    const lost = lostCalls(api);
    const owner = await createMember(api, 'embedowner', { name: '김보호' });
    const finder = await createMember(api, 'embedfinder', { name: '이이웃' });
    const m = await lost.postMissing(owner, missingJson(), [await solidJpeg(230, 20, 20)]);
    const missingId = (m.json as unknown as { id: number }).id;
    await lost.postSighting(finder, sightingJson({ kind: 'FOUND', breed: '토이 푸들', colour: '브라운', lat: 37.565, lng: 126.902 }), [
      await solidJpeg(200, 40, 30),
    ]);
    expect(await api.ctx.db.selectFrom('photoEmbeddings').selectAll().execute()).toEqual([]); // nothing in the request
    await api.app.matching.drain();
    const stored = await api.ctx.db.selectFrom('photoEmbeddings').select(['recordKind', 'modelId']).execute();
    expect(stored).toEqual([
      { recordKind: 'POST', modelId: 'tiny-api' },
      { recordKind: 'POST', modelId: 'tiny-api' },
    ]);
    const res = await lost.json(`/api/lost/posts/${missingId}/candidates`, owner.cookie);
    const rows = (res.body as { rows: { reasons: { code: string; percent?: number }[] }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    const alike = rows[0]!.reasons.find((r) => r.code === 'PHOTO_LOOKS_ALIKE');
    expect(alike?.percent).toBeGreaterThan(90);
  });

  it('a photo added later through the updates endpoint is embedded and the pair re-scored (decision 0049)', async () => {
    const lost = lostCalls(api);
    const owner = await createMember(api, 'lateowner', { name: '박보호' });
    const finder = await createMember(api, 'latefinder', { name: '최이웃' });
    // A missing report needs a photo: a green one; the finder's is blue, and so is the one the owner adds later.
    const m = await lost.postMissing(owner, missingJson(), [await solidJpeg(20, 200, 20)]);
    const missingId = (m.json as unknown as { id: number }).id;
    await lost.postSighting(finder, sightingJson({ kind: 'FOUND', breed: '토이 푸들', colour: '브라운', lat: 37.565, lng: 126.902 }), [
      await solidJpeg(20, 30, 220),
    ]);
    await api.app.matching.drain();
    const reasons = async () =>
      (
        (await lost.json(`/api/lost/posts/${missingId}/candidates`, owner.cookie)).body as { rows: { reasons: { code: string }[] }[] }
      ).rows.flatMap((r) => r.reasons.map((x) => x.code));
    expect(await reasons()).not.toContain('PHOTO_LOOKS_ALIKE');
    const upd = await send(api, 'POST', `/api/lost/posts/${missingId}/updates`, {
      cookie: owner.cookie,
      form: form('update', { note: '사진을 찾았어요' }, [await solidJpeg(30, 40, 230)]),
    });
    expect(upd.status).toBe(200);
    expect(await api.app.matching.drain()).toBe(1);
    expect(await reasons()).toContain('PHOTO_LOOKS_ALIKE');
    const own = await api.ctx.db.selectFrom('photoEmbeddings').select('recordId').where('recordId', '=', String(missingId)).execute();
    expect(own).toHaveLength(2); // both of the report's photos, each once
  });
});
