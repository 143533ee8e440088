import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { openDatabase, type Database } from '../../db/index';
import { DiskStorage } from '../../integrations/storage';
import { migratedPgliteSnapshot } from '../../testing/pglite-template';
import { MatchingRepository } from './matching.repository';

const P = { lat: 37.5665, lng: 126.978 };

/** A member, one missing 진돗개 and, a day later, found posts around it (matching and not), a stray and a shelter notice. */
export async function seedMatchingScene(db: Database['db']): Promise<number> {
  const { id: authorPk } = await db
    .insertInto('users')
    .values({ userId: 'owner1' } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const post = (kind: 'MISSING' | 'FOUND' | 'SEEN', i: number, over: Record<string, unknown>) =>
    db
      .insertInto('lostPosts')
      .values({
        kind,
        authorPk,
        contact: 'RELAY',
        latitude: P.lat + i * 0.004,
        longitude: P.lng,
        publicLat: P.lat,
        publicLng: P.lng,
        gridSeedLat: 0.5,
        gridSeedLng: 0.5,
        address: '서울 중구',
        sido: '서울특별시',
        sigungu: '중구',
        happenedDate: '2026-11-02',
        happenedTime: '10:00',
        ...over,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
  const { id: lostId } = await post('MISSING', 0, {
    name: '백구',
    breed: '진돗개',
    gender: 'FEMALE',
    colour: '흰색',
    happenedDate: '2026-11-01',
  });
  for (let i = 1; i <= 7; i++)
    await post(i % 2 ? 'FOUND' : 'SEEN', i, {
      breed: i <= 5 ? '진도' : '말티즈',
      gender: i === 3 ? 'MALE' : 'FEMALE',
      colour: '백색',
      description: '발견',
    });
  await db
    .insertInto('strayReports')
    .values({
      latitude: P.lat + 0.01,
      longitude: P.lng,
      imageUrl: '/x.webp',
      gender: 'FEMALE',
      description: '흰 개',
      location: '서울',
      type: '진도 믹스',
      foundDate: '2026-11-03',
      foundTime: '09:00',
    } as never)
    .execute();
  await db
    .insertInto('shelterAnimals')
    .values({
      desertionNo: '448567202600101',
      kind: '[개] 진도견',
      color: '백색',
      sex: 'F',
      neutered: 'U',
      ageText: '2023(년생)',
      birthYear: 2023,
      happenDate: '2026-11-03',
      happenPlace: '중구 을지로',
      processState: '보호중',
      status: 'OPEN',
      shelterName: '서울 중구 보호소',
      sido: '서울특별시',
      sigungu: '중구',
    } as never)
    .execute();
  return lostId;
}

export const candidateRows = async (db: Database['db']) =>
  (
    await new MatchingRepository(db).candidatesOf(
      (await db.selectFrom('lostPosts').select('id').where('kind', '=', 'MISSING').executeTakeFirstOrThrow()).id,
    )
  ).map((c) => `${c.candidateKind}:${c.candidateId}:${c.score}`);

/** A WebP photo of one colour: the generated colour model puts two reds close and a red and a blue apart. */
export const solid = (r: number, g: number, b: number): Promise<Buffer> =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } })
    .webp()
    .toBuffer();

/** A migrated in-memory database with the matching scene seeded, and a photo store in a folder under `dir`. */
export async function openSeededScene(dir: string): Promise<{ d: Database; storage: DiskStorage; lostId: number }> {
  const d = await openDatabase(
    { databaseUrl: undefined, databaseSchema: undefined, dataDir: 'memory' },
    { pgliteSnapshot: await migratedPgliteSnapshot() },
  );
  const storage = new DiskStorage(fs.mkdtempSync(path.join(dir, 'uploads-')));
  return { d, storage, lostId: await seedMatchingScene(d.db) };
}

/** A migrated in-memory database with one member ('owner') and nothing else. */
export async function openEmptyScene(): Promise<Database> {
  const d = await openDatabase(
    { databaseUrl: undefined, databaseSchema: undefined, dataDir: 'memory' },
    { pgliteSnapshot: await migratedPgliteSnapshot() },
  );
  await sql`INSERT INTO users (user_id) VALUES ('owner')`.execute(d.db);
  return d;
}
