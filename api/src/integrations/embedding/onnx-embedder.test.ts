import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { colourClassifierModel } from '../breed/onnx-writer';
import { createImageEmbedder } from './embedder';
import { cosineSimilarity, EmbeddingFailedError, vectorFromBytes, vectorToBytes } from './embedding';
import { OnnxEmbedder } from './onnx-embedder';

// The generated colour model's 3-value output serves as a tiny embedding: photos of one colour land close.
const solid = (r: number, g: number, b: number, width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

const options = (modelPath: string) => ({ modelPath, inputSize: 224, outputName: undefined, modelId: undefined });
const quietLog = () => {
  const lines: string[] = [];
  return { lines, info: (m: string) => lines.push(`info ${m}`), warn: (m: string) => lines.push(`warn ${m}`) };
};

describe('OnnxEmbedder (real onnxruntime on a generated model)', () => {
  let dir: string;
  let modelPath: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embed-model-'));
    modelPath = path.join(dir, 'embedder.onnx');
    fs.writeFileSync(modelPath, colourClassifierModel());
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('returns an L2-normalised vector tagged with the model id', async () => {
    const e = new OnnxEmbedder(options(modelPath));
    const v = await e.embed(await solid(230, 20, 20));
    expect(v.modelId).toBe('embedder.onnx');
    expect(v.vector).toHaveLength(3);
    const norm = Math.hypot(...v.vector);
    expect(norm).toBeCloseTo(1, 5);
  });

  it('scores similar photos higher than different ones', async () => {
    const e = new OnnxEmbedder(options(modelPath));
    const red = await e.embed(await solid(230, 20, 20));
    const reddish = await e.embed(await solid(200, 40, 30, 300, 120));
    const blue = await e.embed(await solid(10, 20, 240));
    const same = cosineSimilarity(red, await e.embed(await solid(230, 20, 20)));
    const alike = cosineSimilarity(red, reddish);
    const apart = cosineSimilarity(red, blue);
    expect(same).toBeCloseTo(1, 5);
    expect(alike).toBeGreaterThan(0.9);
    expect(apart).toBeLessThan(0.5);
    expect(alike!).toBeGreaterThan(apart!);
  });

  it('never compares vectors of different models', async () => {
    const a = await new OnnxEmbedder(options(modelPath)).embed(await solid(1, 200, 3));
    const b = await new OnnxEmbedder({ ...options(modelPath), modelId: 'other-v2' }).embed(await solid(1, 200, 3));
    expect(cosineSimilarity(a, b)).toBeNull();
  });

  it('round-trips vectors through the compact byte form', async () => {
    const v = await new OnnxEmbedder(options(modelPath)).embed(await solid(90, 90, 200));
    const bytes = vectorToBytes(v.vector);
    expect(bytes.length).toBe(12);
    expect(Array.from(vectorFromBytes(new Uint8Array(bytes)))).toEqual(Array.from(v.vector));
  });

  it('fails with EmbeddingFailedError on a broken model, a wrong output name or an undecodable photo', async () => {
    const broken = path.join(dir, 'broken.onnx');
    fs.writeFileSync(broken, 'not a model');
    await expect(new OnnxEmbedder(options(broken)).embed(await solid(1, 2, 3))).rejects.toBeInstanceOf(EmbeddingFailedError);
    await expect(new OnnxEmbedder({ ...options(modelPath), outputName: 'nope' }).embed(await solid(1, 2, 3))).rejects.toBeInstanceOf(
      EmbeddingFailedError,
    );
    await expect(new OnnxEmbedder(options(modelPath)).embed(Buffer.from('not an image'))).rejects.toBeInstanceOf(EmbeddingFailedError);
  });
});

describe('createImageEmbedder', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embed-factory-'));
    fs.writeFileSync(path.join(dir, 'ok.onnx'), colourClassifierModel());
    fs.writeFileSync(path.join(dir, 'broken.onnx'), 'garbage');
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('is null with a clear log line when no model is configured', async () => {
    const log = quietLog();
    expect(await createImageEmbedder({ modelPath: undefined, inputSize: 224, outputName: undefined, modelId: undefined }, log)).toBeNull();
    expect(log.lines).toEqual(['info image embedder: IMAGE_EMBEDDER_MODEL not set, photo similarity is off']);
  });

  it('is null, never a crash, when the model is missing or does not load', async () => {
    for (const file of ['missing.onnx', 'broken.onnx']) {
      const log = quietLog();
      expect(await createImageEmbedder(options(path.join(dir, file)), log)).toBeNull();
      expect(log.lines[0]).toMatch(/^warn image embedder: .*photo similarity is off$/);
    }
  });

  it('answers an embedder when the model loads', async () => {
    const log = quietLog();
    const e = await createImageEmbedder({ ...options(path.join(dir, 'ok.onnx')), modelId: 'colour-v1' }, log);
    expect(e?.modelId).toBe('colour-v1');
    expect(log.lines[0]).toContain('photo similarity is on');
  });
});
