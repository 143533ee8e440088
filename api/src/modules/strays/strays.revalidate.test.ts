import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOTAL_COUNT_HEADER } from '@pawbridge/shared';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { insertStray } from '../../testing/fixtures';

const LIST = '/api/abandoned/abandoned-pets';

// Decision 0050: the public lists carry a strong ETag over the body and the total; If-None-Match gets 304
// with no body while nothing changed, and the new answer as soon as anything the caller would get changed.
describe('stray lists revalidate with an ETag', () => {
  let api: TestApi;
  const get = (path: string, headers: Record<string, string> = {}) => fetch(api.url + path, { headers });

  beforeAll(async () => {
    api = await startTestApi();
    await insertStray(api, { status: 'PROTECTING', location: '서울특별시' });
    await insertStray(api, { status: 'WAITING', location: '부산광역시' });
  });
  afterAll(() => api.close());

  it('answers 304 without a body for the tag it sent, in any of the forms a client may send it', async () => {
    const first = await get(`${LIST}?page=1&size=1`);
    const etag = first.headers.get('etag');
    expect(first.status).toBe(200);
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    for (const sent of [etag!, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get(`${LIST}?page=1&size=1`, { 'if-none-match': sent });
      expect(again.status, sent).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('content-length')).toBeNull();
    }
    const stale = await get(`${LIST}?page=1&size=1`, { 'if-none-match': '"something-else"' });
    expect(stale.status).toBe(200);
    expect(await stale.json()).toEqual(await first.json());
  });

  it('changes the tag when the total changes though the page itself does not', async () => {
    const before = await get(`${LIST}?page=1&size=1`);
    const etag = before.headers.get('etag')!;
    const items = await before.json();
    // A stray found long before the others: last in the adopt order, so page 1 keeps its one item.
    await insertStray(api, { status: 'PROTECTING', foundDate: '2020-01-01' });
    const after = await get(`${LIST}?page=1&size=1`, { 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(await after.json()).toEqual(items);
    expect(Number(after.headers.get(TOTAL_COUNT_HEADER))).toBe(Number(before.headers.get(TOTAL_COUNT_HEADER)) + 1);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('tags the search too, and never a failure', async () => {
    const search = await get(`${LIST}/search?location=${encodeURIComponent('서울')}`);
    const etag = search.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await get(`${LIST}/search?location=${encodeURIComponent('서울')}`, { 'if-none-match': etag })).status).toBe(304);
    const bad = await get(`${LIST}?page=0`, { 'if-none-match': '*' });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('etag')).toBeNull();
  });
});
