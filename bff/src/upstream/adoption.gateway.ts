import type { FastifyRequest } from 'fastify';
import type { AdoptionApplication, PageQuery, PetStatus, SessionUser } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import type { Page } from './paging';

/** Members' adoption calls (spec §7 Adoption). */
export interface AdoptionGateway {
  /** Apply for the stray; refused with ALREADY_APPLIED, INVALID_STATE, APPLICATION_LIMIT_REACHED or 404. */
  apply(request: FastifyRequest, user: SessionUser, strayId: number): Promise<void>;
  /** One page of the caller's applications, newest first. */
  minePage(request: FastifyRequest, user: SessionUser, page: PageQuery): Promise<Page<AdoptionApplication>>;
  /** Withdraw one of the caller's REQUESTED applications; the stray's status after. */
  withdraw(request: FastifyRequest, user: SessionUser, applicationId: number): Promise<PetStatus | null>;
}

export const applicationNotFound = (): BffError => BffError.because(404, 'NOT_FOUND', 'APPLICATION_NOT_FOUND');
export const strayNotListed = (): BffError => BffError.because(404, 'NOT_FOUND', 'STRAY_NOT_LISTED');
export const strayNotAvailable = (): BffError => BffError.because(409, 'INVALID_STATE', 'STRAY_NOT_AVAILABLE');
export const alreadyApplied = (): BffError => new BffError(409, 'ALREADY_APPLIED');
export const rejectedBefore = (): BffError => BffError.because(409, 'ALREADY_APPLIED', 'ADOPTION_REJECTED_BEFORE');
export const limitReached = (): BffError => new BffError(409, 'APPLICATION_LIMIT_REACHED');
export const applyFailures = {
  401: BffError.because(401, 'UNAUTHENTICATED', 'APPLY_LOGIN_REQUIRED'),
  404: strayNotListed(),
};

/** A member's own list never carries contact details (they are for the admin). */
export const withoutContact = (apps: AdoptionApplication[]): AdoptionApplication[] =>
  apps.map((a) => ({ ...a, applicantName: null, applicantEmail: null, applicantPhone: null }));
