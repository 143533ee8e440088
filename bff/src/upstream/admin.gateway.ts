import type { FastifyRequest } from 'fastify';
import type { AdoptionApplication, PageQuery, PetStatus, Stray } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { normaliseApplicationList, withStrayIds } from '../normalisers/adoption.normaliser';
import { normaliseStrayList } from '../normalisers/stray.normaliser';
import { adoptionFeatures, adoptionUpstream, strayStatusAfter } from './adoption.upstream';
import { isOk, toBffError, type UpstreamClient } from './client';
import { pageFrom, type Page } from './paging';
import { straysUpstream } from './strays.upstream';

const reportNotFound = () => BffError.because(404, 'NOT_FOUND', 'REPORT_NOT_FOUND');
const applicationNotFound = () => BffError.because(404, 'NOT_FOUND', 'APPLICATION_NOT_FOUND');

/**
 * Admin review of reports and applications against either upstream. The
 * legacy registers and approves anything, even twice: every action is checked
 * against the current state first (callers have passed requireAdmin).
 */
export class AdminGateway {
  private readonly strays;
  private readonly adoption;
  constructor(client: UpstreamClient) {
    this.strays = straysUpstream(client);
    this.adoption = adoptionUpstream(client);
  }

  async reports(request: FastifyRequest): Promise<Stray[]> {
    const res = await this.strays.adminList(request);
    if (!isOk(res)) throw toBffError(res);
    return normaliseStrayList(res.json);
  }

  /** One page of every report, newest first (the legacy's whole list is sorted and cut here). */
  async reportsPage(request: FastifyRequest, page: PageQuery): Promise<Page<Stray>> {
    const res = await this.strays.adminList(request, page);
    if (!isOk(res)) throw toBffError(res);
    return pageFrom(
      res,
      normaliseStrayList(res.json).sort((a, b) => b.id - a.id),
      page,
    );
  }

  /** LOST → PROTECTING. */
  async registerReport(request: FastifyRequest, id: number): Promise<void> {
    const stray = (await this.reports(request)).find((s) => s.id === id);
    if (!stray) throw reportNotFound();
    if (stray.status !== 'LOST') throw BffError.because(409, 'INVALID_STATE', 'REPORT_ALREADY_REGISTERED');
    const res = await this.strays.adminRegister(request, id);
    // The legacy checks a login-time snapshot only its JSON login writes: a social-login admin, logged in
    // all the same, hears 401 (legacy-contract §3.3). Saying "log in" would loop; say what works instead.
    if (res.status === 401 && !res.loginRedirect) throw BffError.because(403, 'FORBIDDEN', 'ADMIN_LOCAL_LOGIN_REQUIRED');
    if (!isOk(res))
      throw toBffError(res, { 409: BffError.because(409, 'INVALID_STATE', 'REPORT_ALREADY_REGISTERED'), 404: reportNotFound() });
  }

  /** Every application plus what the upstream announces it can do with them (reject: our api only). */
  private async applicationsWithFeatures(request: FastifyRequest): Promise<{ apps: AdoptionApplication[]; features: Set<string> }> {
    const res = await this.adoption.adminApplications(request);
    if (!isOk(res)) throw toBffError(res);
    return { apps: normaliseApplicationList(res.json), features: adoptionFeatures(res) };
  }

  /**
   * One page of every application, newest first, with the stray ids filled in
   * where the upstream leaves them out (the legacy; the report list is read only then).
   */
  async applicationsPage(request: FastifyRequest, page: PageQuery): Promise<Page<AdoptionApplication>> {
    const res = await this.adoption.adminApplications(request, page);
    if (!isOk(res)) throw toBffError(res);
    const { items, total } = pageFrom(res, normaliseApplicationList(res.json), page);
    if (!items.some((a) => a.adoptPetId === null && a.petImageUrl)) return { items, total };
    return { items: withStrayIds(items, await this.reports(request).catch(() => [])), total };
  }

  async approve(request: FastifyRequest, id: number): Promise<void> {
    const application = (await this.applicationsWithFeatures(request)).apps.find((a) => a.id === id);
    if (!application) throw applicationNotFound();
    if (application.adoptStatus !== 'REQUESTED') throw BffError.because(409, 'INVALID_STATE', 'APPROVE_NOT_REQUESTED');
    const res = await this.adoption.approve(request, id);
    if (!isOk(res))
      throw toBffError(res, { 409: BffError.because(409, 'INVALID_STATE', 'APPROVE_NOT_REQUESTED'), 404: applicationNotFound() });
  }

  /** Reject a REQUESTED application (our api only); the stray's status after. */
  async reject(request: FastifyRequest, id: number): Promise<PetStatus | null> {
    const { apps, features } = await this.applicationsWithFeatures(request);
    if (!features.has('reject')) throw BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'REJECT_UNSUPPORTED');
    const application = apps.find((a) => a.id === id);
    if (!application) throw applicationNotFound();
    if (application.adoptStatus !== 'REQUESTED') throw BffError.because(409, 'INVALID_STATE', 'REJECT_NOT_REQUESTED');
    const res = await this.adoption.reject(request, id);
    if (!isOk(res))
      throw toBffError(res, { 409: BffError.because(409, 'INVALID_STATE', 'REJECT_NOT_REQUESTED'), 404: applicationNotFound() });
    return strayStatusAfter(res);
  }
}
