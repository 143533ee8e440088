import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '@pawbridge/api/testing';
import { createClient, startTestBff, type TestBff, type TestClient } from '../testing/test-bff';
import { registerForm, validPet, photo as petPhoto } from '../routes/pets.suite';
import { reportForm, validReport, photo as strayPhoto } from '../routes/strays.suite';

// A retried registration through the BFF (our api behind it): the browser's Idempotency-Key reaches the api.
let api: TestApi;
let bff: TestBff;
let member: TestClient;

beforeAll(async () => {
  api = await startTestApi();
  bff = await startTestBff(api.url);
  const row = await api.ctx.db
    .insertInto('users')
    .values({
      userId: 'retrier',
      name: '재시도',
      email: 'retrier@example.com',
      passwordHash: null,
      birth: null,
      phoneNm: null,
      role: 'USER',
      provider: null,
      socialId: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  member = createClient(bff.url);
  member.cookies.set('JSESSIONID', await api.ctx.sessions.create(row.id));
});
afterAll(async () => {
  await bff.close();
  await api.close();
});

describe('Idempotency-Key through the BFF', () => {
  it('registers one dog for a form sent twice with the same key; both answers are the same', async () => {
    const headers = { 'idempotency-key': 'bff-pet-retry-01' };
    const first = await member.postForm('/api/pet/register', registerForm(validPet({ petId: '410-2222-00001' }), await petPhoto()), {
      headers,
    });
    const again = await member.postForm('/api/pet/register', registerForm(validPet({ petId: '410-2222-00001' }), await petPhoto()), {
      headers,
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await api.ctx.db.selectFrom('pets').select('id').where('petId', '=', '410-2222-00001').execute()).toHaveLength(1);
  });

  it('files one stray report for a form sent twice with the same key; both answers are the same', async () => {
    const headers = { 'idempotency-key': 'bff-report-retry-01' };
    const report = async () => reportForm(validReport({ description: 'BFF 재시도 제보' }), await strayPhoto());
    const first = await member.postForm('/api/abandoned/register', await report(), { headers });
    const again = await member.postForm('/api/abandoned/register', await report(), { headers });
    expect(first.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await api.ctx.db.selectFrom('strayReports').select('id').where('description', '=', 'BFF 재시도 제보').execute()).toHaveLength(1);
  });
});
