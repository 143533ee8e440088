import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { Database, Db } from '../../db/index';
import { BREED_WORDS, type BreedWordRow } from './scorer/breeds';

/**
 * The database's copy of the scorer's breed words (migration 0029, decision 0049 amended): the rows the
 * SQL function match_breed_reading reads to store each record's breed reading (breed_key, breed_group)
 * for the pre-filter's breed bound. scorer/breeds.ts stays the one source: the api writes its words here
 * at start and recomputes the stored readings when they changed.
 */

/** Identifies a word list: the pre-filter trusts the stored readings only when the table holds this code's words. */
export const breedWordsDigest = (words: readonly BreedWordRow[]) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify(words.map((w) => [w.ord, w.word, w.key, w.group, w.mix])))
    .digest('hex')
    .slice(0, 32);

/** The digest of the words this code reads breeds with. */
export const BREED_WORDS_DIGEST = breedWordsDigest(BREED_WORDS);

/** How many stored readings a refresh rewrote, per table; null: the table already held these words. */
export type BreedRefresh = { lostPosts: number; strayReports: number; shelterAnimals: number } | null;

/**
 * Makes match_breed_words hold `words` (the scorer's by default). Unchanged (the same rows and digest):
 * nothing is written. Changed: the table is rewritten and every stored reading that differs now is
 * recomputed, in one transaction that first locks the three record tables against writes — so no row is
 * inserted with the old words after the recompute has read its table — and under the migrator's lock, so
 * instances starting together do it once. Readings are computed once per distinct text.
 */
export async function refreshBreedWords(database: Database, words: readonly BreedWordRow[] = BREED_WORDS): Promise<BreedRefresh> {
  const digest = breedWordsDigest(words);
  const json = JSON.stringify(words.map((w) => ({ ord: w.ord, word: w.word, breed_key: w.key, breed_group: w.group, is_mix: w.mix })));
  return database.withLock(() =>
    database.db.transaction().execute(async (trx) => {
      if (await holds(trx, words, digest)) return null;
      await sql`LOCK TABLE lost_posts, stray_reports, shelter_animals IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
      await sql`DELETE FROM match_breed_words`.execute(trx);
      await sql`INSERT INTO match_breed_words (ord, word, breed_key, breed_group, is_mix)
        SELECT ord, word, breed_key, breed_group, is_mix
        FROM json_to_recordset(${json}::json) AS w(ord integer, word text, breed_key text, breed_group text, is_mix boolean)`.execute(trx);
      await sql`DELETE FROM match_breed_words_version`.execute(trx);
      await sql`INSERT INTO match_breed_words_version (digest) VALUES (${digest})`.execute(trx);
      return {
        lostPosts: await recompute(trx, 'lost_posts', 'breed'),
        strayReports: await recompute(trx, 'stray_reports', 'type'),
        shelterAnimals: await recompute(trx, 'shelter_animals', 'kind'),
      };
    }),
  );
}

/** Whether the table holds exactly `words` under `digest`. */
async function holds(db: Db, words: readonly BreedWordRow[], digest: string): Promise<boolean> {
  const version = await sql<{ digest: string }>`SELECT digest FROM match_breed_words_version`.execute(db);
  if (version.rows[0]?.digest !== digest) return false;
  const rows = await sql<{ ord: number; word: string; breedKey: string | null; breedGroup: string | null; isMix: boolean }>`
    SELECT ord, word, breed_key, breed_group, is_mix FROM match_breed_words ORDER BY ord`.execute(db);
  return (
    rows.rows.length === words.length &&
    rows.rows.every((r, i) => {
      const w = words[i]!;
      return r.ord === w.ord && r.word === w.word && r.breedKey === w.key && r.breedGroup === w.group && r.isMix === w.mix;
    })
  );
}

/** The rows of `table` whose stored reading differs from their words' reading now, rewritten; how many. */
async function recompute(db: Db, table: 'lost_posts' | 'stray_reports' | 'shelter_animals', column: string): Promise<number> {
  const [t, c] = [sql.raw(table), sql.raw(column)];
  const r = await sql`
    UPDATE ${t} AS x SET breed_key = r.reading[1], breed_group = r.reading[2]
    FROM (SELECT words, match_breed_reading(words) AS reading FROM (SELECT DISTINCT ${c} AS words FROM ${t} WHERE ${c} IS NOT NULL) d) r
    WHERE x.${c} = r.words AND (x.breed_key, x.breed_group) IS DISTINCT FROM (r.reading[1], r.reading[2])`.execute(db);
  return Number(r.numAffectedRows ?? 0);
}
