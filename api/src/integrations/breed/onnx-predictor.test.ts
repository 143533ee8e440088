import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OnnxPredictor } from './onnx-predictor';
import { writeColourClassifier } from './onnx-writer';
import { PredictionFailedError } from './prediction';

const solid = (r: number, g: number, b: number, width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

describe('OnnxPredictor (real onnxruntime on a generated model)', () => {
  let dir: string;
  let files: { modelPath: string; labelsPath: string };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'breed-model-'));
    files = await writeColourClassifier(dir, ['빨강견', '초록견', '파랑견']);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('predicts the label of the image colour, with high confidence', async () => {
    const p = new OnnxPredictor({ ...files, minConfidence: 0.5 });
    const red = await p.predict(await solid(230, 20, 20));
    expect(red.breed).toBe('빨강견');
    expect(red.confidence).toBeGreaterThan(0.9);
    expect((await p.predict(await solid(20, 220, 30))).breed).toBe('초록견');
    expect((await p.predict(await solid(10, 20, 240))).breed).toBe('파랑견');
  });

  it('reads PNG and resizes any size to the model input', async () => {
    const p = new OnnxPredictor({ ...files, minConfidence: 0.5 });
    const png = await sharp({ create: { width: 300, height: 7, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 1 } } })
      .png()
      .toBuffer();
    expect((await p.predict(png)).breed).toBe('파랑견');
  });

  it('says unsure (breed null) below the confidence threshold', async () => {
    const p = new OnnxPredictor({ ...files, minConfidence: 0.5 });
    const grey = await p.predict(await solid(128, 128, 128));
    expect(grey.breed).toBeNull();
    expect(grey.confidence).toBeGreaterThan(0.3);
    expect(grey.confidence).toBeLessThan(0.4);
    const strict = new OnnxPredictor({ ...files, minConfidence: 0.9999999 });
    expect((await strict.predict(await solid(200, 90, 90))).breed).toBeNull();
  });

  it('accepts a JSON array labels file', async () => {
    const labelsPath = path.join(dir, 'labels.json');
    fs.writeFileSync(labelsPath, JSON.stringify(['a', 'b', 'c']));
    const p = new OnnxPredictor({ modelPath: files.modelPath, labelsPath, minConfidence: 0.5 });
    expect((await p.predict(await solid(0, 255, 0))).breed).toBe('b');
  });

  it('fails with PredictionFailedError when the model file is missing or broken', async () => {
    const missing = new OnnxPredictor({ modelPath: path.join(dir, 'nope.onnx'), labelsPath: files.labelsPath, minConfidence: 0.5 });
    await expect(missing.predict(await solid(1, 2, 3))).rejects.toBeInstanceOf(PredictionFailedError);
    const broken = path.join(dir, 'broken.onnx');
    fs.writeFileSync(broken, 'not a model');
    const bad = new OnnxPredictor({ modelPath: broken, labelsPath: files.labelsPath, minConfidence: 0.5 });
    await expect(bad.predict(await solid(1, 2, 3))).rejects.toBeInstanceOf(PredictionFailedError);
  });

  it('announces itself available only when the model loads', async () => {
    expect(await new OnnxPredictor({ modelPath: files.modelPath, labelsPath: files.labelsPath, minConfidence: 0.5 }).available()).toBe(
      true,
    );
    expect(
      await new OnnxPredictor({ modelPath: path.join(dir, 'nope.onnx'), labelsPath: files.labelsPath, minConfidence: 0.5 }).available(),
    ).toBe(false);
    const broken = path.join(dir, 'broken-too.onnx');
    fs.writeFileSync(broken, 'not a model');
    expect(await new OnnxPredictor({ modelPath: broken, labelsPath: files.labelsPath, minConfidence: 0.5 }).available()).toBe(false);
  });
});
