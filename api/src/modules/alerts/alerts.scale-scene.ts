import { sql } from 'kysely';
import { loadApiConfig } from '../../config/env';
import { dropSchema, openDatabase } from '../../db/index';
import { migrate } from '../../db/migrate';
import { createEventBus } from '../../events';
import { MatchingWorker } from '../matching/matching.worker';
import { AlertFanout } from './alerts.fanout';

/** Mangwon-dong: the post's point; subscribers are spread within 2.5 km of it (every radius holds it). */
const CENTRE = { lat: 37.556, lng: 126.902 };

export interface AlertScaleResult {
  subscribers: number;
  others: number;
  fanoutMs: number;
  /** Bells stored and published live for the post; members told more than once (must be 0). */
  notified: number;
  published: number;
  twice: number;
  /** After re-running the job: new bells (must be 0). */
  rerunAdded: number;
}

/**
 * The fan-out at scale (bench/alerts.ts, issue 28): on Postgres, `near` members whose neighbourhood holds one new
 * missing report and `others` elsewhere in Korea, then the report's ALERT job run by a matching worker
 * (claim, box pre-selection, exact distance, alert rows, bells and cursor per page, live publish) and timed.
 */
export async function runAlertScale(url: string, schema: string, near = 10_000, others = 20_000): Promise<AlertScaleResult> {
  const database = await openDatabase({ databaseUrl: url, databaseSchema: schema, dataDir: 'memory' });
  try {
    await migrate(database);
    const db = database.db;
    await sql`INSERT INTO users (user_id, email) SELECT 'sub' || g, 'sub' || g || '@example.com' FROM generate_series(1, ${near + others}) g`.execute(
      db,
    );
    // Near: uniformly in a ±2.5 km square around the centre, radius 3 or 5 (1 km only for those within it).
    await sql`
      INSERT INTO neighbourhood_settings (user_pk, latitude, longitude, radius_km, delivery)
      SELECT id, ${CENTRE.lat} + (random() - 0.5) * 0.036, ${CENTRE.lng} + (random() - 0.5) * 0.045,
        CASE WHEN id % 2 = 0 THEN 5 ELSE 3 END, 'BELL'
      FROM users WHERE user_id LIKE 'sub%' AND substr(user_id, 4)::int <= ${near}`.execute(db);
    await sql`
      INSERT INTO neighbourhood_settings (user_pk, latitude, longitude, radius_km, delivery)
      SELECT id, 34.5 + random() * 1.5, 127.5 + random() * 1.5, 5, 'BELL'
      FROM users WHERE user_id LIKE 'sub%' AND substr(user_id, 4)::int > ${near}`.execute(db);
    const { id: author } = await db
      .insertInto('users')
      .values({ userId: 'bench-author' } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`ANALYZE`.execute(db);
    const { id: postId } = await db
      .insertInto('lostPosts')
      .values({
        kind: 'MISSING',
        authorPk: author,
        contact: 'RELAY',
        latitude: CENTRE.lat,
        longitude: CENTRE.lng,
        publicLat: CENTRE.lat,
        publicLng: CENTRE.lng,
        gridSeedLat: 0.5,
        gridSeedLng: 0.5,
        address: '망원동',
        sido: '서울특별시',
        sigungu: '마포구',
        happenedDate: '2026-11-20',
        happenedTime: '10:00',
        name: '초코',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    // Only the alert job is timed (the report's matching job is another figure: bench/matching.ts).
    await sql`DELETE FROM match_jobs WHERE record_kind <> 'ALERT'`.execute(db);
    const events = createEventBus();
    let published = 0;
    events.subscribe('notification.created', () => void (published += 1));
    const config = loadApiConfig({ NODE_ENV: 'test', DATA_DIR: 'memory' });
    const ctx = { db, events, config, mail: { send: async () => undefined } };
    const fanout = new AlertFanout(ctx, { warn: () => undefined } as never);
    const worker = new MatchingWorker(database, { warn: () => undefined } as never, { id: 'bench', alerts: (j, c) => fanout.run(j, c) });
    const t0 = performance.now();
    await worker.drain();
    const fanoutMs = performance.now() - t0;
    const count = async () =>
      (
        await sql<{ n: string; users: string }>`
          SELECT count(*) AS n, count(DISTINCT recipient_pk) AS users FROM notifications WHERE code = 'NEIGHBOURHOOD_MISSING' AND related_id = ${postId}`.execute(
          db,
        )
      ).rows[0]!;
    const first = await count();
    await sql`UPDATE match_jobs SET state = 'QUEUED', cursor = NULL WHERE record_kind = 'ALERT'`.execute(db);
    await worker.drain();
    const again = await count();
    await events.close();
    return {
      subscribers: near,
      others,
      fanoutMs,
      notified: Number(first.n),
      published,
      twice: Number(first.n) - Number(first.users),
      rerunAdded: Number(again.n) - Number(first.n),
    };
  } finally {
    await dropSchema(database, schema).catch(() => undefined);
    await database.close();
  }
}
