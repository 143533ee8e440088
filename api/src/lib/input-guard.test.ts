import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/test-api';
import { call } from '../testing/fixtures';
import { containsNul, isPlausibleSessionId } from './input-guard';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

// Issue 8 item 14: Postgres refuses NUL in text; the api must answer 400 (or ignore a bad cookie), never 500.
describe('NUL bytes and bad session cookies', () => {
  it('a JSESSIONID that decodes to a NUL byte is no session, not a database error', async () => {
    for (const cookie of ['JSESSIONID=%00', 'JSESSIONID=a%00b', 'JSESSIONID=%E0%A4%A']) {
      const res = await call(api, 'GET', '/api/users/check-session', { cookie });
      expect(res.status, `${cookie}: ${res.text}`).toBe(200);
      expect(JSON.parse(res.text)).toEqual({ loggedIn: false });
    }
  });

  it('a NUL in a JSON body, a query or a path is a 400', async () => {
    const login = await call(api, 'POST', '/api/users/login', { json: { userId: 'ann\u0000', password: 'secret1' } });
    expect(login.status, login.text).toBe(400);
    const search = await call(api, 'GET', '/api/abandoned/abandoned-pets/search?location=%00');
    expect(search.status, search.text).toBe(400);
    const pet = await call(api, 'GET', '/api/pet/1%00');
    expect(pet.status, pet.text).toBe(400);
    const signup = await call(api, 'POST', '/api/users/signup', {
      json: { name: 'x', userId: 'nul\u0000user', email: 'n@example.com', password: 'secret1', birth: '1990-01-01' },
    });
    expect(signup.status, signup.text).toBe(400);
  });

  it('finds NUL anywhere in nested values and keeps real session ids', () => {
    expect(containsNul({ a: [{ b: 'x\u0000' }] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(containsNul({ a: ['fine', 1, null] })).toBe(false);
    expect(isPlausibleSessionId('3F2A9C1E1B2C4D5E8F90123456789ABC')).toBe(true);
    expect(isPlausibleSessionId('\u0000')).toBe(false);
    expect(isPlausibleSessionId('a b')).toBe(false);
  });
});
