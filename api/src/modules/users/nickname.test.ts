import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { call, createMember, signUpVerified } from '../../testing/fixtures';
import { dropSchema, openDatabase } from '../../db/index';
import { migrate } from '../../db/migrate';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api.close();
});

const nicknameOf = async (userId: string) =>
  (await api.ctx.db.selectFrom('users').select('nickname').where('userId', '=', userId).executeTakeFirstOrThrow()).nickname;

describe('nicknames (issue 25 item 5)', () => {
  it('a signup without one gets the name; the next member with the same name gets it with a number', async () => {
    expect((await signUpVerified(api, { userId: 'first01', email: 'first01@example.com', name: '김민지' })).status).toBe(200);
    expect((await signUpVerified(api, { userId: 'second02', email: 'second02@example.com', name: '김민지' })).status).toBe(200);
    expect(await nicknameOf('first01')).toBe('김민지');
    expect(await nicknameOf('second02')).toBe('김민지2');
  });

  it('a chosen nickname is stored NFKC-normalised; the same one in another case or width is refused with 409', async () => {
    expect((await signUpVerified(api, { userId: 'wide01', email: 'wide01@example.com', nickname: 'ＭｉｎｉＤｏｇ' })).status).toBe(200);
    expect(await nicknameOf('wide01')).toBe('MiniDog');
    const res = await signUpVerified(api, { userId: 'wide02', email: 'wide02@example.com', nickname: 'minidog' });
    expect(res).toMatchObject({ status: 409, text: '이미 다른 회원이 쓰고 있는 닉네임입니다. 다른 닉네임을 골라 주세요.' });
    expect(await api.ctx.db.selectFrom('users').select('id').where('userId', '=', 'wide02').executeTakeFirst()).toBeUndefined();
  });

  it('refuses nicknames outside the rules with field errors', async () => {
    for (const [nickname, sentence] of [
      ['가', '닉네임은 2자 이상이어야 합니다.'],
      ['열세글자가넘는아주긴닉네임이에요', '닉네임은 12자 이하여야 합니다.'],
      ['민지 짱', '닉네임은 한글, 영문, 숫자, 밑줄(_)만 쓸 수 있습니다.'],
      ['관리자', '쓸 수 없는 닉네임입니다. 다른 닉네임을 골라 주세요.'],
    ] as const) {
      const res = await call(api, 'PUT', '/api/users/me/nickname', {
        json: { nickname },
        cookie: (await createMember(api, `r${crypto.randomUUID().slice(0, 8)}`)).cookie,
      });
      expect(res.status, nickname).toBe(400);
      expect((JSON.parse(res.text) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({ nickname: sentence });
    }
  });

  it('PUT /api/users/me/nickname changes only the caller’s, answers the session, and refuses a taken one', async () => {
    await createMember(api, 'holder1', { nickname: '콩이아빠' });
    const me = await createMember(api, 'changer1', { name: '이수진' });
    expect(await nicknameOf('changer1')).toBe('이수진');
    const taken = await call(api, 'PUT', '/api/users/me/nickname', { json: { nickname: '콩이아빠' }, cookie: me.cookie });
    expect(taken.status).toBe(409);
    const ok = await call(api, 'PUT', '/api/users/me/nickname', { json: { nickname: '수진이네' }, cookie: me.cookie });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.text)).toMatchObject({ loggedIn: true, userId: 'changer1', nickname: '수진이네' });
    expect(await nicknameOf('changer1')).toBe('수진이네');
    // Keeping one's own nickname in another case is no conflict.
    expect((await call(api, 'PUT', '/api/users/me/nickname', { json: { nickname: '수진이네' }, cookie: me.cookie })).status).toBe(200);
    expect((await call(api, 'PUT', '/api/users/me/nickname', { json: { nickname: '수진이네' } })).status).toBe(401);
  });

  it('check-session carries the nickname', async () => {
    const m = await createMember(api, 'sess01', { nickname: '산책왕' });
    const res = await call(api, 'GET', '/api/users/check-session', { cookie: m.cookie });
    expect(JSON.parse(res.text)).toMatchObject({ userId: 'sess01', nickname: '산책왕' });
  });
});

describe('아이디·닉네임 중복 확인', () => {
  it('GET /api/users/check-user-id: taken (any case), reserved, free; malformed ids are 400', async () => {
    await createMember(api, 'TakenId');
    const check = async (q: string) => call(api, 'GET', `/api/users/check-user-id?userId=${encodeURIComponent(q)}`);
    expect(JSON.parse((await check('takenid')).text)).toEqual({ available: false });
    expect(JSON.parse((await check('ADMIN')).text)).toEqual({ available: false });
    expect(JSON.parse((await check('freshid')).text)).toEqual({ available: true });
    expect((await check('a!')).status).toBe(400);
  });

  it('GET /api/users/check-nickname compares NFKC and case; the caller’s own nickname is available to them', async () => {
    const owner = await createMember(api, 'nickowner', { nickname: 'Choco' });
    const check = async (q: string, cookie?: string) =>
      JSON.parse(
        (await call(api, 'GET', `/api/users/check-nickname?nickname=${encodeURIComponent(q)}`, cookie ? { cookie } : {})).text,
      ) as unknown;
    expect(await check('ＣＨＯＣＯ')).toEqual({ available: false });
    expect(await check('choco', owner.cookie)).toEqual({ available: true });
    expect(await check('초코')).toEqual({ available: true });
  });
});

describe('migration 0013 on existing members', () => {
  // Runs the migrations before 0013 on a fresh database, puts members in, then runs the rest.
  async function withOldMembers(insert: string, check: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>) {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const schema = api.config.databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
    const db = await openDatabase({ databaseUrl: api.config.databaseUrl, databaseSchema: schema, dataDir: 'memory' });
    try {
      await db.execScript('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());');
      for (const file of files.filter((f) => f < '0013')) {
        await db.execScript(`${fs.readFileSync(path.join(dir, file), 'utf8')}\nINSERT INTO schema_migrations (name) VALUES ('${file}');`);
      }
      await db.execScript(insert);
      await migrate(db);
      await check(db);
    } finally {
      if (schema) await dropSchema(db, schema);
      await db.close();
    }
  }

  it('stores every phone in the one format; what is no Korean number stays as it was', async () => {
    await withOldMembers(
      `INSERT INTO users (user_id, name, role, phone_nm) VALUES
        ('p1', 'a', 'USER', '01012345678'), ('p2', 'b', 'USER', '010 1234 5678'), ('p3', 'c', 'USER', '+82 10-1234-5678'),
        ('p4', 'd', 'USER', '02-123-4567'), ('p5', 'e', 'USER', '0311234567'), ('p6', 'f', 'USER', 'call me'), ('p7', 'g', 'USER', NULL);`,
      async (db) => {
        const rows = await sql<{ userId: string; phoneNm: string | null }>`SELECT user_id, phone_nm FROM users ORDER BY id`.execute(db.db);
        expect(Object.fromEntries(rows.rows.map((r) => [r.userId, r.phoneNm]))).toEqual({
          p1: '010-1234-5678',
          p2: '010-1234-5678',
          p3: '010-1234-5678',
          p4: '02-123-4567',
          p5: '031-123-4567',
          p6: 'call me',
          p7: null,
        });
      },
    );
  });

  it('gives every member a unique nickname from the name, numbered in order of joining; no name gives 회원N', async () => {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../db/migrations');
    const files = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort();
    const schema = api.config.databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
    const db = await openDatabase({ databaseUrl: api.config.databaseUrl, databaseSchema: schema, dataDir: 'memory' });
    try {
      await db.execScript('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());');
      for (const file of files.filter((f) => f < '0013')) {
        await db.execScript(`${fs.readFileSync(path.join(dir, file), 'utf8')}\nINSERT INTO schema_migrations (name) VALUES ('${file}');`);
      }
      await db.execScript(`INSERT INTO users (user_id, name, role) VALUES
        ('a1', '김민지', 'USER'), ('a2', '김민지', 'USER'), ('a3', ' 김 민지 ', 'USER'), ('a4', NULL, 'USER'),
        ('a5', 'ＪＯＨＮ Smith', 'USER'), ('a6', 'john smith', 'USER'), ('a7', '관리자', 'USER'), ('boss', '관리자', 'ADMIN');`);
      await migrate(db);
      const rows = await sql<{ userId: string; nickname: string }>`SELECT user_id, nickname FROM users ORDER BY id`.execute(db.db);
      expect(Object.fromEntries(rows.rows.map((r) => [r.userId, r.nickname]))).toEqual({
        a1: '김민지',
        a2: '김민지2',
        a3: '김민지3',
        a4: '회원2',
        a5: 'JOHNSmith',
        a6: 'johnsmith2',
        a7: '회원3',
        boss: '관리자',
      });
    } finally {
      if (schema) await dropSchema(db, schema);
      await db.close();
    }
  });
});
