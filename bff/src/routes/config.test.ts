import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, startTestBff, type TestBff } from '../testing/test-bff';

// A bare upstream: answers /api/capabilities as each test says and counts the asks.
let answer: { status: number; body: string } = { status: 404, body: '' };
let asked = 0;
const upstream = http.createServer((req, res) => {
  if (req.url === '/api/capabilities') asked += 1;
  res.writeHead(req.url === '/api/capabilities' ? answer.status : 404, { 'content-type': 'application/json' });
  res.end(req.url === '/api/capabilities' ? answer.body : '');
});
let upstreamUrl = '';
let bff: TestBff | null = null;

const breedPrediction = async (env: Record<string, string> = {}) => {
  bff = await startTestBff(upstreamUrl, env);
  return (await createClient(bff.url).get('/api/config')).body.breedPrediction as boolean;
};

describe('GET /api/config breedPrediction follows what the upstream can do', () => {
  beforeAll(async () => {
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));
  afterEach(async () => {
    await bff?.close();
    bff = null;
    asked = 0;
  });

  it('is off when our api announces no predictor, on when it announces one', async () => {
    answer = { status: 200, body: JSON.stringify({ breedPrediction: false }) };
    expect(await breedPrediction()).toBe(false);
    await bff?.close();
    answer = { status: 200, body: JSON.stringify({ breedPrediction: true }) };
    expect(await breedPrediction()).toBe(true);
  });

  it('is on for the legacy upstream, which has no announcement (its Custom Vision step)', async () => {
    answer = { status: 404, body: '' };
    expect(await breedPrediction()).toBe(true);
  });

  it('is on for UPSTREAM_KIND=legacy without asking', async () => {
    answer = { status: 200, body: JSON.stringify({ breedPrediction: false }) };
    expect(await breedPrediction({ UPSTREAM_KIND: 'legacy' })).toBe(true);
    expect(asked).toBe(0);
  });

  it('is off while the upstream fails, and asks again on the next request', async () => {
    answer = { status: 503, body: '' };
    expect(await breedPrediction()).toBe(false);
    answer = { status: 200, body: JSON.stringify({ breedPrediction: true }) };
    expect((await createClient(bff?.url ?? '').get('/api/config')).body.breedPrediction).toBe(true);
    expect(asked).toBe(2);
  });

  it('asks the upstream once for many page loads', async () => {
    answer = { status: 200, body: JSON.stringify({ breedPrediction: true }) };
    expect(await breedPrediction()).toBe(true);
    for (let i = 0; i < 3; i += 1) await createClient(bff?.url ?? '').get('/api/config');
    expect(asked).toBe(1);
  });

  it('lets BREED_PREDICTION_ENABLED override the announcement without asking', async () => {
    answer = { status: 200, body: JSON.stringify({ breedPrediction: true }) };
    expect(await breedPrediction({ BREED_PREDICTION_ENABLED: 'false' })).toBe(false);
    expect(asked).toBe(0);
  });
});
