import { sql } from 'kysely';
import { pagedRows, PUBLIC_STRAY_STATUSES, type PageWindow } from '@pawbridge/shared';
import type { Db } from '../../db/index';

/** Strays a member can give to: the ones on the adopt list (the public statuses of @pawbridge/shared). */
const DONATABLE = PUBLIC_STRAY_STATUSES;

export interface NewDonation {
  impUid: string;
  merchantUid: string;
  donorPk: number;
  donorLoginId: string;
  strayId: number;
  amount: number;
  paymentMethod: string;
  gateway: 'portone' | 'test';
}

/** Donation orders (prepared amounts) and recorded donations (Kysely only; the service decides). */
export class DonationsRepository {
  constructor(private readonly db: Db) {}

  /** Runs `fn` in one transaction with a repository bound to it. */
  transaction<T>(fn: (repo: DonationsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new DonationsRepository(trx)));
  }

  findDonatableStray(strayId: number) {
    return this.db
      .selectFrom('strayReports')
      .select(['id', 'status'])
      .where('id', '=', strayId)
      .where('status', 'in', DONATABLE)
      .executeTakeFirst();
  }

  findOrder(merchantUid: string) {
    return this.db.selectFrom('donationOrders').selectAll().where('merchantUid', '=', merchantUid).executeTakeFirst();
  }

  /** Inserts the order unless the merchant uid exists; returns the row that is stored (new or earlier). */
  async insertOrder(order: { merchantUid: string; donorPk: number; strayId: number; amount: number }) {
    await this.db
      .insertInto('donationOrders')
      .values(order)
      .onConflict((oc) => oc.column('merchantUid').doNothing())
      .execute();
    return this.db.selectFrom('donationOrders').selectAll().where('merchantUid', '=', order.merchantUid).executeTakeFirstOrThrow();
  }

  async isRecorded(impUid: string, merchantUid: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('donations')
      .select('id')
      .where((eb) => eb.or([eb('impUid', '=', impUid), eb('merchantUid', '=', merchantUid)]))
      .executeTakeFirst();
    return Boolean(row);
  }

  insertDonation(row: NewDonation) {
    return this.db.insertInto('donations').values(row).returning(['id', 'donatedAt']).executeTakeFirstOrThrow();
  }

  /** The legacy's my-donations shape (legacy-contract §3.2) plus the stray's name and the payment's details. */
  /** Newest first, the id as tiebreak (indexed in 0010_list_indexes.sql). */
  listByDonor(donorPk: number, w: PageWindow) {
    const rows = this.db
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
      .orderBy('d.id', 'desc');
    const count = async () =>
      Number(
        (
          await this.db
            .selectFrom('donations')
            .select(sql<string>`count(*)`.as('n'))
            .where('donorPk', '=', donorPk)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return pagedRows(w, { all: () => rows.execute(), page: (p) => rows.limit(p.limit).offset(p.offset).execute(), count });
  }

  /** Paid total and count per stray (the adopt card's "so far"). */
  totalsByStray() {
    return this.db
      .selectFrom('donations')
      .select(['strayId', (eb) => eb.fn.sum<string>('amount').as('totalAmount'), (eb) => eb.fn.countAll<string>().as('donationCount')])
      .where('status', '=', 'PAID')
      .where('strayId', 'is not', null)
      .groupBy('strayId')
      .execute();
  }
}
