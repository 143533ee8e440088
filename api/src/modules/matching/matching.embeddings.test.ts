import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index';
import { colourClassifierModel } from '../../integrations/breed/onnx-writer';
import { EmbeddingFailedError, vectorToBytes, type ImageEmbedder } from '../../integrations/embedding/embedding';
import { OnnxEmbedder } from '../../integrations/embedding/onnx-embedder';
import { uploadUrl } from '../../integrations/storage';
import { PhotoEmbeddings } from './matching.embeddings';
import { withEmbeddings } from './matching.records';
import { MatchingRepository } from './matching.repository';
import { openSeededScene, solid } from './matching.test-helpers';
import { MatchingWorker } from './matching.worker';
import type { MatchRecord } from './scorer/match-record';

// Decision 0046: the worker's embedding step with the real runtime on the generated colour model (its
// 3-value output is a tiny embedding: photos of one colour land close), on PGlite.
const log = pino({ level: 'silent' });

let dir: string;
let model: OnnxEmbedder;
const open: Database[] = [];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'match-embed-'));
  fs.writeFileSync(path.join(dir, 'tiny.onnx'), colourClassifierModel());
  model = new OnnxEmbedder({ modelPath: path.join(dir, 'tiny.onnx'), inputSize: 224, outputName: undefined, modelId: 'tiny-v1' });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close().catch(() => undefined)));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The seeded scene with photos: the missing dog red, found post 1 reddish, found post 2 blue. */
async function scene() {
  const { d, storage, lostId } = await openSeededScene(dir);
  open.push(d);
  const [alike, apart] = (
    await d.db.selectFrom('lostPosts').select('id').where('kind', '<>', 'MISSING').orderBy('id').limit(2).execute()
  ).map((r) => r.id);
  for (const [postId, photo] of [
    [lostId, await solid(230, 20, 20)],
    [alike!, await solid(200, 40, 30)],
    [apart!, await solid(10, 20, 240)],
  ] as const)
    await d.db
      .insertInto('lostPhotos')
      .values({ postId, url: uploadUrl(await storage.put(photo, 'webp')) })
      .execute();
  return { d, storage, lostId, alike: String(alike), apart: String(apart) };
}

const lookAlike = async (d: Database, lostId: number) =>
  Object.fromEntries(
    (await new MatchingRepository(d.db).candidatesOf(lostId)).map((c) => [
      c.candidateId,
      c.reasons.find((r) => r.code === 'PHOTO_LOOKS_ALIKE') ?? null,
    ]),
  );

describe('photo embeddings in matching', () => {
  it('stores one vector per photo with the model id, and a pair whose photos are alike gets the reason', async () => {
    const s = await scene();
    await new MatchingWorker(s.d, log, { photos: new PhotoEmbeddings({ db: s.d.db, storage: s.storage }, model, log) }).drain();
    const rows = await s.d.db.selectFrom('photoEmbeddings').selectAll().orderBy('recordId').execute();
    expect(rows.map((r) => [r.recordKind, r.recordId, r.modelId, r.vector.byteLength])).toEqual(
      [String(s.lostId), s.alike, s.apart].sort().map((id) => ['POST', id, 'tiny-v1', 12]),
    );
    const reasons = await lookAlike(s.d, s.lostId);
    expect(reasons[s.alike]).toMatchObject({ code: 'PHOTO_LOOKS_ALIKE' });
    expect((reasons[s.alike] as { percent: number }).percent).toBeGreaterThan(90);
    expect(reasons[s.apart]).toBeNull(); // a blue photo against a red one: nothing claimed
  });

  it('without an embedder stores nothing and no candidate claims a photo likeness', async () => {
    const s = await scene();
    await new MatchingWorker(s.d, log).drain();
    expect(await s.d.db.selectFrom('photoEmbeddings').selectAll().execute()).toEqual([]);
    const reasons = await lookAlike(s.d, s.lostId);
    expect(Object.keys(reasons)).toContain(s.alike);
    expect(Object.values(reasons).every((r) => r === null)).toBe(true);
  });

  it('ignores vectors of another model id', async () => {
    const s = await scene();
    await s.d.db.deleteFrom('lostPhotos').execute(); // nothing for the current model to embed
    const same = vectorToBytes(Float32Array.from([1, 0, 0]));
    for (const id of [String(s.lostId), s.alike])
      await s.d.db
        .insertInto('photoEmbeddings')
        .values({ recordKind: 'POST', recordId: id, photoKey: 'k', modelId: 'old-model', vector: same })
        .execute();
    await new MatchingWorker(s.d, log, { photos: new PhotoEmbeddings({ db: s.d.db, storage: s.storage }, model, log) }).drain();
    const reasons = await lookAlike(s.d, s.lostId);
    expect(Object.keys(reasons)).toContain(s.alike);
    expect(reasons[s.alike]).toBeNull();
  });

  it('the job survives an embedding failure: the pairs are scored without vectors', async () => {
    const s = await scene();
    const broken: ImageEmbedder = {
      modelId: 'broken',
      available: async () => true,
      embed: async () => {
        throw new EmbeddingFailedError('model crashed');
      },
    };
    const warnings: string[] = [];
    const spy = { warn: (_: object, msg: string) => void warnings.push(msg) };
    await new MatchingWorker(s.d, log, { photos: new PhotoEmbeddings({ db: s.d.db, storage: s.storage }, broken, spy) }).drain();
    const jobs = await s.d.db.selectFrom('matchJobs').select('state').execute();
    expect(jobs.every((j) => j.state === 'DONE')).toBe(true);
    const reasons = await lookAlike(s.d, s.lostId);
    expect(reasons[s.alike]).toBeNull();
    expect(warnings).toContain('photo embedding failed; matching goes on without it');
  });
});

describe('withEmbeddings', () => {
  const record = { kind: 'FOUND', id: '7' } as MatchRecord;
  const v = (recordKind: 'POST' | 'STRAY', recordId: string, modelId: string) => ({
    recordKind,
    recordId,
    modelId,
    vector: Float32Array.from([0.6, 0.8]),
  });

  it("keeps only the record's own vectors of the current model, else leaves the field absent", () => {
    const out = withEmbeddings(
      record,
      'POST',
      [v('POST', '7', 'm1'), v('POST', '7', 'm0'), v('STRAY', '7', 'm1'), v('POST', '8', 'm1')],
      'm1',
    );
    expect(out.embeddings).toHaveLength(1);
    expect(out.embeddings![0]![0]).toBeCloseTo(0.6);
    expect('embeddings' in withEmbeddings(record, 'POST', [v('POST', '7', 'm0')], 'm1')).toBe(false);
  });
});
