import type { FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER, type ShelterAnimal, type ShelterListQuery, type SyncRun } from '@pawbridge/shared';
import type { BffConfig } from '../config/env';
import { BffError } from '../errors/bff-error';
import { normaliseShelterAnimal, normaliseShelterList, normaliseSyncRuns, totalOf } from '../normalisers/shelter.normaliser';
import { isOk, toBffError, type UpstreamClient } from './client';
import { publicFailure } from './strays.gateway';
import { shelterUpstream } from './shelter.upstream';

export interface ShelterPage {
  items: ShelterAnimal[];
  total: number;
  /** False in front of the legacy Spring service, which lists no shelter animals. */
  available: boolean;
}

export interface ShelterImage {
  type: string;
  length: string | null;
  body: ReadableStream<Uint8Array>;
}

const notFound = () => BffError.because(404, 'NOT_FOUND', 'SHELTER_ANIMAL_NOT_FOUND');
const unsupported = () => BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'SHELTER_UNSUPPORTED');

/**
 * Shelter animals (public) and their sync (admin) against either upstream.
 * Our api has them; in front of the legacy the feature is off: the list is
 * empty (and says so), everything else is not found or unsupported.
 */
export class ShelterGateway {
  private readonly up;
  private readonly legacy: boolean;
  constructor(client: UpstreamClient, kind: BffConfig['upstreamKind']) {
    this.up = shelterUpstream(client);
    this.legacy = kind === 'legacy';
  }

  async list(request: FastifyRequest, q: ShelterListQuery): Promise<ShelterPage> {
    if (this.legacy) return { items: [], total: 0, available: false };
    const res = await this.up.list(request, q);
    if (!isOk(res)) throw publicFailure(res);
    const items = normaliseShelterList(res.json);
    return { items, total: totalOf(res.headers.get(TOTAL_COUNT_HEADER), (q.page - 1) * q.size + items.length), available: true };
  }

  async detail(request: FastifyRequest, desertionNo: string): Promise<ShelterAnimal> {
    if (this.legacy) throw notFound();
    const res = await this.up.detail(request, desertionNo);
    if (res.status === 404) throw notFound();
    if (!isOk(res)) throw publicFailure(res);
    const animal = normaliseShelterAnimal(res.json);
    if (!animal) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    return animal;
  }

  /** A photo through our api's image proxy; anything but an image is "unavailable", never passed on. */
  async image(request: FastifyRequest, desertionNo: string, n: string): Promise<ShelterImage> {
    if (this.legacy) throw BffError.because(404, 'NOT_FOUND', 'SHELTER_IMAGE_UNAVAILABLE');
    const res = await this.up.image(request, desertionNo, n);
    const type = res.headers.get('content-type') ?? '';
    if (res.status === 200 && res.body && /^image\/(jpeg|webp|png)$/.test(type.split(';')[0]?.trim() ?? ''))
      return { type, length: res.headers.get('content-length'), body: res.body };
    await res.discard();
    if (res.status === 404 || res.status === 200) throw BffError.because(404, 'NOT_FOUND', 'SHELTER_IMAGE_UNAVAILABLE');
    throw BffError.because(502, 'UPSTREAM_UNAVAILABLE', 'SHELTER_IMAGE_UNAVAILABLE');
  }

  async startSync(request: FastifyRequest): Promise<{ runId: number }> {
    if (this.legacy) throw unsupported();
    const res = await this.up.startSync(request);
    if (res.status === 409) throw BffError.because(409, 'CONFLICT', 'SHELTER_SYNC_RUNNING');
    if (res.status === 503) throw BffError.because(503, 'UPSTREAM_UNSUPPORTED', 'SHELTER_SYNC_UNCONFIGURED');
    if (!isOk(res)) throw toBffError(res);
    const runId = (res.json as { runId?: unknown } | undefined)?.runId;
    if (typeof runId !== 'number' || !Number.isInteger(runId)) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    return { runId };
  }

  async runs(request: FastifyRequest, q: { page: number; size: number }): Promise<{ items: SyncRun[]; total: number }> {
    if (this.legacy) return { items: [], total: 0 };
    const res = await this.up.runs(request, q);
    if (!isOk(res)) throw toBffError(res);
    const items = normaliseSyncRuns(res.json);
    return { items, total: totalOf(res.headers.get(TOTAL_COUNT_HEADER), (q.page - 1) * q.size + items.length) };
  }
}
