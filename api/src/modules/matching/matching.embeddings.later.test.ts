import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index';
import { colourClassifierModel } from '../../integrations/breed/onnx-writer';
import { l2Normalise, type ImageEmbedder } from '../../integrations/embedding/embedding';
import { OnnxEmbedder } from '../../integrations/embedding/onnx-embedder';
import type { DiskStorage } from '../../integrations/storage';
import { uploadUrl } from '../../integrations/storage';
import { PhotoEmbeddings } from './matching.embeddings';
import { openSeededScene, solid } from './matching.test-helpers';
import { MatchingWorker } from './matching.worker';

// Decision 0049, the two loose ends of 0046: a photo that comes after the record's job ran is embedded and
// its record's pairs re-scored (once); a replaced model's vectors are swept and the open records re-embedded
// with the new model. Two tiny models, on PGlite: the generated colour model (near one-hot: two reds are
// 100% alike), and a second one whose vector is the photo's mean colour (the same two reds: 99%).
const log = pino({ level: 'silent' });

let dir: string;
let modelA: OnnxEmbedder;
let modelB: ImageEmbedder;
const open: Database[] = [];

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'match-later-'));
  fs.writeFileSync(path.join(dir, 'a.onnx'), colourClassifierModel(32, 3));
  modelA = new OnnxEmbedder({ modelPath: path.join(dir, 'a.onnx'), inputSize: 224, outputName: undefined, modelId: 'tiny-a' });
  modelB = {
    modelId: 'tiny-b',
    available: async () => true,
    embed: async (image) => ({
      modelId: 'tiny-b',
      vector: l2Normalise((await sharp(image).stats()).channels.slice(0, 3).map((c) => c.mean)),
    }),
  };
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.close().catch(() => undefined)));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The matching scene; `photos` says whether the missing dog and found post 1 have their (red) photos from the start. */
async function scene(photos: boolean) {
  const { d, storage, lostId } = await openSeededScene(dir);
  open.push(d);
  const found = (await d.db.selectFrom('lostPosts').select('id').where('kind', '<>', 'MISSING').orderBy('id').execute()).map((r) => r.id);
  const addPhotos = async (which: [postId: number, rgb: [number, number, number]][]) => {
    for (const [postId, [r, g, b]] of which)
      await d.db
        .insertInto('lostPhotos')
        .values({ postId, url: uploadUrl(await storage.put(await solid(r, g, b), 'webp')) })
        .execute();
  };
  const red: [number, [number, number, number]][] = [
    [lostId, [230, 20, 20]],
    [found[0]!, [200, 40, 30]],
  ];
  if (photos) await addPhotos(red);
  return { d, storage, lostId, found, addLater: () => addPhotos(red) };
}

const pairs = async (d: Database) =>
  (
    await d.db
      .selectFrom('matchCandidates')
      .select(['lostPostId', 'candidateKind', 'candidateId', 'score', 'reasons', 'km', 'status'])
      .orderBy('candidateKind')
      .orderBy('candidateId')
      .execute()
  ).map((c) => ({ ...c, lostPostId: 'L' }));

const vectors = async (d: Database) =>
  (await d.db.selectFrom('photoEmbeddings').select(['recordKind', 'recordId', 'modelId']).orderBy('recordId').execute()).map(
    (v) => `${v.recordKind}:${v.recordId}:${v.modelId}`,
  );

const worker = (d: Database, storage: DiskStorage, model: ImageEmbedder) =>
  new MatchingWorker(d, log, { photos: new PhotoEmbeddings({ db: d.db, storage }, model, log) });

describe('a photo that comes after the record was matched', () => {
  it("is embedded, and the record's pairs are re-scored once: the same pairs as if the photo had been there", async () => {
    const reference = await scene(true);
    await worker(reference.d, reference.storage, modelA).drain();
    const expected = await pairs(reference.d);
    expect(expected.find((p) => p.candidateId === String(reference.found[0]))?.reasons.map((r) => r.code)).toContain('PHOTO_LOOKS_ALIKE');

    const s = await scene(false);
    const w = worker(s.d, s.storage, modelA);
    await w.drain();
    const before = await pairs(s.d);
    expect(before.flatMap((p) => p.reasons.map((r) => r.code))).not.toContain('PHOTO_LOOKS_ALIKE');
    expect(await vectors(s.d)).toEqual([]);

    await s.addLater(); // as the updates endpoint stores a photo: a row in lost_photos
    const jobs = await s.d.db.selectFrom('matchJobs').select(['recordId', 'state', 'rescore']).where('state', '=', 'QUEUED').execute();
    expect(jobs.map((j) => j.recordId).sort()).toEqual([String(s.lostId), String(s.found[0])].sort());
    expect(jobs.every((j) => j.rescore)).toBe(true);
    expect(await w.drain()).toBe(2);
    expect(await vectors(s.d)).toEqual([String(s.lostId), String(s.found[0])].sort().map((id) => `POST:${id}:tiny-a`));
    const after = await pairs(s.d);
    expect(after).toEqual(expected);
    const alike = after.find((p) => p.candidateId === String(s.found[0]))!;
    expect(alike.score).toBeGreaterThan(before.find((p) => p.candidateId === String(s.found[0]))!.score);

    // Once: nothing left to run, nothing changes on a second drain; the flag is cleared.
    expect(await w.drain()).toBe(0);
    expect(await pairs(s.d)).toEqual(expected);
    expect((await s.d.db.selectFrom('matchJobs').select('rescore').execute()).every((j) => !j.rescore)).toBe(true);
  });

  it("a decided pair keeps its score; a shelter notice's picture fetched later is embedded", async () => {
    const s = await scene(false);
    const w = worker(s.d, s.storage, modelA);
    await w.drain();
    const target = String(s.found[0]);
    await s.d.db.updateTable('matchCandidates').set({ status: 'DISMISSED' }).where('candidateId', '=', target).execute();
    const dismissed = (await pairs(s.d)).find((p) => p.candidateId === target)!;
    await s.addLater();
    const key = await s.storage.put(await solid(220, 30, 20), 'webp');
    await s.d.db
      .insertInto('shelterImages')
      .values({
        desertionNo: '448567202600101',
        n: 1,
        sourceUrl: 'https://example.org/1.jpg',
        storageKey: key,
        mime: 'image/webp',
      } as never)
      .execute();
    expect(await w.drain()).toBe(3);
    expect((await pairs(s.d)).find((p) => p.candidateId === target)).toEqual(dismissed);
    expect(await vectors(s.d)).toContain('SHELTER:448567202600101:tiny-a');
    const shelterPair = (await pairs(s.d)).find((p) => p.candidateKind === 'SHELTER')!;
    expect(shelterPair.reasons.map((r) => r.code)).toContain('PHOTO_LOOKS_ALIKE');
  });
});

describe('a replaced model', () => {
  it('has its vectors swept; the open records are re-embedded with the new model and their pairs re-scored', async () => {
    const reference = await scene(true);
    // The dog found by post 2 is no longer matched (hidden): its old vector goes, nothing new is made for it.
    await worker(reference.d, reference.storage, modelB).drain();
    const expected = await pairs(reference.d);

    const s = await scene(true);
    await worker(s.d, s.storage, modelA).drain();
    const hiddenId = s.found[1]!;
    await s.d.db
      .insertInto('lostPhotos')
      .values({ postId: hiddenId, url: uploadUrl(await s.storage.put(await solid(20, 200, 20), 'webp')) })
      .execute();
    await worker(s.d, s.storage, modelA).drain();
    await s.d.db.updateTable('lostPosts').set({ hidden: true }).where('id', '=', hiddenId).execute();
    expect((await vectors(s.d)).every((v) => v.endsWith(':tiny-a'))).toBe(true);
    expect(await vectors(s.d)).toHaveLength(3);

    const open = (ps: Awaited<ReturnType<typeof pairs>>) => ps.filter((p) => p.candidateId !== String(hiddenId));
    expect(open(await pairs(s.d))).not.toEqual(open(expected)); // the two models see the photos differently
    const b = new PhotoEmbeddings({ db: s.d.db, storage: s.storage }, modelB, log);
    expect(await b.sweep()).toBe(3);
    expect(await vectors(s.d)).toEqual([]);
    expect(await b.sweep()).toBe(0); // idempotent: nothing of another model is left
    expect(await new MatchingWorker(s.d, log, { photos: b }).drain()).toBe(2); // the two open records, not the hidden one
    expect(await vectors(s.d)).toEqual([String(s.lostId), String(s.found[0])].sort().map((id) => `POST:${id}:tiny-b`));
    expect(open(await pairs(s.d))).toEqual(open(expected));
  });
});
