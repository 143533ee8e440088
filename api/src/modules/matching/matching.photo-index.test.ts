import crypto from 'node:crypto';
import { CompiledQuery, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { dropSchema, openDatabase, type Database } from '../../db/index';
import { migrate } from '../../db/migrate';
import { testServices } from '../../testing/services';
import { postsPage, sheltersPage } from './matching.pages.repository';
import { HashTable, PhotoIndex } from './matching.photo-index';
import { pruneFor } from './matching.prefilter';
import type { Window } from './matching.repository';
import { openEmptyScene } from './matching.test-helpers';
import { hammingBits } from './scorer/photo-distance';
import type { MatchRecord } from './scorer/match-record';

// Decision 0051: the instance's copy of the photo hashes finds the near ones; a page still decides, and
// reads the rows the copy may not know yet.
const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.splice(0)) await c().catch(() => undefined);
});

/** `bits` low bits of `hash` flipped. */
const flip = (hash: string, bits: number) => (BigInt(`0x${hash}`) ^ ((1n << BigInt(bits)) - 1n)).toString(16).padStart(16, '0');
const H = '0123456789abcdef';

describe('the copy of the photo hashes', () => {
  it('finds the keys with a hash at most 12 bits away, as the scorer counts them, and forgets what a row no longer holds', () => {
    const t = new HashTable<number>();
    t.put(1, [flip(H, 12)]);
    t.put(2, [flip(H, 13)]);
    t.put(3, ['ffffffffffffffff', H.toUpperCase()]);
    t.put(4, ['not a hash']);
    expect(hammingBits(H, flip(H, 12))).toBe(12);
    expect(t.near([H]).sort()).toEqual([1, 3]);
    expect(t.near([flip(H, 13)]).sort()).toEqual([1, 2]); // 13 bits from H: not key 3's
    t.put(3, ['ffffffffffffffff']);
    t.put(1, []);
    expect(t.near([H])).toEqual([]);
    expect(t.count).toBe(2);
  });

  it('stays right through many rewrites (the dead hashes are dropped now and then)', () => {
    const t = new HashTable<string>();
    t.put('m', ['f0f0f0f0f0f0f0f0', H]); // a row of two photos, moved by every compaction
    for (let round = 0; round < 5; round++)
      for (let k = 0; k < 2000; k++) t.put(`k${k}`, [flip(round === 4 && k === 7 ? H : 'f0f0f0f0f0f0f0f0', k % 3)]);
    expect(t.count).toBe(2002);
    expect(t.near([H]).sort()).toEqual(['k7', 'm']);
    t.put('m', []); // both of its hashes go
    expect(t.near([H])).toEqual(['k7']);
    expect(t.near(['f0f0f0f0f0f0f0f0'])).not.toContain('m');
    expect(t.count).toBe(2000);
  });
});

const w: Window = {
  from: '2026-10-01',
  to: '2026-10-31',
  box: { minLat: 37, maxLat: 38, minLng: 126.5, maxLng: 127.5 },
  sido: '서울특별시',
};
/** A missing female 진돗개 at (37.5, 127) with one photo: a male sighting 20 km away is kept only for a near photo. */
const report: MatchRecord = {
  kind: 'MISSING',
  id: '0',
  species: null,
  breed: '진돗개',
  sex: 'FEMALE',
  neutered: null,
  size: 'MEDIUM',
  weightKg: 15,
  colour: '흰색',
  ageBand: null,
  registrationNo: null,
  position: { lat: 37.5, lng: 127 },
  sigungu: '중구',
  at: new Date('2026-10-01T10:00:00+09:00'),
  photoHashes: [H],
};

/** Runs one statement: through the api's pool, or on a connection of the test's own (an open transaction). */
type Exec = (text: string, params: unknown[]) => Promise<Record<string, unknown>[]>;
const through =
  (db: Database['db']): Exec =>
  async (text, params) =>
    (await db.executeQuery(CompiledQuery.raw(text, params))).rows as Record<string, unknown>[];

async function farMale(exec: Exec, hash: string): Promise<number> {
  const [row] = await exec(
    `INSERT INTO lost_posts (kind, author_pk, contact, latitude, longitude, public_lat, public_lng, grid_seed_lat, grid_seed_lng,
      address, sido, sigungu, happened_date, happened_time, breed, gender)
    VALUES ('FOUND', (SELECT id FROM users), 'RELAY', 37.68, 127, 37.68, 127, 0.5, 0.5, '주소', '서울특별시', '중구', '2026-10-02', '10:00',
      '말티즈', 'MALE') RETURNING id`,
    [],
  );
  const id = Number(row!.id);
  await exec(`INSERT INTO lost_photos (post_id, url, phash) VALUES ($1, '/p.webp', $2)`, [id, hash]);
  return id;
}

async function maleNotice(db: Database['db'], no: string, hash: string): Promise<void> {
  await sql`INSERT INTO shelter_animals (desertion_no, kind, color, sex, neutered, age_text, birth_year, happen_date, happen_place,
      process_state, status, shelter_name, sido, sigungu)
    VALUES (${no}, '[개] 말티즈', '흰색', 'M', 'U', '2022(년생)', 2022, '2026-10-02', '어딘가', '보호중', 'OPEN', '보호소', '서울특별시', '중구')`.execute(
    db,
  );
  await sql`INSERT INTO shelter_images (desertion_no, n, source_url, storage_key, mime, phash)
    VALUES (${no}, 1, 'http://portal.test/x', 'shelter/x', 'image/webp', ${hash})`.execute(db);
}

/** Postgres (own schema) when DATABASE_URL is set, where a writer can hold its transaction open; else PGlite. */
async function scene(): Promise<{ d: Database; url?: string; schema?: string }> {
  const { databaseUrl } = testServices();
  if (!databaseUrl) {
    const d = await openEmptyScene();
    cleanup.push(() => d.close());
    return { d };
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const d = await openDatabase({ databaseUrl, databaseSchema: schema, dataDir: 'memory' });
  await migrate(d);
  await sql`INSERT INTO users (user_id) VALUES ('owner')`.execute(d.db);
  cleanup.push(async () => {
    await dropSchema(d, schema);
    await d.close();
  });
  return { d, url: databaseUrl, schema };
}

describe('a missing report with a photo, its pages asked by the copy', () => {
  it('keep the far rows with a near photo (known to the copy or set after it read) and leave the others out', async () => {
    const { d, url, schema } = await scene();
    const nearKnown = await farMale(through(d.db), flip(H, 3));
    const farPhoto = await farMale(through(d.db), flip(H, 40));
    await maleNotice(d.db, 'N1', flip(H, 5));
    await maleNotice(d.db, 'N2', flip(H, 40));
    const index = new PhotoIndex(d.db);
    let nearLater: number;
    if (url) {
      // On Postgres: the photo's transaction is open while the copy reads, and commits after.
      const writer = new pg.Client(url);
      await writer.connect();
      cleanup.push(() => writer.end());
      await writer.query(`SET search_path = ${schema}`);
      await writer.query('BEGIN');
      nearLater = await farMale(async (text, params) => (await writer.query(text, params)).rows as Record<string, unknown>[], flip(H, 2));
      await index.catchUp();
      await writer.query('COMMIT');
    } else {
      // PGlite has one connection: the photo comes after the copy read.
      await index.catchUp();
      nearLater = await farMale(through(d.db), flip(H, 2));
    }
    const prune = pruneFor('MISSING', report, false)!;
    prune.near = index.near(prune.hashes);
    expect(prune.near!.posts).toEqual([nearKnown]); // the copy does not know the later photo
    expect(prune.near!.shelters).toEqual(['N1']);
    const ids = (await postsPage(d.db, 'sightings', w, 0, 100, 0, prune)).rows.map((r) => r.id);
    expect(ids.sort()).toEqual([nearKnown, nearLater].sort());
    expect(ids).not.toContain(farPhoto);
    const notices = (await sheltersPage(d.db, w, '', 100, 0, prune)).rows.map((r) => r.desertionNo);
    expect(notices).toEqual(['N1']);
    // Caught up, the copy knows it; and without a copy the pages read their whole window to the same rows.
    await index.catchUp();
    expect(index.near(prune.hashes)!.posts.sort()).toEqual([nearKnown, nearLater].sort());
    const plain = { ...prune, near: null };
    expect((await postsPage(d.db, 'sightings', w, 0, 100, 0, plain)).rows.map((r) => r.id).sort()).toEqual(ids.sort());
    expect((await sheltersPage(d.db, w, '', 100, 0, plain)).rows.map((r) => r.desertionNo)).toEqual(['N1']);
  });

  it('a photo taken down is forgotten by the copy, and a new notice with a near photo is read', async () => {
    const { d } = await scene();
    const id = await farMale(through(d.db), flip(H, 1));
    const index = new PhotoIndex(d.db);
    await index.catchUp();
    expect(index.near([H])!.posts).toEqual([id]);
    await sql`DELETE FROM lost_photos WHERE post_id = ${id}`.execute(d.db);
    await maleNotice(d.db, 'N9', flip(H, 4));
    await index.catchUp();
    expect(index.near([H])).toMatchObject({ posts: [], shelters: ['N9'] });
  });
});
