import type { FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER, type ShelterAnimal, type ShelterListQuery, type SyncRun } from '@pawbridge/shared';
import { BffError } from '../../errors/bff-error';
import { normaliseShelterAnimal, normaliseShelterList, normaliseSyncRuns, totalOf } from '../../normalisers/shelter.normaliser';
import { isOk, toBffError, type UpstreamClient } from '../client';
import { notFound, type ShelterGateway, type ShelterImage, type ShelterPage } from '../shelter.gateway';
import { shelterUpstream } from '../shelter.upstream';
import { publicFailure } from '../strays.gateway';

/** Shelter animals and their sync, our api's own feature. */
export class ApiShelterGateway implements ShelterGateway {
  private readonly up;
  constructor(client: UpstreamClient) {
    this.up = shelterUpstream(client);
  }

  async list(request: FastifyRequest, q: ShelterListQuery): Promise<ShelterPage> {
    const res = await this.up.list(request, q);
    if (!isOk(res)) throw publicFailure(res);
    const items = normaliseShelterList(res.json);
    return { items, total: totalOf(res.headers.get(TOTAL_COUNT_HEADER), (q.page - 1) * q.size + items.length), available: true };
  }

  async detail(request: FastifyRequest, desertionNo: string): Promise<ShelterAnimal> {
    const res = await this.up.detail(request, desertionNo);
    if (res.status === 404) throw notFound();
    if (!isOk(res)) throw publicFailure(res);
    const animal = normaliseShelterAnimal(res.json);
    if (!animal) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    return animal;
  }

  /** Through our api's image proxy. */
  async image(request: FastifyRequest, desertionNo: string, n: string): Promise<ShelterImage> {
    const res = await this.up.image(request, desertionNo, n);
    const type = res.headers.get('content-type') ?? '';
    if (res.status === 200 && res.body && /^image\/(jpeg|webp|png)$/.test(type.split(';')[0]?.trim() ?? ''))
      return { type, length: res.headers.get('content-length'), body: res.body };
    await res.discard();
    if (res.status === 404 || res.status === 200) throw BffError.because(404, 'NOT_FOUND', 'SHELTER_IMAGE_UNAVAILABLE');
    throw BffError.because(502, 'UPSTREAM_UNAVAILABLE', 'SHELTER_IMAGE_UNAVAILABLE');
  }

  async startSync(request: FastifyRequest): Promise<{ runId: number }> {
    const res = await this.up.startSync(request);
    if (res.status === 409) throw BffError.because(409, 'CONFLICT', 'SHELTER_SYNC_RUNNING');
    if (res.status === 503) throw BffError.because(503, 'UPSTREAM_UNSUPPORTED', 'SHELTER_SYNC_UNCONFIGURED');
    if (!isOk(res)) throw toBffError(res);
    const runId = (res.json as { runId?: unknown } | undefined)?.runId;
    if (typeof runId !== 'number' || !Number.isInteger(runId)) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    return { runId };
  }

  async runs(request: FastifyRequest, q: { page: number; size: number }): Promise<{ items: SyncRun[]; total: number }> {
    const res = await this.up.runs(request, q);
    if (!isOk(res)) throw toBffError(res);
    const items = normaliseSyncRuns(res.json);
    return { items, total: totalOf(res.headers.get(TOTAL_COUNT_HEADER), (q.page - 1) * q.size + items.length) };
  }
}
