import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '@pawbridge/api/testing';
import { createClient, type TestBff } from '../testing/test-bff';
import type { RecordingProxy } from '../testing/recording-proxy';
import { hardeningSuite, rawMultipart, sendRaw } from './hardening.suite';
import { photo, validPet } from './pets.suite';
import { apiMember } from '../testing/fixtures';
import { closeBffOnApi, startBffOnApi } from '../testing/api-stack';

// Issue 8 through the BFF in front of our api (behind a proxy that records every upstream call).
let api: TestApi;
let proxy: RecordingProxy;
let bff: TestBff;

beforeAll(async () => void ({ api, proxy, bff } = await startBffOnApi()));
afterAll(() => closeBffOnApi({ api, proxy, bff }));

const member = async () => (await apiMember(api, bff.url, { prefix: 'hard' })).client;

describe('hardening (issue 8), upstream = our api', () => {
  hardeningSuite({ bffUrl: () => bff.url, member, anonymous: () => createClient(bff.url), upstreamCalls: () => proxy.seen });

  it('item 6: UPSTREAM_KIND=api registers a dog with one register call (plus the session check), no list calls', async () => {
    expect(bff.config.upstreamKind).toBe('api');
    const c = await member();
    const before = proxy.seen.length;
    const { body, contentType } = rawMultipart([
      { name: 'pet', value: JSON.stringify(validPet({ petId: '900-1' })) },
      { name: 'profile', value: await photo(), filename: 'dog.jpg', type: 'image/jpeg' },
    ]);
    const res = await sendRaw(c, bff.url, 'POST', '/api/pet/register', body, contentType);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ id: '900-1', imageUrl: expect.stringMatching(/^\/uploads\//) });
    expect(proxy.seen.slice(before)).toEqual(['GET /api/users/check-session', 'POST /api/pet/register']);
    // The dog the answer describes is the one stored.
    expect((await c.get('/api/pet/profile/pets')).body).toEqual([res.body]);
  });

  it('item 6: a search is one search call, never a list call', async () => {
    const before = proxy.seen.length;
    expect((await createClient(bff.url).get('/api/abandoned/abandoned-pets/search', { query: { location: '서울' } })).status).toBe(200);
    expect(proxy.seen.slice(before)).toEqual(['GET /api/abandoned/abandoned-pets/search']);
  });
});
