import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Pet, PetEditRequest, PetRegisterRequest } from '@pawbridge/shared';
import { BffError } from '../../errors/bff-error';
import type { UpstreamPet } from '../../normalisers/pet.normaliser';
import { isOk, refusedInBody, toBffError, type UpstreamClient, type UpstreamResponse } from '../client';
import { dtoOf, duplicate, SharedPetsGateway, writeError } from '../pets.gateway';
import type { PetWriteDto, PhotoUpload } from '../pets.upstream';

/**
 * Dogs in front of the legacy Spring service: it allows a registration number
 * twice, answers no stored dog and never reveals the key its edit needs
 * (docs/decisions/0008).
 */
export class LegacyPetsGateway extends SharedPetsGateway {
  constructor(
    client: UpstreamClient,
    private readonly log: FastifyBaseLogger,
  ) {
    super(client);
  }

  /** Checked first, then read back from the owner's list. */
  async register(request: FastifyRequest, input: PetRegisterRequest, photo: PhotoUpload): Promise<Pet> {
    await this.checkNumberFree(request, input.petId);
    const res = await this.up.register(request, input, photo);
    if (!isOk(res) || refusedInBody(res)) throw writeError(res, []);
    return (await this.owned(request, input.petId)).pet;
  }

  /**
   * The legacy allows the same registration number twice, and its delete then
   * finds another owner's dog first, so neither owner can edit or delete theirs.
   * Refused before forwarding: the caller's own list (409 ALREADY_EXISTS), then
   * anyone else's. The legacy has no lookup by number, but its delete by number
   * answers 400 "not yours" when the first dog with that number belongs to
   * someone else and 500 "not found" when there is none — without deleting
   * anything, since the caller owns no dog with that number (checked just before).
   */
  private async checkNumberFree(request: FastifyRequest, petId: string): Promise<void> {
    if ((await this.list(request)).some((p) => p.pet.petId === petId)) throw duplicate();
    const probe = await this.up.remove(request, petId);
    if (probe.status === 400) throw BffError.because(409, 'REGISTRATION_NUMBER_SHARED', 'PET_NUMBER_SHARED');
    if (isOk(probe)) {
      // Cannot happen by the contract (the caller owns no such dog); say so loudly rather than guess.
      this.log.error({ petId }, 'legacy delete probe deleted a dog');
      throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    }
    if (probe.status === 401 || probe.loginRedirect) throw toBffError(probe);
  }

  async update(request: FastifyRequest, petId: string, fields: PetEditRequest | undefined, photo: PhotoUpload | undefined): Promise<Pet> {
    const current = await this.owned(request, petId);
    const dto = dtoOf(current.pet, fields);
    if (current.key !== null) {
      const res = await this.up.edit(request, current.key, dto, photo);
      if (!isOk(res) || refusedInBody(res)) throw writeError(res, [404, 500]);
    } else {
      await this.replace(request, current, dto, photo);
    }
    return (await this.owned(request, petId)).pet;
  }

  /** In the caller's own list, so a 400 "not yours" means the legacy's delete found another owner's dog with the same number first. */
  protected removeError(res: UpstreamResponse): BffError {
    if (res.status === 400) return BffError.because(409, 'REGISTRATION_NUMBER_SHARED', 'PET_NUMBER_SHARED_ON_LEGACY');
    return writeError(res, [400, 404, 500]);
  }

  /**
   * Spring never reveals the database key its PUT needs, so an edit there is
   * a delete by registration number followed by a re-registration with the
   * same number — carrying the current photo over when no new one is given.
   * If the re-registration fails, the dog is put back as it was.
   */
  private async replace(request: FastifyRequest, current: UpstreamPet, dto: PetWriteDto, photo: PhotoUpload | undefined): Promise<void> {
    let oldPhoto: PhotoUpload | null = null;
    if (current.profile) {
      const res = await this.up.photo(request, current.profile);
      const type = res.headers.get('content-type') ?? '';
      if (res.status !== 200 || !type.startsWith('image/')) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
      oldPhoto = { bytes: res.body, mime: type.split(';')[0] ?? type, filename: current.profile.split('/').pop() ?? 'photo' };
    }
    const removed = await this.up.remove(request, current.pet.petId);
    if (!isOk(removed)) throw this.removeError(removed);
    const added = await this.up.register(request, dto, photo ?? oldPhoto);
    if (isOk(added)) return;
    const restored = await this.up.register(request, dtoOf(current.pet), oldPhoto);
    this.log.error(
      { status: added.status, restored: restored.status, petId: current.pet.petId },
      'legacy pet edit failed; original re-registered',
    );
    throw toBffError(added.status === 401 || added.loginRedirect ? added : { ...added, status: 502 });
  }
}
