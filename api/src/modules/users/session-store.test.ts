import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { testServices } from '../../testing/services';
import { RedisSessionStore } from './session-store';

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

describe.runIf(testServices().redisUrl)('two deployments on one Redis', () => {
  it('never end each other’s sessions: logging a user out everywhere stays in its own deployment', async () => {
    const { redisUrl } = testServices();
    const suffix = Math.random().toString(36).slice(2);
    const one = new RedisSessionStore(redisUrl ?? '', 60, `pawbridge:test:one-${suffix}:session:`);
    const two = new RedisSessionStore(redisUrl ?? '', 60, `pawbridge:test:two-${suffix}:session:`);
    try {
      // The same user key in two databases: different people.
      const mine = await one.create(1);
      const theirs = await two.create(1);
      await two.destroyAllFor(1);
      expect(await two.get(theirs)).toBeNull();
      expect(await one.get(mine)).toBe(1);
    } finally {
      await one.destroyAllFor(1);
      await Promise.all([one.close(), two.close()]);
    }
  });

  it('each api keeps its sessions under its own deployment’s key space', async () => {
    const other = await startTestApi();
    try {
      const theirs = await other.ctx.sessions.create(userPk);
      const mine = await api.ctx.sessions.create(userPk);
      await other.ctx.sessions.destroyAllFor(userPk);
      expect(await other.ctx.sessions.get(theirs)).toBeNull();
      expect(await api.ctx.sessions.get(mine)).toBe(userPk);
    } finally {
      await other.close();
    }
  });
});
