import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/test-api';
import { createMember, type Member } from '../testing/fixtures';
import { IDEMPOTENCY_MESSAGES, once, type IdempotencyOptions, type Tx } from './idempotency';

let api: TestApi;
let member: Member;
let opts: IdempotencyOptions;

beforeAll(async () => {
  api = await startTestApi();
  member = await createMember(api, 'onceuser');
  opts = { userPk: member.pk, scope: 'test-op', fail: (message) => ({ success: false, message }) };
});
afterAll(() => api.close());

const insertPet = async (trx: Tx, petId: string) =>
  (
    await trx
      .insertInto('pets')
      .values({
        userPk: member.pk,
        petId,
        name: 'n',
        type: 't',
        weight: 1,
        age: 1,
        size: 'SMALL',
        gender: 'MALE',
        adopt: false,
        profile: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
const pets = (petId: string) =>
  api.ctx.db.selectFrom('pets').select('id').where('userPk', '=', member.pk).where('petId', '=', petId).execute();
const keyRow = (key: string) =>
  api.ctx.db
    .selectFrom('idempotencyKeys')
    .select('response')
    .where('userPk', '=', member.pk)
    .where('scope', '=', 'test-op')
    .where('key', '=', key)
    .executeTakeFirst();

describe('once: the write and its stored answer commit together', () => {
  it('rolls the write back when storing the answer fails (the old crash window), and the retry writes exactly once', async () => {
    const discarded: string[] = [];
    const committed: unknown[] = [];
    // A BigInt cannot be serialised: the answer write throws after the insert ran, inside the transaction.
    const failing = once(api.ctx.db, 'crash-window-0001', opts, {
      prepare: async () => 'file-1',
      write: async (trx) => ({ id: await insertPet(trx, '900-0000-00001'), poison: 1n }),
      discard: async (file) => void discarded.push(file),
      committed: async (r) => void committed.push(r),
    });
    await expect(failing).rejects.toThrow(TypeError);
    expect(await pets('900-0000-00001')).toHaveLength(0);
    expect(await keyRow('crash-window-0001')).toBeUndefined();
    expect(discarded).toEqual(['file-1']);
    expect(committed).toEqual([]);

    const op = {
      write: async (trx: Tx) => ({ id: await insertPet(trx, '900-0000-00001') }),
      committed: async (r: { id: number }) => void committed.push(r),
    };
    const first = await once(api.ctx.db, 'crash-window-0001', opts, op);
    const replay = await once(api.ctx.db, 'crash-window-0001', opts, op);
    expect(replay).toEqual(first);
    expect(await pets('900-0000-00001')).toEqual([first]);
    expect(JSON.parse((await keyRow('crash-window-0001'))?.response ?? 'null')).toEqual(first);
    expect(committed).toEqual([first]);
  });

  it('rolls back every write of the work when it throws after inserting, and releases the key', async () => {
    const failing = once(api.ctx.db, 'throws-after-0001', opts, {
      write: async (trx) => {
        await insertPet(trx, '900-0000-00002');
        throw new Error('boom');
      },
    });
    await expect(failing).rejects.toThrow('boom');
    expect(await pets('900-0000-00002')).toHaveLength(0);
    expect(await keyRow('throws-after-0001')).toBeUndefined();
  });

  it('answers 409 while a claim is fresh, without preparing or writing anything', async () => {
    await api.ctx.db
      .insertInto('idempotencyKeys')
      .values({ userPk: member.pk, scope: 'test-op', key: 'still-running-01', response: null })
      .execute();
    let prepared = false;
    const running = once(api.ctx.db, 'still-running-01', opts, {
      prepare: async () => void (prepared = true),
      write: async (trx) => ({ id: await insertPet(trx, '900-0000-00003') }),
    });
    await expect(running).rejects.toMatchObject({ status: 409, body: { success: false, message: IDEMPOTENCY_MESSAGES.inProgress } });
    expect(prepared).toBe(false);
    expect(await pets('900-0000-00003')).toHaveLength(0);
  });

  it('takes over a claim abandoned by a crash: the write runs once and its answer is stored with it', async () => {
    await api.ctx.db
      .insertInto('idempotencyKeys')
      .values({ userPk: member.pk, scope: 'test-op', key: 'abandoned-0001', response: null, createdAt: new Date(Date.now() - 10 * 60_000) })
      .execute();
    const result = await once(api.ctx.db, 'abandoned-0001', opts, {
      write: async (trx) => ({ id: await insertPet(trx, '900-0000-00004') }),
    });
    expect(await pets('900-0000-00004')).toEqual([result]);
    expect(JSON.parse((await keyRow('abandoned-0001'))?.response ?? 'null')).toEqual(result);
  });

  it('without a key still runs the write in one transaction (no partial rows)', async () => {
    const failing = once(api.ctx.db, null, opts, {
      write: async (trx) => {
        await insertPet(trx, '900-0000-00005');
        throw new Error('boom');
      },
    });
    await expect(failing).rejects.toThrow('boom');
    expect(await pets('900-0000-00005')).toHaveLength(0);
  });
});
