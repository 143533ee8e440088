import { sql } from 'kysely';
import type { Db } from '../../db/index';

/**
 * Claims the missing reports of registered dogs opened before `due`, still open and not yet reminded, and
 * marks them reminded at `now` — one UPDATE … WHERE reminded_at IS NULL over rows locked with SKIP LOCKED,
 * so two api instances never claim the same report (lost.reminder.ts raises the notices).
 */
export async function claimDueReminders(db: Db, now: Date, due: Date, batch: number): Promise<{ id: number; authorPk: number }[]> {
  const claimed = await sql<{ id: number; authorPk: number }>`
      update lost_posts set reminded_at = ${now}
      where id in (
        select id from lost_posts
        where kind = 'MISSING' and status = 'OPEN' and reminded_at is null and not hidden
          and created_at <= ${due}
          and (pet_pk is not null or coalesce(btrim(registration_no), '') <> '')
        order by created_at, id
        limit ${batch}
        for update skip locked
      )
      and reminded_at is null
      returning id, author_pk as "authorPk"`.execute(db);
  return claimed.rows;
}
