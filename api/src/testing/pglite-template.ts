import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/index';
import { migrate } from '../db/migrate';
import { BREED_WORDS_DIGEST, refreshBreedWords } from '../modules/matching/matching.breed-words.repository';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'db', 'migrations');

/**
 * A fresh PGlite costs ~3 s (initdb in wasm) plus migrations; loading a
 * migrated snapshot costs well under 1 s. The snapshot is cached on disk per
 * content of the migrations (and of the scorer's breed words the api writes
 * at start, migration 0029), so every test file (each in its own module
 * registry) reuses it, and a changed migration builds a new one.
 */
function migrationsHash(): string {
  const hash = crypto.createHash('sha256').update(BREED_WORDS_DIGEST);
  for (const f of fs.readdirSync(MIGRATIONS).sort()) hash.update(f).update(fs.readFileSync(path.join(MIGRATIONS, f)));
  return hash.digest('hex').slice(0, 16);
}

export async function migratedPgliteSnapshot(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `pawbridge-pglite-${migrationsHash()}.tar`);
  if (!fs.existsSync(file)) {
    const database = await openDatabase({ databaseUrl: undefined, databaseSchema: undefined, dataDir: 'memory' });
    await migrate(database);
    await refreshBreedWords(database);
    const blob = await database.snapshot!();
    await database.close();
    const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(tmp, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/**
 * Gives `dataDir` an embedded database that is already created and migrated, as a running api leaves
 * it (`<dataDir>/pglite`), for the browser journeys' stacks of their own: each would otherwise pay the
 * wasm initdb and every migration at boot, several seconds of CPU on CI's two cores. The api then
 * opens it as on any later start (it still runs its migrations, which find nothing to do, and seeds).
 * Made once per machine and content of the migrations, like the snapshot above.
 */
export async function copyMigratedPgliteDir(dataDir: string): Promise<void> {
  const template = path.join(os.tmpdir(), `pawbridge-pglite-dir-${migrationsHash()}`);
  if (!fs.existsSync(template)) {
    const tmp = `${template}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    const database = await openDatabase({ databaseUrl: undefined, databaseSchema: undefined, dataDir: tmp });
    await migrate(database);
    await refreshBreedWords(database);
    await database.close();
    try {
      fs.renameSync(tmp, template);
    } catch (err) {
      // Another process made it first: theirs serves.
      fs.rmSync(tmp, { recursive: true, force: true });
      if (!fs.existsSync(template)) throw err;
    }
  }
  fs.cpSync(path.join(template, 'pglite'), path.join(dataDir, 'pglite'), { recursive: true });
}
