import { sql } from 'kysely';
import type { FavouriteStatus } from '@pawbridge/shared/favourites.schema';
import type { Db } from '../../db/index';
import { PUBLIC_STRAY, SHELTER_GROUP, STRAY_GROUP, type SavedSearchRow } from './favourites.repository';

/** One favourite the sweep tells its member about. */
export interface Claimed {
  userPk: number;
  strayId: number | null;
  desertionNo: string | null;
  /** The stray's name, or the shelter animal's breed (kind). */
  name: string | null;
  noticeEnd: string | null;
  status: FavouriteStatus;
}

/**
 * Favourites of shelter animals still open whose notice ends between `today` and `today + days` (Seoul
 * days), not yet reminded for that end: marked reminded in the same UPDATE, over rows locked with SKIP
 * LOCKED, so two instances never remind the same one and a re-notice with a later end is reminded again.
 */
export async function claimEndingSoon(db: Db, today: string, days: number, batch: number): Promise<Claimed[]> {
  const r = await sql<Claimed>`
    update favourites f set ending_reminded_for = a.notice_end
    from shelter_animals a
    where a.desertion_no = f.desertion_no and f.id in (
      select f2.id from favourites f2 join shelter_animals a2 on a2.desertion_no = f2.desertion_no
      where a2.status = 'OPEN' and a2.notice_end between ${today}::date and ${today}::date + ${days}::int
        and f2.ending_reminded_for is distinct from a2.notice_end
      order by f2.id limit ${batch}
      for update of f2 skip locked)
    and f.ending_reminded_for is distinct from a.notice_end
    returning f.user_pk as "userPk", f.stray_id as "strayId", f.desertion_no as "desertionNo", a.kind as name,
      a.notice_end as "noticeEnd", 'OPEN' as status`.execute(db);
  return r.rows;
}

/**
 * Favourites whose animal's status group is no longer the one last told: the new group is stored in the
 * same UPDATE (rows locked with SKIP LOCKED), so each change is noted once.
 */
export async function claimStatusChanges(db: Db, batch: number): Promise<Claimed[]> {
  const strays = await sql<Claimed>`
    with due as (
      select f.id, ${STRAY_GROUP} as g from favourites f join stray_reports s on s.id = f.stray_id
      where ${STRAY_GROUP} <> f.seen_status
      order by f.id limit ${batch}
      for update of f skip locked)
    update favourites f set seen_status = due.g
    from due join stray_reports s on true
    where f.id = due.id and s.id = f.stray_id
    returning f.user_pk as "userPk", f.stray_id as "strayId", null::text as "desertionNo", s.name as name,
      null::date as "noticeEnd", due.g as status`.execute(db);
  const shelter = await sql<Claimed>`
    with due as (
      select f.id, ${SHELTER_GROUP} as g from favourites f join shelter_animals a on a.desertion_no = f.desertion_no
      where ${SHELTER_GROUP} <> f.seen_status
      order by f.id limit ${batch}
      for update of f skip locked)
    update favourites f set seen_status = due.g
    from due join shelter_animals a on true
    where f.id = due.id and a.desertion_no = f.desertion_no
    returning f.user_pk as "userPk", null::int as "strayId", f.desertion_no as "desertionNo", a.kind as name,
      a.notice_end as "noticeEnd", due.g as status`.execute(db);
  return [...strays.rows, ...shelter.rows];
}

/** Saved searches not yet told today (Seoul), locked for this sweep (SKIP LOCKED: another instance takes others). */
export async function lockDueSearches(db: Db, today: string, batch: number): Promise<SavedSearchRow[]> {
  const r = await sql<SavedSearchRow>`
    select id, user_pk as "userPk", source, region, found_date as "foundDate", found_time as "foundTime", location,
      notified_on as "notifiedOn", created_at as "createdAt", checked_at as "checkedAt"
    from saved_searches
    where notified_on is distinct from ${today}::date
    order by checked_at, id limit ${batch}
    for update skip locked`.execute(db);
  return r.rows;
}

const likeContains = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** Minutes since midnight of a 'HH:mm' text column (as the adopt search: within 60 minutes). */
const minutesOf = sql<number>`(split_part(s.found_time, ':', 1)::int * 60 + split_part(s.found_time, ':', 2)::int)`;

/**
 * How many dogs arrived in (after, upTo] and match the search, by the adopt list's own rules: strays made
 * public in the window (their registration), shelter notices first synced in it and still open.
 */
export async function countNewMatches(db: Db, q: SavedSearchRow, after: Date, upTo: Date, sido: string | null): Promise<number> {
  let n = 0;
  if (q.source !== 'shelter') {
    const conds = [sql<boolean>`s.registered_at > ${after} and s.registered_at <= ${upTo}`, PUBLIC_STRAY];
    if (q.region) conds.push(sql<boolean>`s.location = ${q.region}`);
    if (q.foundDate) conds.push(sql<boolean>`s.found_date = ${q.foundDate}::date`);
    if (q.foundTime) {
      const [h, m] = q.foundTime.split(':').map(Number);
      conds.push(sql<boolean>`abs(${minutesOf} - ${(h ?? 0) * 60 + (m ?? 0)}) <= 60`);
    }
    if (q.location) conds.push(sql<boolean>`s.search_text like ${likeContains(q.location)}`);
    const r = await sql<{ n: number }>`select count(*)::int as n from stray_reports s where ${sql.join(conds, sql` and `)}`.execute(db);
    n += Number(r.rows[0]?.n ?? 0);
  }
  if (q.source !== 'member') {
    const conds = [sql<boolean>`a.created_at > ${after} and a.created_at <= ${upTo}`, sql<boolean>`a.status = 'OPEN'`];
    if (sido) conds.push(sql<boolean>`a.sido = ${sido}`);
    if (q.foundDate) conds.push(sql<boolean>`a.happen_date = ${q.foundDate}::date`);
    if (q.location) {
      const p = likeContains(q.location);
      conds.push(
        sql<boolean>`(a.happen_place ilike ${p} or a.shelter_address ilike ${p} or a.shelter_name ilike ${p} or a.org_name ilike ${p} or a.kind ilike ${p})`,
      );
    }
    const r = await sql<{ n: number }>`select count(*)::int as n from shelter_animals a where ${sql.join(conds, sql` and `)}`.execute(db);
    n += Number(r.rows[0]?.n ?? 0);
  }
  return n;
}

/** The search is checked up to `upTo`; `notifiedOn` set when its member was told (one a day). */
export async function markChecked(db: Db, id: number, upTo: Date, notifiedOn: string | null): Promise<void> {
  await db
    .updateTable('savedSearches')
    .set(notifiedOn ? { checkedAt: upTo, notifiedOn } : { checkedAt: upTo })
    .where('id', '=', id)
    .execute();
}

/** The members the notices are for: login id (the live topic's) and e-mail. */
export function recipientsOf(db: Db, pks: number[]): Promise<{ id: number; userId: string; email: string | null }[]> {
  if (pks.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'userId', 'email']).where('id', 'in', pks).execute();
}
