import type { FastifyRequest } from 'fastify';
import { mayRegisterReport, type AdoptionApplication, type PageQuery, type PetStatus, type Stray } from '@pawbridge/shared';
import { BffError } from '../../errors/bff-error';
import { normaliseApplicationList, withStrayIds } from '../../normalisers/adoption.normaliser';
import { normaliseStrayList } from '../../normalisers/stray.normaliser';
import { applicationNotFound } from '../adoption.gateway';
import { adoptionUpstream } from '../adoption.upstream';
import {
  approveNotRequested,
  reportAlreadyRegistered,
  reportNotFound,
  reportsPageFrom,
  strayNameUnsupported,
  type AdminGateway,
} from '../admin.gateway';
import { isOk, toBffError, type UpstreamClient } from '../client';
import { pageFrom, type Page } from '../paging';
import { straysUpstream } from '../strays.upstream';

/**
 * Admin review in front of the legacy Spring service, which registers and
 * approves anything, even twice: every action is checked against the current
 * state first. It has no reject.
 */
export class LegacyAdminGateway implements AdminGateway {
  private readonly strays;
  private readonly adoption;
  constructor(client: UpstreamClient) {
    this.strays = straysUpstream(client);
    this.adoption = adoptionUpstream(client);
  }

  private async reports(request: FastifyRequest): Promise<Stray[]> {
    const res = await this.strays.adminList(request);
    if (!isOk(res)) throw toBffError(res);
    return normaliseStrayList(res.json);
  }

  async reportsPage(request: FastifyRequest, page: PageQuery): Promise<Page<Stray>> {
    return reportsPageFrom(await this.strays.adminList(request, page), page);
  }

  /** The legacy's register copies the report without a name (legacy-contract §3.3) and has no rename. */
  async renameStray(): Promise<void> {
    throw strayNameUnsupported();
  }

  async registerReport(request: FastifyRequest, id: number, name?: string): Promise<void> {
    // A name would be lost silently: refuse before anything is registered (the web hides the field here).
    if (name !== undefined) throw strayNameUnsupported();
    const stray = (await this.reports(request)).find((s) => s.id === id);
    if (!stray) throw reportNotFound();
    if (!mayRegisterReport(stray.status)) throw reportAlreadyRegistered();
    const res = await this.strays.adminRegister(request, id);
    // The legacy checks a login-time snapshot only its JSON login writes: a social-login admin, logged in
    // all the same, hears 401 (legacy-contract §3.3). Saying "log in" would loop; say what works instead.
    if (res.status === 401 && !res.loginRedirect) throw BffError.because(403, 'FORBIDDEN', 'ADMIN_LOCAL_LOGIN_REQUIRED');
    if (!isOk(res)) throw toBffError(res, { 409: reportAlreadyRegistered(), 404: reportNotFound() });
  }

  /** The stray ids the legacy leaves out are filled in from the report list (read only then). */
  async applicationsPage(request: FastifyRequest, page: PageQuery): Promise<Page<AdoptionApplication>> {
    const res = await this.adoption.adminApplications(request, page);
    if (!isOk(res)) throw toBffError(res);
    const { items, total } = pageFrom(res, normaliseApplicationList(res.json), page);
    if (!items.some((a) => a.adoptPetId === null && a.petImageUrl)) return { items, total };
    return { items: withStrayIds(items, await this.reports(request).catch(() => [])), total };
  }

  /** Only a REQUESTED application, found in the whole list (the legacy has no lookup by id). */
  async approve(request: FastifyRequest, id: number): Promise<void> {
    const res = await this.adoption.adminApplications(request);
    if (!isOk(res)) throw toBffError(res);
    const application = normaliseApplicationList(res.json).find((a) => a.id === id);
    if (!application) throw applicationNotFound();
    if (application.adoptStatus !== 'REQUESTED') throw approveNotRequested();
    const done = await this.adoption.approve(request, id);
    if (!isOk(done)) throw toBffError(done, { 409: approveNotRequested(), 404: applicationNotFound() });
  }

  async reject(): Promise<PetStatus | null> {
    throw BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'REJECT_UNSUPPORTED');
  }
}
