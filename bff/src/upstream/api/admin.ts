import type { FastifyRequest } from 'fastify';
import type { AdoptionApplication, PageQuery, PetStatus, Stray } from '@pawbridge/shared';
import { normaliseApplicationList } from '../../normalisers/adoption.normaliser';
import { applicationNotFound } from '../adoption.gateway';
import { adoptionUpstream, strayStatusAfter } from '../adoption.upstream';
import {
  approveNotRequested,
  rejectNotRequested,
  reportAlreadyRegistered,
  reportNotFound,
  reportsPageFrom,
  type AdminGateway,
} from '../admin.gateway';
import { isOk, toBffError, type UpstreamClient } from '../client';
import { pageFrom, type Page } from '../paging';
import { straysUpstream } from '../strays.upstream';

/** Admin review in front of our api: it checks every state change itself and pages its lists — one call per action. */
export class ApiAdminGateway implements AdminGateway {
  private readonly strays;
  private readonly adoption;
  constructor(client: UpstreamClient) {
    this.strays = straysUpstream(client);
    this.adoption = adoptionUpstream(client);
  }

  async reportsPage(request: FastifyRequest, page: PageQuery): Promise<Page<Stray>> {
    return reportsPageFrom(await this.strays.adminList(request, page), page);
  }

  async registerReport(request: FastifyRequest, id: number, name?: string): Promise<void> {
    const res = await this.strays.adminRegister(request, id, name);
    if (!isOk(res)) throw toBffError(res, { 409: reportAlreadyRegistered(), 404: reportNotFound() });
  }

  async renameStray(request: FastifyRequest, id: number, name: string): Promise<void> {
    const res = await this.strays.adminRename(request, id, name);
    if (!isOk(res)) throw toBffError(res, { 404: reportNotFound() });
  }

  async applicationsPage(request: FastifyRequest, page: PageQuery): Promise<Page<AdoptionApplication>> {
    const res = await this.adoption.adminApplications(request, page);
    if (!isOk(res)) throw toBffError(res);
    return pageFrom(res, normaliseApplicationList(res.json), page);
  }

  async approve(request: FastifyRequest, id: number): Promise<void> {
    const res = await this.adoption.approve(request, id);
    if (!isOk(res)) throw toBffError(res, { 409: approveNotRequested(), 404: applicationNotFound() });
  }

  async reject(request: FastifyRequest, id: number): Promise<PetStatus | null> {
    const res = await this.adoption.reject(request, id);
    if (!isOk(res)) throw toBffError(res, { 409: rejectNotRequested(), 404: applicationNotFound() });
    return strayStatusAfter(res);
  }
}
