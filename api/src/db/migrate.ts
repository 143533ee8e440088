import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './index';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Plain SQL migrations that run unchanged on PGlite and Postgres, applied in
 * file-name order, each once, each in its own transaction. On Postgres an
 * advisory lock keeps several api instances from migrating at the same time.
 */
export async function migrate(database: Database): Promise<string[]> {
  const { db } = database;
  await database.execScript(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now());',
  );
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  await database.withLock(async () => {
    const done = new Set((await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(db)).rows.map((r) => r.name));
    for (const file of files) {
      if (done.has(file)) continue;
      const script = fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
      await database.execScript(`BEGIN;\n${script}\nINSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`);
      applied.push(file);
    }
  });
  return applied;
}
