import { afterAll, beforeAll, describe } from 'vitest';
import { startTestApi, type TestApi } from '@pawbridge/api/testing';
import { apiMember } from '../testing/fixtures';
import { startRecordingProxy, type RecordingProxy } from '../testing/recording-proxy';
import { startTestBff, type TestBff } from '../testing/test-bff';
import { specPathsSuite } from './spec-paths.suite';

// Issue 23 items 9 and 10 through the BFF in front of our api (behind a proxy that records every upstream call).
let api: TestApi;
let proxy: RecordingProxy;
let bff: TestBff;

beforeAll(async () => {
  api = await startTestApi();
  proxy = await startRecordingProxy(api.url);
  bff = await startTestBff(proxy.url);
});
afterAll(async () => {
  await bff?.close();
  await proxy?.close();
  await api?.close();
});

describe('spec paths, upstream = our api', () => {
  specPathsSuite({
    bffUrl: () => bff.url,
    app: () => bff.app,
    admin: async () => (await apiMember(api, bff.url, { role: 'ADMIN' })).client,
    member: async () => (await apiMember(api, bff.url)).client,
    upstreamCalls: () => proxy.seen,
  });
});
