import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestApi, type TestApi } from '../testing/test-api';
import { call } from '../testing/fixtures';
import { demoSeeders, seed, type DemoSeeder } from './seed-data';

const running: TestApi[] = [];
// The real domain seeders stay registered, so the idempotency test covers them too.
const registered = [...demoSeeders];
async function start(env: Record<string, string> = {}): Promise<TestApi> {
  const api = await startTestApi(env);
  running.push(api);
  return api;
}
afterEach(async () => {
  vi.restoreAllMocks();
  demoSeeders.splice(0, demoSeeders.length, ...registered);
  await Promise.all(running.splice(0).map((a) => a.close()));
});

const login = (api: TestApi, userId: string, password: string) => call(api, 'POST', '/api/users/login', { json: { userId, password } });
const countUsers = async (api: TestApi) => (await api.ctx.db.selectFrom('users').select('userId').execute()).map((r) => r.userId).sort();

describe('seed', () => {
  it('creates the admin with a generated password, prints it once, and stays idempotent', async () => {
    const api = await start();
    const printed = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const first = await seed(api.ctx, api.app.log);
    const password = first.generatedAdminPassword ?? '';
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(printed.mock.calls.flat().join('\n')).toContain(`로그인: admin / ${password}`);

    const admin = await api.ctx.db.selectFrom('users').selectAll().where('userId', '=', 'admin').executeTakeFirstOrThrow();
    expect(admin.role).toBe('ADMIN');
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
    expect((await login(api, 'admin', password)).status).toBe(200);

    expect(first.failedSeeders).toEqual([]);
    const afterFirst = await countUsers(api);
    expect(afterFirst.filter((u) => u === 'admin' || u === 'demo')).toEqual(['admin', 'demo']);

    printed.mockClear();
    const second = await seed(api.ctx, api.app.log);
    expect(second.generatedAdminPassword).toBeUndefined();
    expect(second.adminPk).toBe(first.adminPk);
    expect(second.demoPk).toBe(first.demoPk);
    expect(printed.mock.calls.flat().join('\n')).not.toContain(password);
    expect(second.failedSeeders).toEqual([]);
    expect(await countUsers(api)).toEqual(afterFirst);
  });

  it('uses ADMIN_PASSWORD when set and never prints it', async () => {
    const api = await start({ ADMIN_PASSWORD: 'correct-horse-battery' });
    const printed = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const result = await seed(api.ctx, api.app.log);
    expect(result.generatedAdminPassword).toBeUndefined();
    expect(printed.mock.calls.flat().join('\n')).not.toContain('correct-horse-battery');
    expect((await login(api, 'admin', 'correct-horse-battery')).status).toBe(200);
  });

  it('creates the demo member that can log in, and runs every demo seeder with both keys', async () => {
    const api = await start();
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const calls: unknown[] = [];
    const recordKeys: DemoSeeder = async (_ctx, _log, users) => {
      calls.push(users);
    };
    const broken: DemoSeeder = async function brokenSeeder() {
      throw new Error('boom');
    };
    demoSeeders.splice(0, demoSeeders.length, broken, recordKeys);
    const result = await seed(api.ctx, api.app.log);
    expect(result.failedSeeders).toEqual(['brokenSeeder']);
    expect(calls).toEqual([{ adminPk: result.adminPk, demoPk: result.demoPk }]);

    const demo = await api.ctx.db.selectFrom('users').selectAll().where('userId', '=', 'demo').executeTakeFirstOrThrow();
    expect(demo).toMatchObject({ name: '데모 사용자', email: 'demo@pawbridge.local', role: 'USER' });
    expect((await login(api, 'demo', 'demo1234')).status).toBe(200);
  });

  it('skips demo data when SEED_DEMO_DATA is off', async () => {
    const api = await start({ SEED_DEMO_DATA: 'false' });
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const seeder = vi.fn<DemoSeeder>(async () => undefined);
    demoSeeders.splice(0, demoSeeders.length, seeder);
    const result = await seed(api.ctx, api.app.log);
    expect(result.demoPk).toBeUndefined();
    expect(seeder).not.toHaveBeenCalled();
    expect(await countUsers(api)).toEqual(['admin']);
  });

  it('never seeds demo data in production', async () => {
    // A production config refuses PGlite (and SEED_DEMO_DATA=true) at load: the seed's own guard is tested on a test api told it is production.
    const api = await start({ ADMIN_PASSWORD: 'prod-admin-password' });
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const result = await seed({ ...api.ctx, config: { ...api.ctx.config, env: 'production', seedDemoData: true } }, api.app.log);
    expect(result.demoPk).toBeUndefined();
    expect(await countUsers(api)).toEqual(['admin']);
  });
});
