import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { ApiHttpError } from '../../lib/errors';

type Q = Kysely<DB> | Transaction<DB>;

export const APPLY_MESSAGES = {
  done: '신청 완료',
  alreadyApplied: '이미 입양을 신청한 유기견입니다.',
  notAvailable: '지금은 입양을 신청할 수 없는 유기견입니다.',
  notFound: '유기견 없음',
} as const;

export const APPROVE_MESSAGES = {
  done: '입양이 승인되었습니다.',
  notRequested: '대기 중인 입양 신청만 승인할 수 있습니다.',
  notFound: '존재하지 않는 입양 신청입니다.',
} as const;

/** The legacy AdoptPetDto plus `adoptPetId` (the stray's report id), `approvedAt` and `petName`. */
const applicationQuery = (db: Q) =>
  db
    .selectFrom('adoptionApplications as a')
    .innerJoin('strayReports as s', 's.id', 'a.strayId')
    .innerJoin('users as u', 'u.id', 'a.applicantPk')
    .select([
      'a.id',
      'a.strayId as adoptPetId',
      'u.userId as userName',
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

type ApplicationRow = Awaited<ReturnType<ReturnType<typeof applicationQuery>['execute']>>[number];

export const toApplicationDto = (r: ApplicationRow) => ({
  ...r,
  appliedAt: new Date(r.appliedAt).toISOString(),
  approvedAt: r.approvedAt ? new Date(r.approvedAt).toISOString() : null,
});

export const listApplications = (db: Q) => applicationQuery(db).execute();
export const listApplicationsOf = (db: Q, applicantPk: number) => applicationQuery(db).where('a.applicantPk', '=', applicantPk).execute();

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/**
 * Apply for a PROTECTING stray: the stray moves to WAITING and the application
 * row is inserted in one transaction, so a WAITING stray always has an open
 * application. A repeat by the same member is refused (409), also under a race
 * (the unique index on stray + applicant).
 */
export async function apply(db: Kysely<DB>, strayId: number, applicantPk: number): Promise<void> {
  try {
    await db.transaction().execute(async (tx) => {
      const previous = await tx.selectFrom('adoptionApplications').select('id').where('strayId', '=', strayId).where('applicantPk', '=', applicantPk).executeTakeFirst();
      if (previous) throw new ApiHttpError(409, APPLY_MESSAGES.alreadyApplied);
      const moved = await tx.updateTable('strayReports').set({ status: 'WAITING' }).where('id', '=', strayId).where('status', '=', 'PROTECTING').returning('id').executeTakeFirst();
      if (!moved) {
        const stray = await tx.selectFrom('strayReports').select('status').where('id', '=', strayId).executeTakeFirst();
        if (!stray || stray.status === 'LOST') throw new ApiHttpError(404, APPLY_MESSAGES.notFound);
        throw new ApiHttpError(409, APPLY_MESSAGES.notAvailable);
      }
      await tx.insertInto('adoptionApplications').values({ strayId, applicantPk, adoptStatus: 'REQUESTED', approvedAt: null, decidedAt: null }).execute();
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiHttpError(409, APPLY_MESSAGES.alreadyApplied);
    throw err;
  }
}

/**
 * Approve a REQUESTED application: it becomes APPROVED with approvedAt, the
 * stray becomes ADOPT, and every other open application for that stray is
 * REJECTED — all or nothing.
 */
export async function approve(db: Kysely<DB>, applicationId: number): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const approved = await tx
      .updateTable('adoptionApplications')
      .set({ adoptStatus: 'APPROVED', approvedAt: sql<Date>`now()`, decidedAt: sql<Date>`now()` })
      .where('id', '=', applicationId)
      .where('adoptStatus', '=', 'REQUESTED')
      .returning('strayId')
      .executeTakeFirst();
    if (!approved) {
      const exists = await tx.selectFrom('adoptionApplications').select('id').where('id', '=', applicationId).executeTakeFirst();
      throw exists ? new ApiHttpError(409, APPROVE_MESSAGES.notRequested) : new ApiHttpError(404, APPROVE_MESSAGES.notFound);
    }
    await tx.updateTable('strayReports').set({ status: 'ADOPT' }).where('id', '=', approved.strayId).execute();
    await tx
      .updateTable('adoptionApplications')
      .set({ adoptStatus: 'REJECTED', decidedAt: sql<Date>`now()` })
      .where('strayId', '=', approved.strayId)
      .where('adoptStatus', '=', 'REQUESTED')
      .execute();
  });
}
