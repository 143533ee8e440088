/**
 * Scale seed (issue 17): 10,000 strays with Korean places, dates and times, and
 * 100,000 community posts, inserted in a handful of INSERT … SELECT statements
 * over generate_series (PGlite and Postgres alike; seconds, not minutes).
 *
 * As a script: `npx tsx bench/seed-scale.ts` starts our api on the configured
 * database (DATABASE_URL → Postgres, schema SCALE_SCHEMA, default `bench_scale`;
 * otherwise PGlite in a temporary directory), migrates it, seeds it and prints
 * one JSON line with the counts and seconds. Run by `bench/scale.ts` as a child
 * (IPC), it keeps the api running and announces its URL instead.
 * Env: SCALE_STRAYS (10000), SCALE_POSTS (100000), SCALE_KEEP=1 keeps the Postgres schema.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import { startTestApi } from '@pawbridge/api/testing';
import { REGIONS } from '@pawbridge/shared';

/** Region and a place in it, as members describe where they found a dog. */
const PLACES: [string, string][] = [
  ['서울특별시', '망원 한강공원 산책로'],
  ['서울특별시', '서울숲 공원 입구'],
  ['서울특별시', '북한산 둘레길 초입'],
  ['서울특별시', '잠실 석촌호수 근처'],
  ['부산광역시', '해운대 해수욕장 근처'],
  ['부산광역시', '광안리 해변 산책로'],
  ['경기도', '수원 화성 행궁 앞'],
  ['경기도', '일산 호수공원 주차장'],
  ['경기도', '파주 심학산 둘레길'],
  ['인천광역시', '송도 센트럴파크'],
  ['대구광역시', '수성못 산책로'],
  ['광주광역시', '무등산 입구 버스정류장'],
  ['대전광역시', '한밭수목원 정문'],
  ['울산광역시', '태화강 국가정원'],
  ['강원도', '춘천 의암호 자전거길'],
  ['충청북도', '청주 상당산성 주차장'],
  ['충청남도', '천안 독립기념관 근처'],
  ['전라북도', '전주 한옥마을 골목'],
  ['전라남도', '여수 이순신광장'],
  ['경상북도', '경주 보문호 산책로'],
  ['경상남도', '창원 용지호수'],
  ['제주특별자치도', '제주 용두암 주변'],
];
const LOOKS = [
  '갈색 털의 작은 개',
  '하얀 진돗개 믹스',
  '목줄을 한 검은 개',
  '겁이 많은 어린 강아지',
  '다리를 조금 저는 노견',
  '사람을 잘 따르는 누렁이',
  '털이 엉킨 푸들',
  '빨간 목걸이를 한 시바견',
];
const BREEDS = ['진돗개', '믹스견', '푸들', '말티즈', '시바견', '리트리버', '포메라니안', '비글'];
const TITLES = [
  '임시보호 중인 아이 소식',
  '우리 강아지 자랑합니다',
  '입양 후기: 벌써 한 달',
  '산책 코스 추천해요',
  '겨울철 발 관리 팁',
  '보호소 봉사 다녀왔어요',
];

const list = (xs: string[]) => sql.raw(`ARRAY[${xs.map((x) => `'${x.replaceAll("'", "''")}'`).join(', ')}]::text[]`);

export interface ScaleSeed {
  strays: number;
  posts: number;
  seconds: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw SQL only: any database of the api's schema
export async function seedScale(db: Kysely<any>, opts: { strays?: number; posts?: number; tag?: string } = {}): Promise<ScaleSeed> {
  const strays = opts.strays ?? 10_000;
  const posts = opts.posts ?? 100_000;
  const tag = opts.tag ?? `s${Date.now().toString(36)}`;
  const t0 = performance.now();
  const regions = PLACES.map(([r]) => r);
  for (const r of regions) if (!(REGIONS as readonly string[]).includes(r)) throw new Error(`not a region: ${r}`);
  const n = PLACES.length;
  // One in ten still LOST (unreviewed), half PROTECTING, the rest WAITING or ADOPT; found over the last two years.
  await sql`
    INSERT INTO stray_reports (reporter_pk, latitude, longitude, image_url, gender, description, location, type, name, found_date, found_time, status, registered_at)
    SELECT NULL, 33.2 + (i % 500) * 0.009, 126.3 + (i % 700) * 0.008, '/uploads/' || md5(${tag} || i::text) || '.jpg',
      CASE WHEN i % 2 = 0 THEN 'MALE' ELSE 'FEMALE' END,
      (${list(PLACES.map(([, p]) => p))})[1 + i % ${sql.lit(n)}] || '에서 발견한 ' || (${list(LOOKS)})[1 + (i / 7) % ${sql.lit(LOOKS.length)}],
      (${list(regions)})[1 + i % ${sql.lit(n)}],
      CASE WHEN i % 5 = 0 THEN NULL ELSE (${list(BREEDS)})[1 + (i / 3) % ${sql.lit(BREEDS.length)}] END,
      NULL,
      date '2026-11-20' - (i % 730),
      lpad(((i * 7) % 24)::text, 2, '0') || ':' || lpad(((i * 13) % 60)::text, 2, '0'),
      (ARRAY['LOST', 'PROTECTING', 'PROTECTING', 'PROTECTING', 'PROTECTING', 'PROTECTING', 'WAITING', 'WAITING', 'ADOPT', 'ADOPT'])[1 + i % 10],
      CASE WHEN i % 10 = 0 THEN NULL ELSE now() END
    FROM generate_series(1, ${sql.lit(strays)}) AS g(i)`.execute(db);
  await sql`
    INSERT INTO users (user_id, name, email, password_hash, birth, phone_nm, role, provider, social_id)
    SELECT ${tag} || '_writer' || i, '작성자' || i, ${tag} || '_writer' || i || '@example.com', NULL, NULL, NULL, 'USER', NULL, NULL
    FROM generate_series(1, 50) AS g(i)`.execute(db);
  await sql`
    INSERT INTO community_posts (author_pk, post_type, title, str_content, img_url_content, created_at)
    SELECT u.id, (ARRAY['TEMP_PROTECT', 'SHOW_OFF', 'REVIEW'])[1 + i % 3],
      (${list(TITLES)})[1 + i % ${sql.lit(TITLES.length)}] || ' #' || i,
      '<p>' || (${list(PLACES.map(([, p]) => p))})[1 + i % ${sql.lit(n)}] || '에서 만난 아이 이야기입니다. ' || (${list(LOOKS)})[1 + i % ${sql.lit(LOOKS.length)}] || '.</p>',
      NULL, now() - make_interval(mins => i)
    FROM generate_series(1, ${sql.lit(posts)}) AS g(i)
    JOIN users u ON u.user_id = ${tag} || '_writer' || (1 + i % 50)`.execute(db);
  // What autovacuum does to a table in steady use: statistics and the visibility map (index-only scans).
  await sql`VACUUM ANALYZE stray_reports`.execute(db);
  await sql`VACUUM ANALYZE community_posts`.execute(db);
  return { strays, posts, seconds: Number(((performance.now() - t0) / 1000).toFixed(2)) };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const postgres = Boolean(process.env.DATABASE_URL);
  const tmp = postgres ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'pawbridge-scale-'));
  const api = await startTestApi({
    LOG_LEVEL: 'silent',
    REDIS_URL: '',
    ...(postgres
      ? { DATABASE_URL: process.env.DATABASE_URL ?? '', DATABASE_SCHEMA: process.env.SCALE_SCHEMA ?? 'bench_scale' }
      : { DATABASE_URL: '', DATA_DIR: tmp ?? '' }),
  });
  // SCALE_KEEP=1 (script mode, Postgres): leave the seeded schema for EXPLAIN and psql.
  const keep = postgres && !process.send && process.env.SCALE_KEEP === '1';
  const cleanup = async () => {
    if (keep) await api.app.close();
    else await api.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    const seeded = await seedScale(api.ctx.db, {
      strays: Number(process.env.SCALE_STRAYS ?? 10_000),
      posts: Number(process.env.SCALE_POSTS ?? 100_000),
    });
    const db = postgres ? 'postgres' : 'pglite';
    if (process.send) {
      process.send({ ready: { url: api.url, db, ...seeded } });
      const stop = () => void cleanup().finally(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
      process.on('disconnect', stop);
    } else {
      process.stdout.write(`${JSON.stringify({ bench: 'scale-seed', db, ...seeded })}\n`);
      await cleanup();
    }
  } catch (err) {
    await cleanup();
    throw err;
  }
}
