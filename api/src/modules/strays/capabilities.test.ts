import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi } from '../../testing/test-api';
import { writeColourClassifier } from '../../integrations/breed/onnx-writer';

const capabilities = async (url: string) => {
  const res = await fetch(`${url}/api/capabilities`);
  return { status: res.status, body: (await res.json()) as unknown };
};

// The BFF's /api/config follows this, so the web offers the AI step only when it can work.
describe('GET /api/capabilities', () => {
  let dir: string;
  let files: { modelPath: string; labelsPath: string };
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'caps-'));
    files = await writeColourClassifier(dir, ['a', 'b', 'c']);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('says no breed prediction when no predictor is configured', async () => {
    const api = await startTestApi();
    try {
      expect(await capabilities(api.url)).toEqual({ status: 200, body: { breedPrediction: false } });
    } finally {
      await api.close();
    }
  });

  it('says breed prediction when the configured model loads, and not when its file is missing', async () => {
    const good = await startTestApi({ BREED_MODEL_PATH: files.modelPath, BREED_LABELS_PATH: files.labelsPath });
    const missing = await startTestApi({ BREED_MODEL_PATH: path.join(dir, 'nope.onnx') });
    try {
      expect((await capabilities(good.url)).body).toEqual({ breedPrediction: true });
      expect((await capabilities(missing.url)).body).toEqual({ breedPrediction: false });
    } finally {
      await Promise.all([good.close(), missing.close()]);
    }
  });
});
