import { sql } from 'kysely';
import { openEmptyScene } from './matching.test-helpers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/index';
import { postsPage, sheltersPage } from './matching.pages.repository';
import { checkpointStatement, MatchQueueRepository } from './matching.queue.repository';
import { MatchingRepository } from './matching.repository';
import type { Window } from './matching.repository';

// A page is one text value split here (decision 0049): members' and the portal's words may hold
// anything, and an empty word is not a missing one.
let d: Database;
beforeAll(async () => {
  d = await openEmptyScene();
});
afterAll(() => d.close());

const w: Window = {
  from: '2026-10-01',
  to: '2026-10-31',
  box: { minLat: 37, maxLat: 38, minLng: 126.5, maxLng: 127.5 },
  sido: '서울특별시',
};

describe('matching pages', () => {
  it('carry every field as the table holds it: separators in words become spaces, empty words stay empty, NULL stays null', async () => {
    const id = (
      await sql<{ id: number }>`
        INSERT INTO lost_posts (kind, author_pk, contact, latitude, longitude, public_lat, public_lng, grid_seed_lat, grid_seed_lng,
          address, sido, sigungu, happened_date, happened_time, breed, gender, colour, size, weight, registration_no)
        VALUES ('FOUND', (SELECT id FROM users), 'RELAY', 37.512345678901234, 127.01, 37.5, 127, 0.5, 0.5, '주소', '서울특별시',
          ${'중구\x1e'}, '2026-10-02', '10:00', ${'진도\x1f믹스\x1d'}, 'MALE', '', 'SMALL', NULL, NULL)
        RETURNING id`.execute(d.db)
    ).rows[0]!.id;
    await sql`INSERT INTO lost_photos (post_id, url, phash) VALUES (${id}, '/a', '0123456789abcdef'), (${id}, '/b', 'fedcba9876543210')`.execute(
      d.db,
    );
    const page = await postsPage(d.db, 'sightings', w, 0, 100, 0);
    expect(page.rows).toEqual([
      {
        id,
        kind: 'FOUND',
        breed: '진도 믹스 ',
        gender: 'MALE',
        size: 'SMALL',
        weight: null,
        colour: '',
        registrationNo: null,
        latitude: 37.512345678901234,
        longitude: 127.01,
        sigungu: '중구 ',
        happenedDate: '2026-10-02',
        happenedTime: '10:00',
        phashes: ['0123456789abcdef', 'fedcba9876543210'],
      },
    ]);
    expect((await postsPage(d.db, 'sightings', w, id, 100, 0)).rows).toEqual([]);
  });

  it('carry a shelter notice with its numbers and without pictures', async () => {
    await sql`
      INSERT INTO shelter_animals (desertion_no, kind, color, sex, neutered, age_text, birth_year, weight_kg, happen_date, happen_place,
        process_state, status, shelter_name, sido, sigungu)
      VALUES ('448', '[개] 믹스견', NULL, 'Q', 'U', '2022(년생)', 2022, 4.5, '2026-10-03', '어딘가', '보호중', 'OPEN', '보호소', '서울특별시', NULL)`.execute(
      d.db,
    );
    const page = await sheltersPage(d.db, w, '', 100, 0);
    expect(page.rows).toEqual([
      {
        desertionNo: '448',
        kind: '[개] 믹스견',
        color: null,
        sex: 'Q',
        neutered: 'U',
        birthYear: 2022,
        weightKg: 4.5,
        happenDate: '2026-10-03',
        sigungu: null,
        phashes: [],
      },
    ]);
  });
});

describe('a page committed in one statement', () => {
  it('writes its pairs and moves the cursor only while the worker holds the job; otherwise nothing', async () => {
    const queue = new MatchQueueRepository(d.db);
    const job = (await queue.claim('w1', 60_000))!;
    expect(job).toBeDefined();
    const lostPostId = Number((await sql<{ id: number }>`SELECT id FROM lost_posts ORDER BY id LIMIT 1`.execute(d.db)).rows[0]!.id);
    const pair = { lostPostId, candidateKind: 'SHELTER' as const, candidateId: '448', score: 50, reasons: '[]', km: null };
    const repo = new MatchingRepository(d.db);
    const stranger = await repo.commitPage(checkpointStatement(job.id, 'w2', { source: 1, after: null }, 60_000), [pair], [], false);
    expect(stranger).toBeNull();
    expect((await repo.candidatesOf(lostPostId)).length).toBe(0);
    const ids = await repo.commitPage(checkpointStatement(job.id, 'w1', { source: 1, after: null }, 60_000), [pair], [], false);
    expect(ids).toHaveLength(1);
    expect((await repo.candidatesOf(lostPostId)).map((c) => c.id)).toEqual(ids);
    const cursor = (await sql<{ cursor: unknown }>`SELECT cursor FROM match_jobs WHERE id = ${job.id}`.execute(d.db)).rows[0]!.cursor;
    expect(cursor).toEqual({ source: 1, after: null });
    // The same pair again: kept once (no id), then removed as fallen in a re-score.
    expect(await repo.commitPage(checkpointStatement(job.id, 'w1', { source: 2, after: null }, 60_000), [pair], [], false)).toEqual([]);
    expect(await repo.commitPage(checkpointStatement(job.id, 'w1', { source: 3, after: null }, 60_000), [], [pair], true)).toEqual([]);
    expect((await repo.candidatesOf(lostPostId)).length).toBe(0);
  });
});
