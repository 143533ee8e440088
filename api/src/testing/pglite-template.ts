import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/index';
import { migrate } from '../db/migrate';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'db', 'migrations');

/**
 * A fresh PGlite costs ~3 s (initdb in wasm) plus migrations; loading a
 * migrated snapshot costs well under 1 s. The snapshot is cached on disk per
 * content of the migrations, so every test file (each in its own module
 * registry) reuses it, and a changed migration builds a new one.
 */
export async function migratedPgliteSnapshot(): Promise<Blob> {
  const hash = crypto.createHash('sha256');
  for (const f of fs.readdirSync(MIGRATIONS).sort()) hash.update(f).update(fs.readFileSync(path.join(MIGRATIONS, f)));
  const file = path.join(os.tmpdir(), `pawbridge-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!fs.existsSync(file)) {
    const database = await openDatabase({ databaseUrl: undefined, databaseSchema: undefined, dataDir: 'memory' });
    await migrate(database);
    const blob = await database.snapshot!();
    await database.close();
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(tmp, file);
  }
  return new Blob([fs.readFileSync(file)]);
}
