import type { Expression, ExpressionBuilder, Insertable, Selectable, SqlBool } from 'kysely';
import type { DB } from '../../db/schema';
import type { Db } from '../../db/index';
import type { ShelterAnimalsTable, ShelterImagesTable, ShelterSyncRunsTable, SyncStatus, SyncTrigger } from './shelter.tables';

export type ShelterAnimalRow = Selectable<ShelterAnimalsTable>;
export type SyncRunRow = Selectable<ShelterSyncRunsTable>;
export type ShelterImageRow = Selectable<ShelterImagesTable>;
export type AnimalValues = Omit<Insertable<ShelterAnimalsTable>, 'createdAt' | 'syncedAt'>;

export interface ShelterListFilter {
  foundDateFrom?: string | undefined;
  foundDateTo?: string | undefined;
  place?: string | undefined;
  sido?: string | undefined;
  /** 'active': still open and its notice ended no earlier than `activeSince`. */
  state: 'active' | 'all';
  activeSince: string;
  limit: number;
  offset: number;
}

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
const likeContains = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Fields compared to tell an update from a re-run that changed nothing. */
const COMPARED: (keyof AnimalValues)[] = [
  'kind',
  'kindCd',
  'color',
  'sex',
  'neutered',
  'birthYear',
  'ageText',
  'weightKg',
  'happenDate',
  'happenPlace',
  'noticeNo',
  'noticeStart',
  'noticeEnd',
  'processState',
  'status',
  'specialMark',
  'shelterName',
  'shelterTel',
  'shelterAddress',
  'careRegNo',
  'orgName',
  'sido',
  'sigungu',
  'image1Url',
  'image2Url',
];

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date ? String(a) === String(b) : (a ?? null) === (b ?? null);

export class ShelterRepository {
  constructor(private readonly db: Db) {}

  /** One page, newest found first, desertionNo as the stable tiebreak. */
  async list(f: ShelterListFilter): Promise<{ rows: ShelterAnimalRow[]; total: number }> {
    const where = (eb: ExpressionBuilder<DB, 'shelterAnimals'>) => {
      const conds: Expression<SqlBool>[] = [];
      if (f.foundDateFrom) conds.push(eb('happenDate', '>=', f.foundDateFrom));
      if (f.foundDateTo) conds.push(eb('happenDate', '<=', f.foundDateTo));
      if (f.sido) conds.push(eb('sido', '=', f.sido));
      if (f.place) {
        const p = likeContains(f.place);
        conds.push(
          eb.or([
            eb('happenPlace', 'ilike', p),
            eb('shelterAddress', 'ilike', p),
            eb('shelterName', 'ilike', p),
            eb('orgName', 'ilike', p),
          ]),
        );
      }
      if (f.state === 'active')
        conds.push(eb('status', '=', 'OPEN'), eb.or([eb('noticeEnd', 'is', null), eb('noticeEnd', '>=', f.activeSince)]));
      return eb.and(conds);
    };
    const rows = this.db.selectFrom('shelterAnimals').selectAll().where(where);
    const count = this.db
      .selectFrom('shelterAnimals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where(where);
    const [page, total] = await Promise.all([
      rows.orderBy('happenDate', 'desc').orderBy('desertionNo', 'desc').limit(f.limit).offset(f.offset).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { rows: page, total: Number(total.n) };
  }

  find(desertionNo: string): Promise<ShelterAnimalRow | undefined> {
    return this.db.selectFrom('shelterAnimals').selectAll().where('desertionNo', '=', desertionNo).executeTakeFirst();
  }

  /**
   * Upsert one page of animals in one transaction; answers how many were new
   * and how many changed (a re-run of the same data changes nothing).
   */
  async upsertPage(animals: AnimalValues[]): Promise<{ created: number; updated: number }> {
    if (animals.length === 0) return { created: 0, updated: 0 };
    return this.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('shelterAnimals')
        .selectAll()
        .where(
          'desertionNo',
          'in',
          animals.map((a) => a.desertionNo),
        )
        .execute();
      const byNo = new Map(existing.map((r) => [r.desertionNo, r]));
      let created = 0;
      let updated = 0;
      const now = new Date();
      for (const a of animals) {
        const old = byNo.get(a.desertionNo);
        if (!old) {
          await trx
            .insertInto('shelterAnimals')
            .values({ ...a, syncedAt: now })
            .onConflict((oc) => oc.column('desertionNo').doUpdateSet({ ...a, syncedAt: now }))
            .execute();
          created += 1;
          byNo.set(a.desertionNo, { ...a, createdAt: now, syncedAt: now } as ShelterAnimalRow);
          continue;
        }
        if (COMPARED.every((k) => sameValue(old[k], a[k]))) continue;
        await trx
          .updateTable('shelterAnimals')
          .set({ ...a, syncedAt: now })
          .where('desertionNo', '=', a.desertionNo)
          .execute();
        updated += 1;
      }
      return { created, updated };
    });
  }

  // ── sync runs ──

  /** Marks 'running' rows without a heartbeat since `staleBefore` as failed (their instance died). */
  async failStaleRuns(staleBefore: Date): Promise<number> {
    const rows = await this.db
      .updateTable('shelterSyncRuns')
      .set({ status: 'failed', finishedAt: new Date(), error: 'STALE: no heartbeat, the run was abandoned' })
      .where('status', '=', 'running')
      .where('heartbeatAt', '<', staleBefore)
      .returning('id')
      .execute();
    return rows.length;
  }

  /** Inserts a running row; undefined when another run holds the one-running index. */
  async startRun(values: {
    trigger: SyncTrigger;
    windowFrom: string;
    windowTo: string;
    nextPage: number;
    resumedFromRun: number | null;
    sample: boolean;
  }): Promise<SyncRunRow | undefined> {
    try {
      return await this.db
        .insertInto('shelterSyncRuns')
        .values({ ...values, status: 'running' })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (err) {
      if ((err as { code?: string }).code === '23505') return undefined;
      throw err;
    }
  }

  running(): Promise<SyncRunRow | undefined> {
    return this.db.selectFrom('shelterSyncRuns').selectAll().where('status', '=', 'running').executeTakeFirst();
  }

  /** The newest finished run (for the window and for resumption). */
  lastFinished(): Promise<SyncRunRow | undefined> {
    return this.db
      .selectFrom('shelterSyncRuns')
      .selectAll()
      .where('status', '<>', 'running')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  lastSucceeded(): Promise<SyncRunRow | undefined> {
    return this.db
      .selectFrom('shelterSyncRuns')
      .selectAll()
      .where('status', '=', 'succeeded')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  /** The checkpoint after a stored page: counts add up, next page moves on, heartbeat renewed. */
  async checkpoint(id: number, next: { nextPage: number; fetched: number; created: number; updated: number }): Promise<void> {
    await this.db
      .updateTable('shelterSyncRuns')
      .set((eb) => ({
        nextPage: next.nextPage,
        pages: eb('pages', '+', 1),
        fetched: eb('fetched', '+', next.fetched),
        created: eb('created', '+', next.created),
        updated: eb('updated', '+', next.updated),
        heartbeatAt: new Date(),
      }))
      .where('id', '=', id)
      .execute();
  }

  async heartbeat(id: number): Promise<void> {
    await this.db.updateTable('shelterSyncRuns').set({ heartbeatAt: new Date() }).where('id', '=', id).execute();
  }

  async finishRun(id: number, status: Exclude<SyncStatus, 'running'>, error: string | null): Promise<void> {
    await this.db
      .updateTable('shelterSyncRuns')
      .set({ status, error, finishedAt: new Date(), heartbeatAt: new Date() })
      .where('id', '=', id)
      .execute();
  }

  findRun(id: number): Promise<SyncRunRow | undefined> {
    return this.db.selectFrom('shelterSyncRuns').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async listRuns(limit: number, offset: number): Promise<{ rows: SyncRunRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('shelterSyncRuns')
        .selectAll()
        .orderBy('startedAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db
        .selectFrom('shelterSyncRuns')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  // ── image cache ──

  findImage(desertionNo: string, n: number): Promise<ShelterImageRow | undefined> {
    return this.db.selectFrom('shelterImages').selectAll().where('desertionNo', '=', desertionNo).where('n', '=', n).executeTakeFirst();
  }

  /** Records the cached picture; answers the storage key it replaced, if any. */
  async saveImage(row: Omit<ShelterImageRow, 'fetchedAt'>): Promise<string | null> {
    const old = await this.findImage(row.desertionNo, row.n);
    await this.db
      .insertInto('shelterImages')
      .values({ ...row, fetchedAt: new Date() })
      .onConflict((oc) =>
        oc
          .columns(['desertionNo', 'n'])
          .doUpdateSet({ sourceUrl: row.sourceUrl, storageKey: row.storageKey, mime: row.mime, phash: row.phash, fetchedAt: new Date() }),
      )
      .execute();
    return old && old.storageKey !== row.storageKey ? old.storageKey : null;
  }
}
