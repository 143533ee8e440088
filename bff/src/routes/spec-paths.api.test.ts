import { afterAll, beforeAll, describe } from 'vitest';
import type { TestApi } from '@pawbridge/api/testing';
import { apiMember } from '../testing/fixtures';
import type { RecordingProxy } from '../testing/recording-proxy';
import type { TestBff } from '../testing/test-bff';
import { specPathsSuite } from './spec-paths.suite';
import { closeBffOnApi, startBffOnApi } from '../testing/api-stack';

// Issue 23 items 9 and 10 through the BFF in front of our api (behind a proxy that records every upstream call).
let api: TestApi;
let proxy: RecordingProxy;
let bff: TestBff;

beforeAll(async () => void ({ api, proxy, bff } = await startBffOnApi()));
afterAll(() => closeBffOnApi({ api, proxy, bff }));

describe('spec paths, upstream = our api', () => {
  specPathsSuite({
    bffUrl: () => bff.url,
    app: () => bff.app,
    admin: async () => (await apiMember(api, bff.url, { role: 'ADMIN' })).client,
    member: async () => (await apiMember(api, bff.url)).client,
    upstreamCalls: () => proxy.seen,
  });
});
