import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PortalError, PublicDataClient, type PortalLog } from './client';
import { generateSample } from './sample-generator';
import { startStandin, type Standin } from './standin';

const KEY = 'Sup3r+Secret/Key==';

function recordingLog(): PortalLog & { lines: string[] } {
  const lines: string[] = [];
  const keep = (obj: object, msg?: string) => lines.push(JSON.stringify(obj) + (msg ?? ''));
  return { lines, debug: keep, warn: keep };
}

describe('PublicDataClient against the stand-in portal', () => {
  let standin: Standin;
  const sample = generateSample(30, 7);
  beforeAll(async () => {
    standin = await startStandin({ sample, serviceKey: KEY });
  });
  afterAll(() => standin.close());
  const client = (over: Partial<ConstructorParameters<typeof PublicDataClient>[0]> = {}) =>
    new PublicDataClient({ baseUrl: standin.baseUrl, serviceKey: KEY, backoffMs: 1, attempts: 3, ...over });

  it('pages through dogs in an update window (decoded key is encoded once)', async () => {
    const c = client();
    const first = await c.animalsPage({ bgupd: '20000101', enupd: '29991231', pageNo: 1, numOfRows: 12 });
    const third = await c.animalsPage({ bgupd: '20000101', enupd: '29991231', pageNo: 3, numOfRows: 12 });
    expect(first.totalCount).toBe(30);
    expect(first.items).toHaveLength(12);
    expect(third.items).toHaveLength(6);
    const last = standin.requests.at(-1)!;
    expect(last.searchParams.get('upkind')).toBe('417000');
    expect(last.searchParams.get('_type')).toBe('json');
    expect(last.searchParams.get('serviceKey')).toBe(KEY);
  });

  it('answers an empty window ("items": "") as no items', async () => {
    const page = await client().animalsPage({ bgupd: '19990101', enupd: '19990102', pageNo: 1, numOfRows: 10 });
    expect(page).toMatchObject({ items: [], totalCount: 0 });
  });

  it('answers resultCode 03 (NODATA_ERROR) as an empty page, not a failure', async () => {
    standin.faults.resultCode = '03';
    try {
      expect(await client().animalsPage({ pageNo: 1, numOfRows: 10 })).toMatchObject({ items: [], totalCount: 0 });
    } finally {
      delete standin.faults.resultCode;
    }
  });

  it('takes a single item sent as an object', async () => {
    const single = await startStandin({ sample: generateSample(1, 3), serviceKey: KEY, singleItemAsObject: true });
    try {
      const page = await new PublicDataClient({ baseUrl: single.baseUrl, serviceKey: KEY }).animalsPage({ pageNo: 1, numOfRows: 10 });
      expect(page.items).toHaveLength(1);
      expect((page.items[0] as { desertionNo: string }).desertionNo).toBe(generateSample(1, 3).animals[0]?.desertionNo);
    } finally {
      await single.close();
    }
  });

  it('turns the 403 XML auth error into a typed, non-retried error that never holds the key', async () => {
    const log = recordingLog();
    const before = standin.requests.length;
    const err = await new PublicDataClient({ baseUrl: standin.baseUrl, serviceKey: 'wrong-key-123', log, backoffMs: 1 })
      .sido()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PortalError);
    expect((err as PortalError).code).toBe('AUTH_30');
    expect((err as PortalError).retryable).toBe(false);
    expect((err as PortalError).summary).toBe('AUTH_30: SERVICE_KEY_IS_NOT_REGISTERED_ERROR');
    expect(standin.requests.length - before).toBe(1);
    expect(JSON.stringify(log.lines)).not.toContain('wrong-key-123');
  });

  it('reports resultCode errors (22: over the daily limit) without retrying them', async () => {
    standin.faults.resultCode = '22';
    try {
      const before = standin.requests.length;
      const err = (await client()
        .animalsPage({ pageNo: 1, numOfRows: 10 })
        .catch((e: unknown) => e)) as PortalError;
      expect(err.code).toBe('RESULT_22');
      expect(err.message).toContain('LIMITED_NUMBER_OF_SERVICE_REQUESTS_EXCEEDS_ERROR');
      expect(standin.requests.length - before).toBe(1);
    } finally {
      delete standin.faults.resultCode;
    }
  });

  it('retries a failing page with back-off, a bounded number of times, and never logs the key', async () => {
    const log = recordingLog();
    standin.faults.failPage = new Map([[2, 2]]);
    const ok = await client({ log }).animalsPage({ pageNo: 2, numOfRows: 10 });
    expect(ok.items).toHaveLength(10);
    expect(log.lines).toHaveLength(2);
    standin.faults.failPage = new Map([[2, 5]]);
    const err = (await client({ log })
      .animalsPage({ pageNo: 2, numOfRows: 10 })
      .catch((e: unknown) => e)) as PortalError;
    expect(err.code).toBe('SERVICE_01');
    expect(standin.faults.failPage.get(2)).toBe(2);
    const logged = JSON.stringify(log.lines);
    expect(logged).not.toContain(KEY);
    expect(logged).not.toContain(encodeURIComponent(KEY));
    expect(logged).not.toContain('serviceKey');
  });

  it('caches look-ups', async () => {
    const c = client();
    const before = standin.requests.length;
    const a = await c.sido();
    const b = await c.sido();
    expect(a).toHaveLength(17);
    expect(b).toBe(a);
    expect(standin.requests.length - before).toBe(1);
    const gu = await c.sigungu('6110000');
    expect(gu.map((g) => g.orgdownNm)).toContain('강남구');
    expect((await c.kinds()).length).toBeGreaterThan(5);
    const shelter = sample.shelters[0]!;
    expect((await c.shelters(shelter.uprCd, shelter.orgCd))[0]).toMatchObject({ careRegNo: shelter.careRegNo });
  });

  it('maps network failures and non-JSON answers to typed errors', async () => {
    const down = new PublicDataClient({ baseUrl: 'http://127.0.0.1:1/x', serviceKey: KEY, attempts: 2, backoffMs: 1 });
    const err = (await down.sido().catch((e: unknown) => e)) as PortalError;
    expect(err.code).toBe('NETWORK');
    expect(err.message).not.toContain(KEY);
    const html = new PublicDataClient({ baseUrl: `${standin.baseUrl.replace(/\/1543061.*/, '')}/nowhere`, serviceKey: KEY, attempts: 1 });
    expect(((await html.sido().catch((e: unknown) => e)) as PortalError).code).toBe('HTTP_404');
  });
});
