import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';

// Runs against the store the suite is configured with: the database, or Redis when REDIS_URL is set.
let api: TestApi;
let userPk: number;
beforeAll(async () => {
  api = await startTestApi();
  const row = await api.ctx.db
    .insertInto('users')
    .values({
      userId: 'sessioner',
      name: null,
      email: null,
      passwordHash: null,
      birth: null,
      phoneNm: null,
      role: 'USER',
      provider: null,
      socialId: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  userPk = row.id;
});
afterAll(async () => {
  await api.close();
});

describe('session store', () => {
  it('creates unguessable ids and resolves them to the user', async () => {
    const a = await api.ctx.sessions.create(userPk);
    const b = await api.ctx.sessions.create(userPk);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a).not.toBe(b);
    expect(await api.ctx.sessions.get(a)).toBe(userPk);
    expect(await api.ctx.sessions.get('unknown')).toBeNull();
  });

  it('destroys one session, or every session of a user', async () => {
    const a = await api.ctx.sessions.create(userPk);
    const b = await api.ctx.sessions.create(userPk);
    await api.ctx.sessions.destroy(a);
    expect(await api.ctx.sessions.get(a)).toBeNull();
    expect(await api.ctx.sessions.get(b)).toBe(userPk);
    const c = await api.ctx.sessions.create(userPk);
    await api.ctx.sessions.destroyAllFor(userPk);
    expect(await api.ctx.sessions.get(b)).toBeNull();
    expect(await api.ctx.sessions.get(c)).toBeNull();
  });
});
