import type { FastifyRequest } from 'fastify';
import type { AdoptionApplication, PageQuery, PetStatus, Stray } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { normaliseStrayList } from '../normalisers/stray.normaliser';
import { isOk, toBffError, type UpstreamResponse } from './client';
import { pageFrom, type Page } from './paging';

export const reportNotFound = (): BffError => BffError.because(404, 'NOT_FOUND', 'REPORT_NOT_FOUND');
export const reportAlreadyRegistered = (): BffError => BffError.because(409, 'INVALID_STATE', 'REPORT_ALREADY_REGISTERED');
export const approveNotRequested = (): BffError => BffError.because(409, 'INVALID_STATE', 'APPROVE_NOT_REQUESTED');
export const strayNameUnsupported = (): BffError => BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'STRAY_NAME_UNSUPPORTED');
export const rejectNotRequested = (): BffError => BffError.because(409, 'INVALID_STATE', 'REJECT_NOT_REQUESTED');

/** Admin review of reports and adoption applications (spec §2, §7 Strays and admin); callers have passed requireAdmin. */
export interface AdminGateway {
  /** One page of every report, newest first. */
  reportsPage(request: FastifyRequest, page: PageQuery): Promise<Page<Stray>>;
  /** LOST → PROTECTING, named `name` when given (our api only: 501 on the legacy). */
  registerReport(request: FastifyRequest, id: number, name?: string): Promise<void>;
  /** The admin renames a dog later (our api only: 501 on the legacy). */
  renameStray(request: FastifyRequest, id: number, name: string): Promise<void>;
  /** One page of every application, newest first. */
  applicationsPage(request: FastifyRequest, page: PageQuery): Promise<Page<AdoptionApplication>>;
  approve(request: FastifyRequest, id: number): Promise<void>;
  /** Reject a REQUESTED application; the stray's status after. */
  reject(request: FastifyRequest, id: number): Promise<PetStatus | null>;
}

/** A page of the report list, newest first (a whole legacy list is sorted and cut here). */
export function reportsPageFrom(res: UpstreamResponse, page: PageQuery): Page<Stray> {
  if (!isOk(res)) throw toBffError(res);
  return pageFrom(
    res,
    normaliseStrayList(res.json).sort((a, b) => b.id - a.id),
    page,
  );
}
