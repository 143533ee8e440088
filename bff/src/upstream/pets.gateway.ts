import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { PageQuery, Pet, PetEditRequest, PetRegisterRequest } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { normalisePet, normalisePetList, type UpstreamPet } from '../normalisers/pet.normaliser';
import type { BffConfig } from '../config/env';
import { isOk, refusedInBody, toBffError, type UpstreamClient, type UpstreamResponse } from './client';
import { pageFrom, type Page } from './paging';
import { answeredPet, petsUpstream, type PetWriteDto, type PhotoUpload } from './pets.upstream';

const notFound = () => BffError.because(404, 'NOT_FOUND', 'PET_NOT_FOUND');
const duplicate = () => BffError.because(409, 'ALREADY_EXISTS', 'PET_NUMBER_DUPLICATE');

/**
 * Legacy failures and their meaning: a 500 `{success:false}` on edit means
 * "not found or not yours", a 400 on delete "not yours", a 500 on delete
 * "not found" — all answered as 404 so nobody learns another owner's dog exists.
 */
function writeError(res: UpstreamResponse, notFoundStatuses: number[]): BffError {
  if (notFoundStatuses.includes(res.status)) return notFound();
  return toBffError(res, { 409: duplicate() });
}

const dtoOf = (p: Pet, fields?: PetEditRequest): PetWriteDto => {
  const src = fields ?? p;
  return {
    name: src.name,
    type: src.type,
    weight: src.weight,
    age: src.age,
    size: src.size,
    gender: src.gender,
    adopt: src.adopt,
    petId: p.petId,
  };
};

/**
 * What the BFF's pet routes do against either upstream. Ownership is decided
 * from the caller's own list (the only pet call both upstreams scope to the
 * session), which also resolves the public id (registration number) to the
 * upstream's database key when the upstream shares it.
 */
export class PetsGateway {
  private readonly up;
  constructor(
    client: UpstreamClient,
    private readonly log: FastifyBaseLogger,
    private readonly kind: BffConfig['upstreamKind'] = 'api',
  ) {
    this.up = petsUpstream(client);
  }

  async list(request: FastifyRequest): Promise<UpstreamPet[]> {
    const res = await this.up.list(request);
    if (!isOk(res)) throw toBffError(res);
    const pets = normalisePetList(res.json);
    if (!pets) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    return pets;
  }

  /** One page of the owner's dogs, oldest first: our api pages them, the legacy's whole list is cut here. */
  async listPage(request: FastifyRequest, page: PageQuery): Promise<Page<Pet>> {
    const res = await this.up.list(request, page);
    if (!isOk(res)) throw toBffError(res);
    const pets = normalisePetList(res.json);
    if (!pets) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    return pageFrom(
      res,
      pets.map((p) => p.pet),
      page,
    );
  }

  async owned(request: FastifyRequest, petId: string): Promise<UpstreamPet> {
    const found = (await this.list(request)).find((p) => p.pet.petId === petId);
    if (!found) throw notFound();
    return found;
  }

  /**
   * Our api keeps registration numbers unique per owner and answers the stored
   * dog: one call. The legacy does neither, so the BFF checks first and reads
   * the dog back from the owner's list (docs/decisions/0008).
   */
  async register(request: FastifyRequest, input: PetRegisterRequest, photo: PhotoUpload): Promise<Pet> {
    if (this.kind === 'legacy') await this.checkLegacyNumberFree(request, input.petId);
    const res = await this.up.register(request, input, photo);
    if (!isOk(res) || refusedInBody(res)) throw writeError(res, []);
    const answered = this.kind === 'api' ? normalisePet(answeredPet(res)) : null;
    if (answered && answered.pet.petId === input.petId) return answered.pet;
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
  private async checkLegacyNumberFree(request: FastifyRequest, petId: string): Promise<void> {
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

  /** Overwrite the fields and/or the photo of one of the caller's dogs. */
  async update(request: FastifyRequest, petId: string, fields: PetEditRequest | undefined, photo: PhotoUpload | undefined): Promise<Pet> {
    const current = await this.owned(request, petId);
    const dto = dtoOf(current.pet, fields);
    if (current.key !== null) {
      const res = await this.up.edit(request, current.key, dto, photo);
      if (!isOk(res) || refusedInBody(res)) throw writeError(res, [404, 500]);
    } else {
      await this.replaceOnLegacy(request, current, dto, photo);
    }
    return (await this.owned(request, petId)).pet;
  }

  async remove(request: FastifyRequest, petId: string): Promise<void> {
    await this.owned(request, petId);
    const res = await this.up.remove(request, petId);
    if (!isOk(res) || refusedInBody(res)) throw this.removeError(res);
  }

  /**
   * The dog is in the caller's own list, so on the legacy a 400 "not yours"
   * means its delete found another owner's dog with the same number first.
   */
  private removeError(res: UpstreamResponse): BffError {
    if (this.kind === 'legacy' && res.status === 400)
      return BffError.because(409, 'REGISTRATION_NUMBER_SHARED', 'PET_NUMBER_SHARED_ON_LEGACY');
    return writeError(res, [400, 404, 500]);
  }

  /**
   * Spring never reveals the database key its PUT needs, so an edit there is
   * a delete by registration number followed by a re-registration with the
   * same number — carrying the current photo over when no new one is given.
   * If the re-registration fails, the dog is put back as it was.
   */
  private async replaceOnLegacy(
    request: FastifyRequest,
    current: UpstreamPet,
    dto: PetWriteDto,
    photo: PhotoUpload | undefined,
  ): Promise<void> {
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
