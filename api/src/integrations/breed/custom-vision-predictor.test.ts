import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CustomVisionPredictor } from './custom-vision-predictor';
import { PredictionFailedError } from './prediction';

interface Seen {
  url: string;
  key: string | undefined;
  type: string | undefined;
  body: Buffer;
}

describe('CustomVisionPredictor (against a local fake of the Azure API)', () => {
  let server: http.Server;
  let endpoint: string;
  const seen: Seen[] = [];
  let answer: { status: number; body: string } = { status: 200, body: '{}' };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({
          url: req.url ?? '',
          key: req.headers['prediction-key'] as string | undefined,
          type: req.headers['content-type'],
          body: Buffer.concat(chunks),
        });
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const predictor = (minConfidence = 0.5) =>
    new CustomVisionPredictor({ endpoint, predictionKey: 'k-123', projectId: 'proj-1', publishName: 'Iteration 2', minConfidence });

  it('posts the raw bytes to the classify URL with the key and returns the top tag', async () => {
    answer = {
      status: 200,
      body: JSON.stringify({
        id: 'x',
        project: 'p',
        iteration: 'i',
        created: 'c',
        predictions: [
          { probability: 0.2, tagId: 'a', tagName: 'Poodle' },
          { probability: 0.7, tagId: 'b', tagName: 'Jindo' },
        ],
      }),
    };
    const result = await predictor().predict(Buffer.from([1, 2, 3, 4]));
    expect(result).toEqual({ breed: 'Jindo', confidence: 0.7 });
    const last = seen.at(-1);
    expect(last?.url).toBe('/customvision/v3.0/Prediction/proj-1/classify/iterations/Iteration%202/image');
    expect(last?.key).toBe('k-123');
    expect(last?.type).toBe('application/octet-stream');
    expect([...(last?.body ?? [])]).toEqual([1, 2, 3, 4]);
  });

  it('answers unsure below the threshold', async () => {
    answer = { status: 200, body: JSON.stringify({ predictions: [{ probability: 0.31, tagName: 'Poodle' }] }) };
    expect(await predictor().predict(Buffer.from([9]))).toEqual({ breed: null, confidence: 0.31 });
  });

  it('fails on an error status, an empty list or an unreachable service', async () => {
    answer = { status: 401, body: '{"code":"Unauthorized"}' };
    await expect(predictor().predict(Buffer.from([9]))).rejects.toBeInstanceOf(PredictionFailedError);
    answer = { status: 200, body: '{"predictions":[]}' };
    await expect(predictor().predict(Buffer.from([9]))).rejects.toBeInstanceOf(PredictionFailedError);
    const down = new CustomVisionPredictor({
      endpoint: 'http://127.0.0.1:1/',
      predictionKey: 'k',
      projectId: 'p',
      publishName: 'n',
      minConfidence: 0.5,
    });
    await expect(down.predict(Buffer.from([9]))).rejects.toBeInstanceOf(PredictionFailedError);
  });
});
