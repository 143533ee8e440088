import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApi } from '@pawbridge/api/testing';
import { latestCode } from '@pawbridge/api/testing/fixtures';
import { SessionUserSchema } from '@pawbridge/shared';
import { createClient, type TestBff } from '../testing/test-bff';
import type { RecordingProxy } from '../testing/recording-proxy';
import { apiMember } from '../testing/fixtures';
import { expectEnvelope } from '../testing/expect-envelope';
import { closeBffOnApi, startBffOnApi } from '../testing/api-stack';

const profile = (overrides: Record<string, unknown> = {}) => ({
  email: 'keep@example.com',
  birth: '1992-04-05',
  phoneNm: '010-5555-6666',
  ...overrides,
});

/** The newest code mailed to `to`, read from the api's outbox through its own mail fixture. */
async function verifyAddress(api: TestApi, client: ReturnType<typeof createClient>, email: string): Promise<void> {
  expect((await client.post('/api/users/send-email', undefined, { query: { email } })).status).toBe(200);
  expect((await client.post('/api/users/verify-email', undefined, { query: { code: latestCode(api, email), email } })).status).toBe(200);
}

describe('PUT /api/users/me through the BFF, upstream = our api', () => {
  let api: TestApi;
  let proxy: RecordingProxy;
  let bff: TestBff;
  beforeAll(async () => void ({ api, proxy, bff } = await startBffOnApi()));
  afterAll(() => closeBffOnApi({ api, proxy, bff }));

  it('updates the caller’s own phone and answers the session as it reads now', async () => {
    const { client, userId } = await apiMember(api, bff.url, { phoneNm: '010-1111-1111' });
    const res = await client.put('/api/users/me', profile({ email: `${userId}@example.com`, phoneNm: '010-2222-3333' }));
    expect(res.status).toBe(200);
    expect(SessionUserSchema.parse(res.body)).toMatchObject({ userId, phoneNm: '010-2222-3333', birth: '1992-04-05' });
    expect((await client.get('/api/users/check-session')).body).toMatchObject({ userId, phoneNm: '010-2222-3333' });
  });

  it('validates with the shared schema before the upstream sees anything', async () => {
    const { client } = await apiMember(api, bff.url);
    const before = proxy.seen.filter((s) => s.endsWith('/api/users/me')).length;
    const res = await client.put('/api/users/me', { email: 'nope', birth: '2001-02-30', phoneNm: '12' });
    expectEnvelope(res, 400, 'VALIDATION_FAILED');
    expect(Object.keys((res.body as { error: { fieldErrors: Record<string, string> } }).error.fieldErrors).sort()).toEqual([
      'birth',
      'email',
      'phoneNm',
    ]);
    expect(proxy.seen.filter((s) => s.endsWith('/api/users/me')).length).toBe(before);
  });

  it('is documented at /docs with its body, the session answer and its failures', async () => {
    const spec = (await createClient(bff.url).get('/docs/json')).body as {
      paths: Record<string, Record<string, { tags: string[]; summary: string; responses: Record<string, unknown>; requestBody?: unknown }>>;
    };
    const op = spec.paths['/api/users/me']?.put;
    expect(op?.tags).toEqual(['accounts']);
    expect(op?.summary).toMatch(/[가-힣]/);
    expect(op?.requestBody).toBeDefined();
    expect(Object.keys(op?.responses ?? {}).sort()).toEqual(['200', '400', '401', '409', '501', '502', '504']);
  });

  it('answers a visitor 401 UNAUTHENTICATED', async () => {
    expectEnvelope(await createClient(bff.url).put('/api/users/me', profile()), 401, 'UNAUTHENTICATED');
  });

  it('a new e-mail needs a fresh verification (400 EMAIL_NOT_VERIFIED), then goes through; another member’s address is 409', async () => {
    const { client, userId } = await apiMember(api, bff.url);
    const other = await apiMember(api, bff.url);
    const newEmail = `${userId}.new@example.com`;
    const refused = await client.put('/api/users/me', profile({ email: newEmail }));
    expectEnvelope(refused, 400, 'EMAIL_NOT_VERIFIED');
    expect((refused.body as { error: { fieldErrors: Record<string, string> } }).error.fieldErrors).toHaveProperty('email');

    await verifyAddress(api, client, newEmail);
    const ok = await client.put('/api/users/me', profile({ email: newEmail }));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ email: newEmail });

    expectEnvelope(await client.put('/api/users/me', profile({ email: `${other.userId}@example.com` })), 409, 'EMAIL_ALREADY_REGISTERED');
  });
});
