import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './testing/test-api';
import { call, sessionCookie, signUpVerified } from './testing/fixtures';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

describe('buildApi', () => {
  it('answers the health check', async () => {
    const res = await call(api, 'GET', '/healthz');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toEqual({ status: 'UP' });
  });

  it('answers an unknown path with Boot 404 JSON carrying the path without the query', async () => {
    const res = await call(api, 'GET', '/api/nothing-here?x=1');
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toMatchObject({ status: 404, error: 'Not Found', path: '/api/nothing-here' });
  });

  it('sends a string ApiHttpError as text/plain like a Spring String endpoint', async () => {
    const res = await call(api, 'POST', '/api/users/signup', {
      json: {
        name: '김포브',
        userId: 'plain',
        email: 'plain@example.com',
        password: 'secret123',
        birth: '1990-01-01',
        phoneNm: '010-1111-2222',
      },
    });
    expect(res).toMatchObject({ status: 400, text: '이메일 인증을 먼저 완료해주세요.' });
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
  });

  it('rejects a JSON body over 1 MB with 413', async () => {
    const res = await call(api, 'POST', '/api/users/signup', { json: { name: 'x'.repeat(1024 * 1024 + 10) } });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toMatchObject({ status: 413, error: 'Payload Too Large' });
  });

  it('answers 404 for a photo key that does not exist', async () => {
    const res = await call(api, 'GET', '/uploads/does-not-exist.jpg');
    expect(res.status).toBe(404);
  });

  it('serves a stored photo by key with a long cache lifetime', async () => {
    const bytes = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    const key = await api.ctx.storage.put(bytes, 'jpg');
    const res = await fetch(`${api.url}/uploads/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
  });

  it('forgets the session of a deleted user', async () => {
    await signUpVerified(api, { userId: 'leaver', email: 'leaver@example.com' });
    const cookie = sessionCookie(await call(api, 'POST', '/api/users/login', { json: { userId: 'leaver', password: 'secret123' } }));
    expect(JSON.parse((await call(api, 'GET', '/api/users/check-session', { cookie })).text)).toMatchObject({ loggedIn: true });
    await api.ctx.db.deleteFrom('users').where('userId', '=', 'leaver').execute();
    expect(JSON.parse((await call(api, 'GET', '/api/users/check-session', { cookie })).text)).toEqual({ loggedIn: false });
  });
});
