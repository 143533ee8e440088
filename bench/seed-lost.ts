/**
 * Lost-and-found seed (issue 27): 100,000 lost_posts — missing reports and sightings over the last
 * year, a third of them around Seoul and the rest over the whole country, 1 % hidden, most open —
 * inserted with INSERT … SELECT over generate_series (seconds), then VACUUM ANALYZE.
 *
 * As a script: `npx tsx bench/seed-lost.ts` starts our api on the configured database (DATABASE_URL →
 * Postgres, schema LOST_SCHEMA, default `bench_lost`; otherwise PGlite in a temporary directory),
 * migrates it, seeds it and prints one JSON line. Run by `bench/lost.ts` as a child (IPC), it keeps the
 * api running and announces its URL. Env: LOST_POSTS (100000), LOST_KEEP=1 keeps the Postgres schema.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { startTestApi } from '@pawbridge/api/testing';

const REGIONS = ['서울특별시', '경기도', '부산광역시', '인천광역시', '대구광역시', '대전광역시', '광주광역시', '강원도'];
const BREEDS = ['진돗개', '믹스견', '푸들', '말티즈', '시바견', '리트리버', '포메라니안', '비글'];
const COLOURS = ['갈색', '흰색', '검은색', '누런색', '회색 얼룩', '크림색'];
const list = (xs: string[]) => sql.raw(`ARRAY[${xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(', ')}]::text[]`);

export interface LostSeed {
  posts: number;
  seconds: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL only: any database of the api's schema
export async function seedLost(db: Kysely<any>, opts: { posts?: number; tag?: string } = {}): Promise<LostSeed> {
  const posts = opts.posts ?? 100_000;
  const tag = opts.tag ?? `l${Date.now().toString(36)}`;
  const t0 = performance.now();
  await sql`
    INSERT INTO users (user_id, name, email, password_hash, birth, phone_nm, role, provider, social_id)
    SELECT ${tag} || '_owner' || i, '보호자' || i, ${tag} || '_owner' || i || '@example.com', NULL, NULL, NULL, 'USER', NULL, NULL
    FROM generate_series(1, 200) AS g(i)`.execute(db);
  // Positions: every third post around Seoul (37.45–37.70 N, 126.80–127.18 E), the rest over the mainland.
  // The public point is the exact one moved to a ~300 m grid (the api snaps per post; the same density).
  await sql`
    INSERT INTO lost_posts (kind, author_pk, status, hidden, name, breed, size, gender, colour, features, contact,
      latitude, longitude, public_lat, public_lng, grid_seed_lat, grid_seed_lng, address, sido, sigungu,
      happened_date, happened_time, closed_at, created_at, updated_at)
    SELECT k.kind, u.id,
      CASE WHEN i % 10 = 0 THEN (CASE WHEN k.kind = 'MISSING' THEN 'REUNITED' ELSE 'CLOSED' END) ELSE 'OPEN' END,
      i % 100 = 0,
      CASE WHEN k.kind = 'MISSING' THEN '강아지' || i ELSE NULL END,
      (${list(BREEDS)})[1 + i % ${sql.lit(BREEDS.length)}],
      (ARRAY['SMALL', 'MEDIUM', 'LARGE'])[1 + i % 3],
      (ARRAY['FEMALE', 'MALE', 'NEUTER'])[1 + (i / 3) % 3],
      (${list(COLOURS)})[1 + (i / 7) % ${sql.lit(COLOURS.length)}],
      '목줄 ' || (i % 5) || '번, 꼬리가 말려 있음',
      'RELAY',
      p.lat, p.lng, round((p.lat / 0.0027)::numeric) * 0.0027, round((p.lng / 0.0034)::numeric) * 0.0034,
      0.5, 0.5,
      '어느 동네 ' || (i % 997) || '번지 근처',
      CASE WHEN i % 3 = 0 THEN '서울특별시' ELSE (${list(REGIONS)})[1 + (i / 3) % ${sql.lit(REGIONS.length)}] END,
      NULL,
      (date '2026-11-25' - (i % 365)),
      lpad(((i * 7) % 24)::text, 2, '0') || ':' || lpad(((i * 13) % 60)::text, 2, '0'),
      CASE WHEN i % 10 = 0 THEN now() - make_interval(mins => i) ELSE NULL END,
      now() - make_interval(mins => i * 5), now() - make_interval(mins => i * 5)
    FROM generate_series(1, ${sql.lit(posts)}) AS g(i)
    CROSS JOIN LATERAL (SELECT (ARRAY['MISSING', 'MISSING', 'FOUND', 'SEEN', 'SEEN'])[1 + i % 5] AS kind) k
    CROSS JOIN LATERAL (
      SELECT CASE WHEN i % 3 = 0 THEN 37.45 + ((i::bigint * 7919) % 10007) / 10007.0 * 0.25 ELSE 34.6 + ((i::bigint * 104729) % 10009) / 10009.0 * 3.3 END AS lat,
             CASE WHEN i % 3 = 0 THEN 126.80 + ((i::bigint * 6151) % 9973) / 9973.0 * 0.38 ELSE 126.5 + ((i::bigint * 15485863) % 9967) / 9967.0 * 2.8 END AS lng
    ) p
    JOIN users u ON u.user_id = ${tag} || '_owner' || (1 + i % 200)`.execute(db);
  // A board with 100,000 posts in steady state: the matcher scored them as they came (a year's posts
  // arrive over a year), so the seed leaves no 100,000-job backlog for the api's worker to chew through
  // while the board is measured; and the per-group counters, updated once per inserted row here, are
  // compacted as autovacuum would keep them (one statement left ~2,700 dead versions of 37 rows: a
  // 6.8 MB table that every board total scanned in 2–6 ms).
  await sql`UPDATE match_jobs SET state = 'DONE', finished_at = now() WHERE record_kind IN ('MISSING', 'FOUND', 'SEEN') AND state = 'QUEUED'`.execute(
    db,
  );
  await sql`VACUUM FULL lost_post_counts`.execute(db);
  await sql`VACUUM ANALYZE lost_post_counts`.execute(db);
  await sql`VACUUM ANALYZE match_jobs`.execute(db);
  await sql`VACUUM ANALYZE lost_posts`.execute(db);
  // The map's kept cells (migration 0026), written by the INSERT's statement trigger: vacuumed as
  // autovacuum would, so a viewport's cells are read from the index alone.
  await sql`VACUUM ANALYZE lost_map_cells`.execute(db);
  await sql`VACUUM ANALYZE lost_photos`.execute(db);
  return { posts, seconds: Number(((performance.now() - t0) / 1000).toFixed(2)) };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const postgres = Boolean(process.env.DATABASE_URL);
  const tmp = postgres ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'pawbridge-lost-'));
  const api = await startTestApi({
    LOG_LEVEL: 'silent',
    REDIS_URL: '',
    ...(postgres
      ? { DATABASE_URL: process.env.DATABASE_URL ?? '', DATABASE_SCHEMA: process.env.LOST_SCHEMA ?? 'bench_lost' }
      : { DATABASE_URL: '', DATA_DIR: tmp ?? '' }),
  });
  const keep = postgres && !process.send && process.env.LOST_KEEP === '1';
  const cleanup = async () => {
    if (keep) await api.app.close();
    else await api.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    const seeded = await seedLost(api.ctx.db, { posts: Number(process.env.LOST_POSTS ?? 100_000) });
    const db = postgres ? 'postgres' : 'pglite';
    if (process.send) {
      process.send({ ready: { url: api.url, db, ...seeded } });
      const stop = () => void cleanup().finally(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
      process.on('disconnect', stop);
    } else {
      process.stdout.write(`${JSON.stringify({ bench: 'lost-seed', db, ...seeded })}\n`);
      await cleanup();
    }
  } catch (err) {
    await cleanup();
    throw err;
  }
}
