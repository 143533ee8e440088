import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '@pawbridge/api/testing';
import { insertStray } from '@pawbridge/api/testing/fixtures';
import { TOTAL_COUNT_HEADER } from '@pawbridge/shared';
import { closeBffOnApi, startBffOnApi } from '../testing/api-stack';
import type { RecordingProxy } from '../testing/recording-proxy';
import type { TestBff } from '../testing/test-bff';

// Decision 0050, end to end: the BFF in front of our api revalidates the public stray lists on every call
// (If-None-Match with the api's ETag) and serves a change at once; the browser's answer is the same bytes.
let api: TestApi;
let proxy: RecordingProxy;
let bff: TestBff;

beforeAll(async () => void ({ api, proxy, bff } = await startBffOnApi()));
afterAll(() => closeBffOnApi({ api, proxy, bff }));

const addStray = (description: string) =>
  insertStray(api, { status: 'PROTECTING', description, location: '서울특별시', foundDate: '2026-11-20' });

const upstreamCalls = (path: string) => proxy.requests.filter((r) => r.url.startsWith(path));

describe('public stray lists through the BFF revalidate with our api', () => {
  it('asks with the last ETag, gets the same bytes while nothing changed, and the change at once', async () => {
    await addStray('first dog');
    const url = `${bff.url}/api/abandoned/abandoned-pets?page=1&size=5`;
    const before = upstreamCalls('/api/abandoned/abandoned-pets?').length;
    const a = await fetch(url);
    const aText = await a.text();
    const b = await fetch(url);
    expect(await b.text()).toBe(aText);
    expect(b.headers.get(TOTAL_COUNT_HEADER)).toBe(a.headers.get(TOTAL_COUNT_HEADER));
    const calls = upstreamCalls('/api/abandoned/abandoned-pets?').slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.headers['if-none-match']).toBeUndefined();
    expect(calls[1]!.headers['if-none-match']).toMatch(/^"[\w-]+"$/);
    // The browser never sees the upstream's tag or a 304 it did not ask for.
    expect(b.status).toBe(200);
    expect(b.headers.get('etag')).toBeNull();

    await addStray('second dog');
    const c = await fetch(url);
    const items = (await c.json()) as { description: string }[];
    expect(items.map((s) => s.description)).toContain('second dog');
    expect(Number(c.headers.get(TOTAL_COUNT_HEADER))).toBe(Number(a.headers.get(TOTAL_COUNT_HEADER)) + 1);
    expect(upstreamCalls('/api/abandoned/abandoned-pets?').at(-1)!.headers['if-none-match']).toBe(calls[1]!.headers['if-none-match']);
  });

  it('keeps each search apart', async () => {
    const seoul = await (await fetch(`${bff.url}/api/abandoned/abandoned-pets/search?location=${encodeURIComponent('서울')}`)).json();
    const busan = await (await fetch(`${bff.url}/api/abandoned/abandoned-pets/search?location=${encodeURIComponent('부산')}`)).json();
    expect((seoul as unknown[]).length).toBeGreaterThan(0);
    expect(busan).toEqual([]);
    const again = await (await fetch(`${bff.url}/api/abandoned/abandoned-pets/search?location=${encodeURIComponent('서울')}`)).json();
    expect(again).toEqual(seoul);
  });
});
