import fs from 'node:fs';
import path from 'node:path';
import { CamelCasePlugin, Kysely, PostgresDialect, sql } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { ApiConfig } from '../config/env';
import type { DB } from './schema';

export type Db = Kysely<DB>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Run a multi-statement SQL script (migrations); a failed script is rolled back. */
  execScript(script: string): Promise<void>;
  /** Run fn while holding the cross-instance migration lock (Postgres advisory lock). */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  /** PGlite only: the whole data dir as a tarball (to seed other in-memory instances). */
  snapshot?: () => Promise<Blob>;
  close(): Promise<void>;
}

// DATE stays 'yyyy-MM-dd' text (no time-zone shifts); int8 counts become numbers.
const DATE_OID = 1082;
const INT8_OID = 20;

export interface OpenOptions {
  /** In-memory PGlite only: start from this data-dir snapshot (tests use a migrated template). */
  pgliteSnapshot?: Blob;
}

export async function openDatabase(
  config: Pick<ApiConfig, 'databaseUrl' | 'databaseSchema' | 'dataDir'>,
  opts: OpenOptions = {},
): Promise<Database> {
  const plugins = [new CamelCasePlugin()];
  if (config.databaseUrl) {
    const schema = config.databaseSchema;
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
      types: {
        getTypeParser: (oid: number, format?: 'text' | 'binary') => {
          if (oid === DATE_OID) return (v: string) => v;
          if (oid === INT8_OID) return (v: string) => Number(v);
          return pg.types.getTypeParser(oid, format);
        },
      },
    });
    if (schema) await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), plugins });
    return {
      db,
      kind: 'postgres',
      execScript: async (script) => {
        const client = await pool.connect();
        try {
          await client.query(script);
        } catch (err) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          client.release();
        }
      },
      withLock: async (fn) => {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock(424242)');
          return await fn();
        } finally {
          await client.query('SELECT pg_advisory_unlock(424242)').catch(() => undefined);
          client.release();
        }
      },
      close: () => db.destroy(),
    };
  }
  let dir: string | undefined;
  if (config.dataDir !== 'memory') {
    dir = path.join(config.dataDir, 'pglite');
    fs.mkdirSync(dir, { recursive: true });
  }
  // Options go in the single-argument form: `new PGlite(undefined, opts)` ignores opts.
  const pglite = new PGlite({
    ...(dir ? { dataDir: dir } : {}),
    ...(!dir && opts.pgliteSnapshot ? { loadDataDir: opts.pgliteSnapshot } : {}),
    parsers: { [DATE_OID]: (v: string) => v, [INT8_OID]: (v: string) => Number(v) },
  });
  await pglite.waitReady;
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), plugins });
  return {
    db,
    kind: 'pglite',
    execScript: async (script) => {
      try {
        await pglite.exec(script);
      } catch (err) {
        await pglite.exec('ROLLBACK').catch(() => undefined);
        throw err;
      }
    },
    // PGlite is one process, one connection: nothing to lock against.
    withLock: (fn) => fn(),
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
    snapshot: async () => pglite.dumpDataDir('none'),
  };
}

export async function dropSchema(database: Database, schema: string): Promise<void> {
  if (database.kind === 'postgres') await sql.raw(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).execute(database.db);
}
