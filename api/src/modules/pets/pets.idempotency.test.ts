import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { IDEMPOTENCY_MESSAGES } from '../../lib/idempotency';
import { pngBomb, jpegWithExif, createMember, petForm, petJson } from '../../testing/fixtures';

let api: TestApi;
let member: { cookie: string; pk: number };

beforeAll(async () => {
  api = await startTestApi();
  member = await createMember(api, 'retrier');
});
afterAll(() => api.close());

async function register(petId: string, key?: string, photo?: Buffer) {
  const headers: Record<string, string> = { cookie: member.cookie, ...(key ? { 'idempotency-key': key } : {}) };
  const res = await fetch(`${api.url}/api/pet/register`, {
    method: 'POST',
    headers,
    body: petForm(petJson({ petId }), photo ?? (await jpegWithExif())),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const rows = (petId: string) =>
  api.ctx.db.selectFrom('pets').select('id').where('userPk', '=', member.pk).where('petId', '=', petId).execute();

describe('POST /api/pet/register with an Idempotency-Key', () => {
  it('creates one dog for the same key sent twice, and both calls get the same answer', async () => {
    const first = await register('410-1111-00001', 'pet-retry-0000001');
    const again = await register('410-1111-00001', 'pet-retry-0000001');
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(await rows('410-1111-00001')).toHaveLength(1);
  });

  it('still refuses a second registration of the number without the key (or with a new one)', async () => {
    expect((await register('410-1111-00002')).status).toBe(200);
    expect((await register('410-1111-00002')).status).toBe(409);
    expect((await register('410-1111-00002', 'pet-retry-0000002')).status).toBe(409);
  });

  it('releases the key when the first attempt fails, so the retry really registers', async () => {
    expect((await register('410-1111-00003', 'pet-retry-0000003', pngBomb())).status).toBe(413);
    expect((await register('410-1111-00003', 'pet-retry-0000003')).status).toBe(200);
    expect(await rows('410-1111-00003')).toHaveLength(1);
  });

  it('answers 409 while the first attempt is still running, and takes over one abandoned by a crash', async () => {
    await api.ctx.db
      .insertInto('idempotencyKeys')
      .values({ userPk: member.pk, scope: 'pet-register', key: 'pet-retry-running', response: null })
      .execute();
    const running = await register('410-1111-00004', 'pet-retry-running');
    expect(running).toEqual({ status: 409, body: { success: false, message: IDEMPOTENCY_MESSAGES.inProgress } });
    expect(await rows('410-1111-00004')).toHaveLength(0);

    await api.ctx.db
      .insertInto('idempotencyKeys')
      .values({
        userPk: member.pk,
        scope: 'pet-register',
        key: 'pet-retry-crashed',
        response: null,
        createdAt: new Date(Date.now() - 10 * 60_000),
      })
      .execute();
    expect((await register('410-1111-00005', 'pet-retry-crashed')).status).toBe(200);
  });

  it('refuses a malformed key', async () => {
    const res = await register('410-1111-00006', 'bad key!');
    expect(res).toEqual({ status: 400, body: { success: false, message: IDEMPOTENCY_MESSAGES.malformed } });
    expect(await rows('410-1111-00006')).toHaveLength(0);
  });
});
