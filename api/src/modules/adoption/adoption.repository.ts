import { sql } from 'kysely';
import { pagedRows, type AdoptStatus, type PageWindow, type Paged, type PetStatus } from '@pawbridge/shared';
import type { Db } from '../../db/index';

/** The legacy AdoptPetDto plus `adoptPetId` (the stray's report id), `approvedAt`, `petName` and the applicant's contact. */
const applicationQuery = (db: Db) =>
  db
    .selectFrom('adoptionApplications as a')
    .innerJoin('strayReports as s', 's.id', 'a.strayId')
    .innerJoin('users as u', 'u.id', 'a.applicantPk')
    .select([
      'a.id',
      'a.strayId as adoptPetId',
      'u.userId as userName',
      'u.name as applicantName',
      'u.email as applicantEmail',
      'u.phoneNm as applicantPhone',
      's.imageUrl as petImageUrl',
      's.name as petName',
      'a.appliedAt',
      'a.approvedAt',
      'a.adoptStatus',
      's.location',
      's.type',
    ])
    .orderBy('a.appliedAt', 'desc')
    .orderBy('a.id', 'desc');

export type ApplicationRow = Awaited<ReturnType<ReturnType<typeof applicationQuery>['execute']>>[number];

export interface LockedApplication {
  id: number;
  strayId: number;
  applicantPk: number;
  adoptStatus: AdoptStatus;
}

/** Adoption applications and the stray statuses they move (Kysely only; the service decides). */
export class AdoptionRepository {
  constructor(private readonly db: Db) {}

  /** Runs `fn` in one transaction with a repository bound to it. */
  transaction<T>(fn: (repo: AdoptionRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new AdoptionRepository(trx)));
  }

  /** Newest applied first, the id as tiebreak (indexed in 0010_list_indexes.sql). */
  listApplications(w: PageWindow): Promise<Paged<ApplicationRow>> {
    const rows = applicationQuery(this.db);
    const count = async () =>
      Number(
        (
          await this.db
            .selectFrom('adoptionApplications')
            .select(sql<string>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return pagedRows(w, { all: () => rows.execute(), page: (p) => rows.limit(p.limit).offset(p.offset).execute(), count });
  }

  listApplicationsOf(applicantPk: number, w: PageWindow): Promise<Paged<ApplicationRow>> {
    const rows = applicationQuery(this.db).where('a.applicantPk', '=', applicantPk);
    const count = async () =>
      Number(
        (
          await this.db
            .selectFrom('adoptionApplications')
            .select(sql<string>`count(*)`.as('n'))
            .where('applicantPk', '=', applicantPk)
            .executeTakeFirstOrThrow()
        ).n,
      );
    return pagedRows(w, { all: () => rows.execute(), page: (p) => rows.limit(p.limit).offset(p.offset).execute(), count });
  }

  /** Locks the member's user row, so one member's concurrent applications queue up. */
  async lockMember(applicantPk: number): Promise<void> {
    await this.db.selectFrom('users').select('id').where('id', '=', applicantPk).forUpdate().executeTakeFirst();
  }

  async previousStatus(strayId: number, applicantPk: number): Promise<AdoptStatus | undefined> {
    const row = await this.db
      .selectFrom('adoptionApplications')
      .select('adoptStatus')
      .where('strayId', '=', strayId)
      .where('applicantPk', '=', applicantPk)
      .executeTakeFirst();
    return row?.adoptStatus;
  }

  async countOpenOf(applicantPk: number): Promise<number> {
    const row = await this.db
      .selectFrom('adoptionApplications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('applicantPk', '=', applicantPk)
      .where('adoptStatus', '=', 'REQUESTED')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async hasOpenFor(strayId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('adoptionApplications')
      .select('id')
      .where('strayId', '=', strayId)
      .where('adoptStatus', '=', 'REQUESTED')
      .executeTakeFirst();
    return row !== undefined;
  }

  async strayStatus(strayId: number): Promise<PetStatus | undefined> {
    const row = await this.db.selectFrom('strayReports').select('status').where('id', '=', strayId).executeTakeFirst();
    return row?.status;
  }

  /** Moves the stray from `from` to `to`; false when it was not in `from` (or not there). */
  async moveStray(strayId: number, from: PetStatus | null, to: PetStatus): Promise<boolean> {
    let q = this.db.updateTable('strayReports').set({ status: to }).where('id', '=', strayId);
    if (from !== null) q = q.where('status', '=', from);
    const moved = await q.returning('id').executeTakeFirst();
    return moved !== undefined;
  }

  async insertApplication(strayId: number, applicantPk: number): Promise<number> {
    const row = await this.db
      .insertInto('adoptionApplications')
      .values({ strayId, applicantPk, adoptStatus: 'REQUESTED', approvedAt: null, decidedAt: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Locks the application's stray row, then the application row (always in
   * that order, so approve, reject and withdraw of one stray queue up instead
   * of deadlocking), and returns the application as it is after the wait;
   * undefined when it does not exist (or was withdrawn while waiting).
   */
  async lockApplication(applicationId: number): Promise<LockedApplication | undefined> {
    const found = await this.db.selectFrom('adoptionApplications').select('strayId').where('id', '=', applicationId).executeTakeFirst();
    if (!found) return undefined;
    await this.db.selectFrom('strayReports').select('id').where('id', '=', found.strayId).forUpdate().executeTakeFirst();
    return this.db
      .selectFrom('adoptionApplications')
      .select(['id', 'strayId', 'applicantPk', 'adoptStatus'])
      .where('id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
  }

  async markApproved(applicationId: number): Promise<void> {
    await this.db
      .updateTable('adoptionApplications')
      .set({ adoptStatus: 'APPROVED', approvedAt: sql<Date>`now()`, decidedAt: sql<Date>`now()` })
      .where('id', '=', applicationId)
      .execute();
  }

  async markRejected(applicationId: number): Promise<void> {
    await this.db
      .updateTable('adoptionApplications')
      .set({ adoptStatus: 'REJECTED', decidedAt: sql<Date>`now()` })
      .where('id', '=', applicationId)
      .execute();
  }

  /** Rejects every open application for the stray; returns who was rejected. */
  rejectOpenFor(strayId: number): Promise<{ id: number; applicantPk: number }[]> {
    return this.db
      .updateTable('adoptionApplications')
      .set({ adoptStatus: 'REJECTED', decidedAt: sql<Date>`now()` })
      .where('strayId', '=', strayId)
      .where('adoptStatus', '=', 'REQUESTED')
      .returning(['id', 'applicantPk'])
      .execute();
  }

  async deleteApplication(applicationId: number): Promise<void> {
    await this.db.deleteFrom('adoptionApplications').where('id', '=', applicationId).execute();
  }
}
