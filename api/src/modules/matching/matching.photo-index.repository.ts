import { sql } from 'kysely';
import type { Db } from '../../db/index';

/**
 * What matching.photo-index.ts reads (migration 0030, decision 0051): the photo hashes of lost posts and
 * shelter notices, and in the same statement (one snapshot) the oldest transaction still running then.
 * Of lost posts, the sightings' (a post's kind changing sets `photo_tx` too). Every transaction below that one had ended, so its hashes are in what this read saw; a hash set by any
 * other has its row's `photo_tx` at or after it.
 */
export interface PhotoHashRead {
  /** pg_snapshot_xmin of the read's snapshot, as a decimal (a bigint). */
  xmin: string;
  posts: [number, string[]][];
  shelters: [string, string[]][];
}

/**
 * `since` null: every row that has a hash (the instance's first read). Otherwise the rows whose hashes
 * were set by a transaction at or after `since`, with or without hashes now (a photo taken down clears them).
 */
export async function readPhotoHashes(db: Db, since: string | null): Promise<PhotoHashRead> {
  const which = since === null ? sql`cardinality(phashes) > 0` : sql`photo_tx >= ${since}::bigint`;
  // Sightings only: a missing report is never a missing report's candidate (its hashes read as none).
  const r = await sql<{ xmin: string; posts: string; shelters: string }>`
    SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin,
      (SELECT coalesce(json_agg(json_build_array(id, CASE WHEN kind = 'MISSING' THEN '{}' ELSE phashes END)), '[]')::text
        FROM lost_posts WHERE ${which} ${since === null ? sql`AND kind <> 'MISSING'` : sql``}) AS posts,
      (SELECT coalesce(json_agg(json_build_array(desertion_no, phashes)), '[]')::text FROM shelter_animals WHERE ${which}) AS shelters`.execute(
    db,
  );
  const row = r.rows[0]!;
  return {
    xmin: row.xmin,
    posts: JSON.parse(row.posts) as PhotoHashRead['posts'],
    shelters: JSON.parse(row.shelters) as PhotoHashRead['shelters'],
  };
}
