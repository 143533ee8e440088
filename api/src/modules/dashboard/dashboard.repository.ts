import { sql } from 'kysely';
import type { Db } from '../../db/index';

/** Months are counted on the Korean calendar, whatever the server's zone. */
export const DASHBOARD_TIME_ZONE = 'Asia/Seoul';

const n = (v: unknown) => Number(v ?? 0);

/** The dashboard's counts, read from the strays, adoption and donations tables. */
export class DashboardRepository {
  constructor(private readonly db: Db) {}

  async strayStatusCounts(): Promise<Record<'LOST' | 'PROTECTING' | 'WAITING' | 'ADOPT', number>> {
    const rows = await this.db
      .selectFrom('strayReports')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute();
    const out = { LOST: 0, PROTECTING: 0, WAITING: 0, ADOPT: 0 };
    for (const r of rows) if (r.status in out) out[r.status as keyof typeof out] = n(r.n);
    return out;
  }

  async applicationCounts(): Promise<{ total: number; requested: number }> {
    const row = await this.db
      .selectFrom('adoptionApplications')
      .select([
        (eb) => eb.fn.countAll<string>().as('total'),
        sql<string>`count(*) filter (where adopt_status = 'REQUESTED')`.as('requested'),
      ])
      .executeTakeFirstOrThrow();
    return { total: n(row.total), requested: n(row.requested) };
  }

  /** 'YYYY-MM' of the last `months` months (this one included), oldest first, with reports and applications made in each. */
  async monthlyTrend(months: number, now: Date): Promise<{ month: string; reports: number; adoptions: number }[]> {
    const keys: string[] = [];
    const seoulNow = new Date(now.toLocaleString('en-US', { timeZone: DASHBOARD_TIME_ZONE }));
    for (let i = months - 1; i >= 0; i--) {
      const d = new Date(seoulNow.getFullYear(), seoulNow.getMonth() - i, 1);
      keys.push(`${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`);
    }
    const since = keys[0]!;
    const monthOf = (column: string) => sql<string>`to_char(${sql.ref(column)} AT TIME ZONE ${DASHBOARD_TIME_ZONE}, 'YYYY-MM')`;
    const [reports, applications] = await Promise.all([
      this.db
        .selectFrom('strayReports')
        .select([monthOf('createdAt').as('month'), (eb) => eb.fn.countAll<string>().as('n')])
        .where(monthOf('createdAt'), '>=', since)
        .groupBy(sql`1`)
        .execute(),
      this.db
        .selectFrom('adoptionApplications')
        .select([monthOf('appliedAt').as('month'), (eb) => eb.fn.countAll<string>().as('n')])
        .where(monthOf('appliedAt'), '>=', since)
        .groupBy(sql`1`)
        .execute(),
    ]);
    const r = new Map(reports.map((x) => [x.month, n(x.n)]));
    const a = new Map(applications.map((x) => [x.month, n(x.n)]));
    return keys.map((month) => ({ month, reports: r.get(month) ?? 0, adoptions: a.get(month) ?? 0 }));
  }

  /**
   * Donations, read from the donations module's table when it exists (it is
   * built separately): the total in KRW and how many were made this month.
   * Zeros while there is no table.
   */
  async donationTotals(now: Date): Promise<{ totalAmount: number; monthlyCount: number }> {
    const table = await sql<{ t: string | null }>`select to_regclass('donations')::text as t`.execute(this.db);
    if (!table.rows[0]?.t) return { totalAmount: 0, monthlyCount: 0 };
    const cols = await sql<{
      name: string;
    }>`select column_name as name from information_schema.columns where table_name = 'donations' and table_schema = current_schema()`.execute(
      this.db,
    );
    const names = new Set(cols.rows.map((c) => c.name));
    const when = ['donated_at', 'created_at', 'paid_at'].find((c) => names.has(c));
    if (!names.has('amount') || !when) return { totalAmount: 0, monthlyCount: 0 };
    const month = sql<string>`to_char(${sql.ref(when)} AT TIME ZONE ${DASHBOARD_TIME_ZONE}, 'YYYY-MM')`;
    const thisMonth = sql<string>`to_char(${now}::timestamptz AT TIME ZONE ${DASHBOARD_TIME_ZONE}, 'YYYY-MM')`;
    // Cancelled payments are not money received.
    const paid = names.has('status') ? sql`where status = 'PAID'` : sql``;
    const row = await sql<{ total: string | null; monthly: string | null }>`
      select coalesce(sum(amount), 0) as total, count(*) filter (where ${month} = ${thisMonth}) as monthly from donations ${paid}`.execute(
      this.db,
    );
    return { totalAmount: n(row.rows[0]?.total), monthlyCount: n(row.rows[0]?.monthly) };
  }

  async loginIdOf(userPk: number): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('userId').where('id', '=', userPk).executeTakeFirst();
    return row?.userId ?? null;
  }
}
