import { sql, type Kysely, type Transaction } from 'kysely';
import { LIMITS } from '@pawbridge/shared';
import type { DB } from '../../db/schema';
import { ApiHttpError } from '../../lib/errors';
import { domainEvent, type AdoptionDecided, type EventBus } from '../../events';

type Q = Kysely<DB> | Transaction<DB>;

export const APPLY_MESSAGES = {
  done: '신청 완료',
  alreadyApplied: '이미 입양을 신청한 유기견입니다.',
  rejectedBefore: '이 유기견에 대한 입양 신청은 이미 거절되었습니다.',
  notAvailable: '지금은 입양을 신청할 수 없는 유기견입니다.',
  notFound: '유기견 없음',
  tooMany: `진행 중인 입양 신청은 최대 ${LIMITS.openAdoptionApplicationsMax}건까지 할 수 있습니다.`,
} as const;

export const APPROVE_MESSAGES = {
  done: '입양이 승인되었습니다.',
  notRequested: '대기 중인 입양 신청만 승인할 수 있습니다.',
  notFound: '존재하지 않는 입양 신청입니다.',
} as const;

export const REJECT_MESSAGES = {
  done: '입양 신청이 거절되었습니다.',
  notRequested: '대기 중인 입양 신청만 거절할 수 있습니다.',
  notFound: APPROVE_MESSAGES.notFound,
} as const;

export const WITHDRAW_MESSAGES = {
  done: '입양 신청을 취소했습니다.',
  notRequested: '대기 중인 입양 신청만 취소할 수 있습니다.',
  notFound: APPROVE_MESSAGES.notFound,
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

type ApplicationRow = Awaited<ReturnType<ReturnType<typeof applicationQuery>['execute']>>[number];

/**
 * The wire DTO. The applicant's name and contact go only to the admin (who
 * needs them to arrange the adoption); a member's own list leaves them out.
 */
export const toApplicationDto = (r: ApplicationRow, withContact = false) => {
  const { applicantName, applicantEmail, applicantPhone, ...rest } = r;
  return {
    ...rest,
    appliedAt: new Date(r.appliedAt).toISOString(),
    approvedAt: r.approvedAt ? new Date(r.approvedAt).toISOString() : null,
    ...(withContact ? { applicantName, applicantEmail, applicantPhone } : {}),
  };
};

export const listApplications = (db: Q) => applicationQuery(db).execute();
export const listApplicationsOf = (db: Q, applicantPk: number) => applicationQuery(db).where('a.applicantPk', '=', applicantPk).execute();

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/**
 * Apply for a PROTECTING stray: the stray moves to WAITING and the application
 * row is inserted in one transaction, so a WAITING stray always has an open
 * application. Refused: a repeat by the same member (409, also under a race via
 * the unique index on stray + applicant; a rejected application stays and
 * blocks a retry for that stray), and more than LIMITS.openAdoptionApplicationsMax
 * open applications per member (409). The member's user row is locked first,
 * so concurrent applications by one member cannot slip past the cap.
 */
export async function apply(db: Kysely<DB>, strayId: number, applicantPk: number, events?: EventBus): Promise<void> {
  let applicationId: number;
  try {
    applicationId = await db.transaction().execute(async (tx) => {
      await tx.selectFrom('users').select('id').where('id', '=', applicantPk).forUpdate().executeTakeFirst();
      const previous = await tx.selectFrom('adoptionApplications').select('adoptStatus').where('strayId', '=', strayId).where('applicantPk', '=', applicantPk).executeTakeFirst();
      if (previous) throw new ApiHttpError(409, previous.adoptStatus === 'REJECTED' ? APPLY_MESSAGES.rejectedBefore : APPLY_MESSAGES.alreadyApplied);
      const open = await tx
        .selectFrom('adoptionApplications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('applicantPk', '=', applicantPk)
        .where('adoptStatus', '=', 'REQUESTED')
        .executeTakeFirstOrThrow();
      if (Number(open.n) >= LIMITS.openAdoptionApplicationsMax) throw new ApiHttpError(409, APPLY_MESSAGES.tooMany);
      const moved = await tx.updateTable('strayReports').set({ status: 'WAITING' }).where('id', '=', strayId).where('status', '=', 'PROTECTING').returning('id').executeTakeFirst();
      if (!moved) {
        const stray = await tx.selectFrom('strayReports').select('status').where('id', '=', strayId).executeTakeFirst();
        if (!stray || stray.status === 'LOST') throw new ApiHttpError(404, APPLY_MESSAGES.notFound);
        throw new ApiHttpError(409, APPLY_MESSAGES.notAvailable);
      }
      const row = await tx.insertInto('adoptionApplications').values({ strayId, applicantPk, adoptStatus: 'REQUESTED', approvedAt: null, decidedAt: null }).returning('id').executeTakeFirstOrThrow();
      return row.id;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new ApiHttpError(409, APPLY_MESSAGES.alreadyApplied);
    throw err;
  }
  await events?.publish(domainEvent('adoption.requested', { applicationId, strayId, applicantPk }));
}

interface LockedApplication {
  id: number;
  strayId: number;
  applicantPk: number;
  adoptStatus: 'REQUESTED' | 'APPROVED' | 'REJECTED';
}

/**
 * Locks the application's stray row, then the application row (always in that
 * order, so approve, reject and withdraw of one stray queue up instead of
 * deadlocking), and returns the application as it is after the wait.
 */
async function lockApplication(tx: Transaction<DB>, applicationId: number, notFound: string): Promise<LockedApplication> {
  const found = await tx.selectFrom('adoptionApplications').select('strayId').where('id', '=', applicationId).executeTakeFirst();
  if (!found) throw new ApiHttpError(404, notFound);
  await tx.selectFrom('strayReports').select('id').where('id', '=', found.strayId).forUpdate().executeTakeFirst();
  const app = await tx.selectFrom('adoptionApplications').select(['id', 'strayId', 'applicantPk', 'adoptStatus']).where('id', '=', applicationId).forUpdate().executeTakeFirst();
  // Withdrawn (deleted) while this transaction waited for the lock.
  if (!app) throw new ApiHttpError(404, notFound);
  return app;
}

/** A WAITING stray with no open application left is adoptable again. Returns the stray's status afterwards. */
async function reopenIfNoneOpen(tx: Transaction<DB>, strayId: number): Promise<string> {
  const open = await tx.selectFrom('adoptionApplications').select('id').where('strayId', '=', strayId).where('adoptStatus', '=', 'REQUESTED').executeTakeFirst();
  if (!open) await tx.updateTable('strayReports').set({ status: 'PROTECTING' }).where('id', '=', strayId).where('status', '=', 'WAITING').execute();
  const stray = await tx.selectFrom('strayReports').select('status').where('id', '=', strayId).executeTakeFirstOrThrow();
  return stray.status;
}

/**
 * Approve a REQUESTED application: it becomes APPROVED with approvedAt, the
 * stray becomes ADOPT, and every other open application for that stray is
 * REJECTED — all or nothing. Every applicant decided here is told through
 * `events` once the transaction has committed.
 */
export async function approve(db: Kysely<DB>, applicationId: number, events?: EventBus): Promise<void> {
  const decided = await db.transaction().execute(async (tx) => {
    const app = await lockApplication(tx, applicationId, APPROVE_MESSAGES.notFound);
    if (app.adoptStatus !== 'REQUESTED') throw new ApiHttpError(409, APPROVE_MESSAGES.notRequested);
    await tx.updateTable('adoptionApplications').set({ adoptStatus: 'APPROVED', approvedAt: sql<Date>`now()`, decidedAt: sql<Date>`now()` }).where('id', '=', app.id).execute();
    await tx.updateTable('strayReports').set({ status: 'ADOPT' }).where('id', '=', app.strayId).execute();
    const others = await tx
      .updateTable('adoptionApplications')
      .set({ adoptStatus: 'REJECTED', decidedAt: sql<Date>`now()` })
      .where('strayId', '=', app.strayId)
      .where('adoptStatus', '=', 'REQUESTED')
      .returning(['id', 'applicantPk'])
      .execute();
    const out: AdoptionDecided[] = [domainEvent('adoption.decided', { applicationId: app.id, strayId: app.strayId, applicantPk: app.applicantPk, outcome: 'APPROVED', reason: 'APPROVED_BY_ADMIN' })];
    for (const o of others) out.push(domainEvent('adoption.decided', { applicationId: o.id, strayId: app.strayId, applicantPk: o.applicantPk, outcome: 'REJECTED', reason: 'ANOTHER_APPROVED' }));
    return out;
  });
  await events?.publish(...decided);
}

/**
 * Reject a REQUESTED application (admin). When it was the stray's last open
 * application, the stray goes back to PROTECTING. Returns the stray's status.
 */
export async function reject(db: Kysely<DB>, applicationId: number, events?: EventBus): Promise<string> {
  const { status, decided } = await db.transaction().execute(async (tx) => {
    const app = await lockApplication(tx, applicationId, REJECT_MESSAGES.notFound);
    if (app.adoptStatus !== 'REQUESTED') throw new ApiHttpError(409, REJECT_MESSAGES.notRequested);
    await tx.updateTable('adoptionApplications').set({ adoptStatus: 'REJECTED', decidedAt: sql<Date>`now()` }).where('id', '=', app.id).execute();
    const decided = domainEvent('adoption.decided', { applicationId: app.id, strayId: app.strayId, applicantPk: app.applicantPk, outcome: 'REJECTED', reason: 'REJECTED_BY_ADMIN' });
    return { status: await reopenIfNoneOpen(tx, app.strayId), decided };
  });
  await events?.publish(decided);
  return status;
}

/**
 * The applicant takes back their own REQUESTED application: the row is removed
 * (a withdrawn application was never decided, so it leaves no status behind and
 * the member may apply again). Someone else's application is a 404, as if it
 * did not exist. Returns the stray's status afterwards.
 */
export async function withdraw(db: Kysely<DB>, applicationId: number, applicantPk: number, events?: EventBus): Promise<string> {
  const { status, withdrawn } = await db.transaction().execute(async (tx) => {
    const app = await lockApplication(tx, applicationId, WITHDRAW_MESSAGES.notFound);
    if (app.applicantPk !== applicantPk) throw new ApiHttpError(404, WITHDRAW_MESSAGES.notFound);
    if (app.adoptStatus !== 'REQUESTED') throw new ApiHttpError(409, WITHDRAW_MESSAGES.notRequested);
    await tx.deleteFrom('adoptionApplications').where('id', '=', app.id).execute();
    const withdrawn = domainEvent('adoption.decided', { applicationId: app.id, strayId: app.strayId, applicantPk, outcome: 'WITHDRAWN', reason: 'WITHDRAWN_BY_APPLICANT' });
    return { status: await reopenIfNoneOpen(tx, app.strayId), withdrawn };
  });
  await events?.publish(withdrawn);
  return status;
}
