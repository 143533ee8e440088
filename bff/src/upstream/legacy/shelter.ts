import type { ShelterAnimal, SyncRun } from '@pawbridge/shared';
import { BffError } from '../../errors/bff-error';
import { notFound, unsupported, type ShelterGateway, type ShelterImage, type ShelterPage } from '../shelter.gateway';

/** The legacy lists no shelter animals: the feature is off — the list is empty (and says so), the rest not found or unsupported. */
export class LegacyShelterGateway implements ShelterGateway {
  async list(): Promise<ShelterPage> {
    return { items: [], total: 0, available: false };
  }

  async detail(): Promise<ShelterAnimal> {
    throw notFound();
  }

  async image(): Promise<ShelterImage> {
    throw BffError.because(404, 'NOT_FOUND', 'SHELTER_IMAGE_UNAVAILABLE');
  }

  async startSync(): Promise<{ runId: number }> {
    throw unsupported();
  }

  async runs(): Promise<{ items: SyncRun[]; total: number }> {
    return { items: [], total: 0 };
  }
}
