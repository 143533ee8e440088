import { LIMITS, type PageWindow, type Paged, DEFAULT_ERROR_MESSAGES, OK_MESSAGES, ERROR_REASON_MESSAGES } from '@pawbridge/shared';
import type { ApiContext } from '../../context';
import { ApiHttpError } from '../../lib/errors';
import { domainEvent, type AdoptionDecided } from '../../events';
import { AdoptionRepository, type ApplicationRow, type LockedApplication } from './adoption.repository';

export const APPLY_MESSAGES = {
  done: '신청 완료',
  alreadyApplied: DEFAULT_ERROR_MESSAGES.ALREADY_APPLIED,
  rejectedBefore: ERROR_REASON_MESSAGES.ADOPTION_REJECTED_BEFORE,
  notAvailable: ERROR_REASON_MESSAGES.STRAY_NOT_AVAILABLE,
  notFound: '유기견 없음',
  tooMany: `진행 중인 입양 신청은 최대 ${LIMITS.openAdoptionApplicationsMax}건까지 할 수 있습니다.`,
} as const;

export const APPROVE_MESSAGES = {
  done: '입양이 승인되었습니다.',
  notRequested: ERROR_REASON_MESSAGES.APPROVE_NOT_REQUESTED,
  notFound: ERROR_REASON_MESSAGES.APPLICATION_NOT_FOUND,
} as const;

export const REJECT_MESSAGES = {
  done: '입양 신청이 거절되었습니다.',
  notRequested: ERROR_REASON_MESSAGES.REJECT_NOT_REQUESTED,
  notFound: APPROVE_MESSAGES.notFound,
} as const;

export const WITHDRAW_MESSAGES = {
  done: OK_MESSAGES.ADOPTION_WITHDRAWN,
  notRequested: ERROR_REASON_MESSAGES.WITHDRAW_NOT_REQUESTED,
  notFound: APPROVE_MESSAGES.notFound,
} as const;

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

export type ApplicationDto = ReturnType<typeof toApplicationDto>;

/**
 * Why an apply was refused, in the `x-pawbridge-reason` header (the body stays
 * the legacy's sentence): a gateway answers from it in one call.
 */
export const APPLY_REFUSALS = {
  alreadyApplied: 'ALREADY_APPLIED',
  rejectedBefore: 'REJECTED_BEFORE',
  notAvailable: 'NOT_AVAILABLE',
  notListed: 'NOT_LISTED',
  tooMany: 'LIMIT_REACHED',
} as const;

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/**
 * Adoption applications and what they do to the stray. Plain values in;
 * `ApiHttpError` (legacy body) or results out. `adoption.requested` and
 * `adoption.decided` go out on ctx.events once each transaction has committed.
 */
export class AdoptionService {
  private readonly repo: AdoptionRepository;

  constructor(private readonly ctx: ApiContext) {
    this.repo = new AdoptionRepository(ctx.db);
  }

  /** Every application, with the applicant's contact (admins; the route checks). */
  async listAll(w: PageWindow): Promise<Paged<ApplicationDto>> {
    const { rows, total } = await this.repo.listApplications(w);
    return { rows: rows.map((r) => toApplicationDto(r, true)), total };
  }

  /** The member's own applications (the legacy returns everyone's). */
  async listOf(applicantPk: number, w: PageWindow): Promise<Paged<ApplicationDto>> {
    const { rows, total } = await this.repo.listApplicationsOf(applicantPk, w);
    return { rows: rows.map((r) => toApplicationDto(r)), total };
  }

  /**
   * Apply for a PROTECTING stray: the stray moves to WAITING and the application
   * row is inserted in one transaction, so a WAITING stray always has an open
   * application. Refused: a repeat by the same member (409, also under a race via
   * the unique index on stray + applicant; a rejected application stays and
   * blocks a retry for that stray), and more than LIMITS.openAdoptionApplicationsMax
   * open applications per member (409). The member's user row is locked first,
   * so concurrent applications by one member cannot slip past the cap.
   */
  async apply(strayId: number, applicantPk: number): Promise<void> {
    let applicationId: number;
    try {
      applicationId = await this.repo.transaction(async (tx) => {
        await tx.lockMember(applicantPk);
        const previous = await tx.previousStatus(strayId, applicantPk);
        if (previous)
          throw previous === 'REJECTED'
            ? new ApiHttpError(409, APPLY_MESSAGES.rejectedBefore, APPLY_REFUSALS.rejectedBefore)
            : new ApiHttpError(409, APPLY_MESSAGES.alreadyApplied, APPLY_REFUSALS.alreadyApplied);
        if ((await tx.countOpenOf(applicantPk)) >= LIMITS.openAdoptionApplicationsMax)
          throw new ApiHttpError(409, APPLY_MESSAGES.tooMany, APPLY_REFUSALS.tooMany);
        if (!(await tx.moveStray(strayId, 'PROTECTING', 'WAITING'))) {
          const status = await tx.strayStatus(strayId);
          if (!status || status === 'LOST') throw new ApiHttpError(404, APPLY_MESSAGES.notFound, APPLY_REFUSALS.notListed);
          throw new ApiHttpError(409, APPLY_MESSAGES.notAvailable, APPLY_REFUSALS.notAvailable);
        }
        return tx.insertApplication(strayId, applicantPk);
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw new ApiHttpError(409, APPLY_MESSAGES.alreadyApplied, APPLY_REFUSALS.alreadyApplied);
      throw err;
    }
    await this.ctx.events.publish(domainEvent('adoption.requested', { applicationId, strayId, applicantPk }));
  }

  /**
   * Approve a REQUESTED application: it becomes APPROVED with approvedAt, the
   * stray becomes ADOPT, and every other open application for that stray is
   * REJECTED — all or nothing. Every applicant decided here is told once the
   * transaction has committed.
   */
  async approve(applicationId: number): Promise<void> {
    const decided = await this.repo.transaction(async (tx) => {
      const app = await locked(tx, applicationId, APPROVE_MESSAGES.notFound);
      if (app.adoptStatus !== 'REQUESTED') throw new ApiHttpError(409, APPROVE_MESSAGES.notRequested);
      await tx.markApproved(app.id);
      await tx.moveStray(app.strayId, null, 'ADOPT');
      const others = await tx.rejectOpenFor(app.strayId);
      const out: AdoptionDecided[] = [
        domainEvent('adoption.decided', {
          applicationId: app.id,
          strayId: app.strayId,
          applicantPk: app.applicantPk,
          outcome: 'APPROVED',
          reason: 'APPROVED_BY_ADMIN',
        }),
      ];
      for (const o of others)
        out.push(
          domainEvent('adoption.decided', {
            applicationId: o.id,
            strayId: app.strayId,
            applicantPk: o.applicantPk,
            outcome: 'REJECTED',
            reason: 'ANOTHER_APPROVED',
          }),
        );
      return out;
    });
    await this.ctx.events.publish(...decided);
  }

  /**
   * Reject a REQUESTED application (admin). When it was the stray's last open
   * application, the stray goes back to PROTECTING. Returns the stray's status.
   */
  async reject(applicationId: number): Promise<string> {
    const { status, decided } = await this.repo.transaction(async (tx) => {
      const app = await locked(tx, applicationId, REJECT_MESSAGES.notFound);
      if (app.adoptStatus !== 'REQUESTED') throw new ApiHttpError(409, REJECT_MESSAGES.notRequested);
      await tx.markRejected(app.id);
      const decided = domainEvent('adoption.decided', {
        applicationId: app.id,
        strayId: app.strayId,
        applicantPk: app.applicantPk,
        outcome: 'REJECTED',
        reason: 'REJECTED_BY_ADMIN',
      });
      return { status: await reopenIfNoneOpen(tx, app.strayId), decided };
    });
    await this.ctx.events.publish(decided);
    return status;
  }

  /**
   * The applicant takes back their own REQUESTED application: the row is removed
   * (a withdrawn application was never decided, so it leaves no status behind and
   * the member may apply again). Someone else's application is a 404, as if it
   * did not exist. Returns the stray's status afterwards.
   */
  async withdraw(applicationId: number, applicantPk: number): Promise<string> {
    const { status, withdrawn } = await this.repo.transaction(async (tx) => {
      const app = await locked(tx, applicationId, WITHDRAW_MESSAGES.notFound);
      if (app.applicantPk !== applicantPk) throw new ApiHttpError(404, WITHDRAW_MESSAGES.notFound);
      if (app.adoptStatus !== 'REQUESTED') throw new ApiHttpError(409, WITHDRAW_MESSAGES.notRequested);
      await tx.deleteApplication(app.id);
      const withdrawn = domainEvent('adoption.decided', {
        applicationId: app.id,
        strayId: app.strayId,
        applicantPk,
        outcome: 'WITHDRAWN',
        reason: 'WITHDRAWN_BY_APPLICANT',
      });
      return { status: await reopenIfNoneOpen(tx, app.strayId), withdrawn };
    });
    await this.ctx.events.publish(withdrawn);
    return status;
  }
}

/** The locked application, or a 404 (also when it was withdrawn while this transaction waited for the lock). */
async function locked(tx: AdoptionRepository, applicationId: number, notFound: string): Promise<LockedApplication> {
  const app = await tx.lockApplication(applicationId);
  if (!app) throw new ApiHttpError(404, notFound);
  return app;
}

/** A WAITING stray with no open application left is adoptable again. Returns the stray's status afterwards. */
async function reopenIfNoneOpen(tx: AdoptionRepository, strayId: number): Promise<string> {
  if (!(await tx.hasOpenFor(strayId))) await tx.moveStray(strayId, 'WAITING', 'PROTECTING');
  const status = await tx.strayStatus(strayId);
  if (!status) throw new Error(`stray ${strayId} vanished inside its own lock`);
  return status;
}
