import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/test-api';
import { dropSchema, openDatabase, type Database } from './index';
import { migrate } from './migrate';

const files = fs
  .readdirSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations'))
  .filter((f) => f.endsWith('.sql'))
  .sort();

// A database of the same kind the suite runs on (PGlite in memory, or a fresh Postgres schema).
let api: TestApi;
let fresh: Database;
let freshSchema: string | undefined;
beforeAll(async () => {
  api = await startTestApi();
  freshSchema = api.config.databaseUrl ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
  fresh = await openDatabase({ databaseUrl: api.config.databaseUrl, databaseSchema: freshSchema, dataDir: 'memory' });
});
afterAll(async () => {
  if (freshSchema) await dropSchema(fresh, freshSchema);
  await fresh.close();
  await api.close();
});

describe('migrate', () => {
  it('applies every .sql file once, in name order, on an empty database', async () => {
    expect(await migrate(fresh)).toEqual(files);
    const rows = await sql<{ name: string }>`SELECT name FROM schema_migrations ORDER BY name`.execute(fresh.db);
    expect(rows.rows.map((r) => r.name)).toEqual(files);
  });

  it('is idempotent: a second and third run apply nothing and keep the data', async () => {
    await api.ctx.db
      .insertInto('users')
      .values({
        userId: 'keeper',
        name: null,
        email: null,
        passwordHash: null,
        birth: null,
        phoneNm: null,
        role: 'USER',
        provider: null,
        socialId: null,
      })
      .execute();
    expect(await migrate(api.ctx.database)).toEqual([]);
    expect(await migrate(api.ctx.database)).toEqual([]);
    const rows = await sql<{ n: number }>`SELECT count(*)::int AS n FROM schema_migrations`.execute(api.ctx.db);
    expect(rows.rows[0]?.n).toBe(files.length);
    expect(await api.ctx.db.selectFrom('users').select('userId').where('userId', '=', 'keeper').executeTakeFirst()).toEqual({
      userId: 'keeper',
    });
  });

  it('enforces case-insensitive unique login ids and e-mails at the database level', async () => {
    const base = { name: null, passwordHash: null, birth: null, phoneNm: null, role: 'USER' as const, provider: null, socialId: null };
    await fresh.db
      .insertInto('users')
      .values({ ...base, userId: 'Unique', email: 'U@example.com' })
      .execute();
    await expect(
      fresh.db
        .insertInto('users')
        .values({ ...base, userId: 'unique', email: 'other@example.com' })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      fresh.db
        .insertInto('users')
        .values({ ...base, userId: 'another', email: 'u@EXAMPLE.com' })
        .execute(),
    ).rejects.toMatchObject({ code: '23505' });
  });
});
