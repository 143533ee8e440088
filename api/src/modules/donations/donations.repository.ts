import { sql, type Kysely, type Transaction } from 'kysely';
import type { PetStatus } from '@pawbridge/shared';
import type { DB } from '../../db/schema';

type Q = Kysely<DB> | Transaction<DB>;

/** Strays a member can give to: the ones on the adopt list. */
const DONATABLE: PetStatus[] = ['PROTECTING', 'WAITING', 'ADOPT'];

export const findDonatableStray = (db: Q, strayId: number) =>
  db.selectFrom('strayReports').select(['id', 'status']).where('id', '=', strayId).where('status', 'in', DONATABLE).executeTakeFirst();

export const findOrder = (db: Q, merchantUid: string) => db.selectFrom('donationOrders').selectAll().where('merchantUid', '=', merchantUid).executeTakeFirst();

/** Inserts the order unless the merchant uid exists; returns the row that is stored (new or earlier). */
export async function insertOrder(db: Q, order: { merchantUid: string; donorPk: number; strayId: number; amount: number }) {
  await db.insertInto('donationOrders').values(order).onConflict((oc) => oc.column('merchantUid').doNothing()).execute();
  return db.selectFrom('donationOrders').selectAll().where('merchantUid', '=', order.merchantUid).executeTakeFirstOrThrow();
}

export const isRecorded = async (db: Q, impUid: string, merchantUid: string) =>
  Boolean(await db.selectFrom('donations').select('id').where((eb) => eb.or([eb('impUid', '=', impUid), eb('merchantUid', '=', merchantUid)])).executeTakeFirst());

export const insertDonation = (
  db: Q,
  row: { impUid: string; merchantUid: string; donorPk: number; donorLoginId: string; strayId: number; amount: number; paymentMethod: string; gateway: 'portone' | 'test' },
) => db.insertInto('donations').values(row).returning(['id', 'donatedAt']).executeTakeFirstOrThrow();

/** The legacy's my-donations shape (legacy-contract §3.2) plus the stray's name and the payment's details. */
export const listByDonor = (db: Q, donorPk: number) =>
  db
    .selectFrom('donations as d')
    .leftJoin('strayReports as s', 's.id', 'd.strayId')
    .select([
      'd.id as donationId',
      'd.amount',
      'd.donatedAt',
      's.status',
      'd.strayId as petId',
      's.type',
      's.imageUrl',
      's.name as petName',
      'd.impUid',
      'd.merchantUid',
      'd.paymentMethod',
      'd.status as paymentStatus',
    ])
    .where('d.donorPk', '=', donorPk)
    .orderBy('d.donatedAt', 'desc')
    .orderBy('d.id', 'desc')
    .execute();

/** Paid total and count per stray (the adopt card's "so far"). */
export const totalsByStray = (db: Q) =>
  db
    .selectFrom('donations')
    .select(['strayId', (eb) => eb.fn.sum<string>('amount').as('totalAmount'), (eb) => eb.fn.countAll<string>().as('donationCount')])
    .where('status', '=', 'PAID')
    .where('strayId', 'is not', null)
    .groupBy('strayId')
    .execute();

/**
 * The admin dashboard's donations part (legacy-contract §8): the paid total in
 * won and the number of donations this calendar month in Korea.
 */
export async function donationSummary(db: Q): Promise<{ totalAmount: number; monthlyCount: number }> {
  const row = await db
    .selectFrom('donations')
    .select([
      sql<string>`coalesce(sum(amount), 0)`.as('totalAmount'),
      sql<string>`count(*) filter (where date_trunc('month', donated_at at time zone 'Asia/Seoul') = date_trunc('month', now() at time zone 'Asia/Seoul'))`.as('monthlyCount'),
    ])
    .where('status', '=', 'PAID')
    .executeTakeFirstOrThrow();
  return { totalAmount: Number(row.totalAmount), monthlyCount: Number(row.monthlyCount) };
}
