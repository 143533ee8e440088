import type { FastifyRequest } from 'fastify';
import type { PageQuery, Pet, PetEditRequest, PetRegisterRequest } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { normalisePetList, type UpstreamPet } from '../normalisers/pet.normaliser';
import { isOk, refusedInBody, toBffError, type UpstreamClient, type UpstreamResponse } from './client';
import { pageFrom, type Page } from './paging';
import { petsUpstream, type PetWriteDto, type PhotoUpload } from './pets.upstream';

export const notFound = () => BffError.because(404, 'NOT_FOUND', 'PET_NOT_FOUND');
export const duplicate = () => BffError.because(409, 'ALREADY_EXISTS', 'PET_NUMBER_DUPLICATE');

/**
 * Legacy failures and their meaning: a 500 `{success:false}` on edit means
 * "not found or not yours", a 400 on delete "not yours", a 500 on delete
 * "not found" — all answered as 404 so nobody learns another owner's dog exists.
 */
export function writeError(res: UpstreamResponse, notFoundStatuses: number[]): BffError {
  if (notFoundStatuses.includes(res.status)) return notFound();
  return toBffError(res, { 409: duplicate() });
}

export const dtoOf = (p: Pet, fields?: PetEditRequest): PetWriteDto => {
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

/** Companion dogs (spec §2, §3, §7 Dogs), by registration number; callers have passed requireUser. */
export interface PetsGateway {
  /** One page of the owner's dogs, oldest first. */
  listPage(request: FastifyRequest, page: PageQuery): Promise<Page<Pet>>;
  /** One of the caller's dogs, or 404 (someone else's dog is not found alike). */
  owned(request: FastifyRequest, petId: string): Promise<UpstreamPet>;
  register(request: FastifyRequest, input: PetRegisterRequest, photo: PhotoUpload): Promise<Pet>;
  /** Overwrite the fields and/or the photo of one of the caller's dogs. */
  update(request: FastifyRequest, petId: string, fields: PetEditRequest | undefined, photo: PhotoUpload | undefined): Promise<Pet>;
  remove(request: FastifyRequest, petId: string): Promise<void>;
}

/**
 * What both upstreams share. Ownership is decided from the caller's own list
 * (the only pet call both upstreams scope to the session), which also resolves
 * the public id (registration number) to the upstream's database key when the
 * upstream shares it.
 */
export abstract class SharedPetsGateway implements PetsGateway {
  protected readonly up;
  constructor(client: UpstreamClient) {
    this.up = petsUpstream(client);
  }

  abstract register(request: FastifyRequest, input: PetRegisterRequest, photo: PhotoUpload): Promise<Pet>;
  abstract update(request: FastifyRequest, petId: string, fields: PetEditRequest | undefined, photo: PhotoUpload | undefined): Promise<Pet>;
  /** A refused delete of a dog that is in the caller's own list. */
  protected abstract removeError(res: UpstreamResponse): BffError;

  async list(request: FastifyRequest): Promise<UpstreamPet[]> {
    const res = await this.up.list(request);
    if (!isOk(res)) throw toBffError(res);
    const pets = normalisePetList(res.json);
    if (!pets) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    return pets;
  }

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

  async remove(request: FastifyRequest, petId: string): Promise<void> {
    await this.owned(request, petId);
    const res = await this.up.remove(request, petId);
    if (!isOk(res) || refusedInBody(res)) throw this.removeError(res);
  }
}
