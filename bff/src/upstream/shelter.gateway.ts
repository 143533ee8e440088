import type { FastifyRequest } from 'fastify';
import type { ShelterAnimal, ShelterListQuery, SyncRun } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';

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

export const notFound = () => BffError.because(404, 'NOT_FOUND', 'SHELTER_ANIMAL_NOT_FOUND');
export const unsupported = () => BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'SHELTER_UNSUPPORTED');

/** Shelter animals (public) and their sync (admin); our api has them, the legacy does not (upstream/legacy). */
export interface ShelterGateway {
  list(request: FastifyRequest, q: ShelterListQuery): Promise<ShelterPage>;
  detail(request: FastifyRequest, desertionNo: string): Promise<ShelterAnimal>;
  /** A photo; anything but an image is "unavailable", never passed on. */
  image(request: FastifyRequest, desertionNo: string, n: string): Promise<ShelterImage>;
  startSync(request: FastifyRequest): Promise<{ runId: number }>;
  runs(request: FastifyRequest, q: { page: number; size: number }): Promise<{ items: SyncRun[]; total: number }>;
}
