import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { createMember, type Member } from '../../testing/fixtures';
import { lostCalls, metres, sightingJson } from './lost.testing';

// Public positions per member (decision 0037, amended 2026-11-27): one rounding grid for all of a member's posts.

let api: TestApi;
let lost: ReturnType<typeof lostCalls>;
beforeAll(async () => {
  api = await startTestApi();
  lost = lostCalls(api);
});
afterAll(() => api.close());

describe('the public grid', () => {
  it('puts one member’s posts of the same spot on one public point, so averaging them tells nothing more', async () => {
    const walker = await createMember(api, 'gridwalker', { name: '박산책' });
    const neighbour = await createMember(api, 'gridneighbour', { name: '최이웃' });
    const post = async (m: Member, time: string) => {
      const res = await lost.postSighting(m, sightingJson({ time, description: `같은 자리에서 ${time}에 또 봤어요.` }));
      expect(res.status).toBe(201);
      return (await lost.detail((res.json as unknown as { id: number }).id)).position!;
    };
    const first = await post(walker, '07:10');
    const again = [await post(walker, '08:20'), await post(walker, '09:30')];
    // Each on its own random grid, three posts of one doorstep would average towards it; one grid per member does not.
    for (const p of again) expect(p).toEqual(first);
    expect(metres(first, { lat: 37.5571, lng: 126.9031 })).toBeLessThan(300);
    // Another member's grid is their own: a shared grid would let neighbouring posts' cells be compared.
    expect(await post(neighbour, '10:40')).not.toEqual(first);
  });
});
