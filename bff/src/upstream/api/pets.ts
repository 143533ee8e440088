import type { FastifyRequest } from 'fastify';
import type { Pet, PetEditRequest, PetRegisterRequest } from '@pawbridge/shared';
import { BffError } from '../../errors/bff-error';
import { normalisePet } from '../../normalisers/pet.normaliser';
import { isOk, refusedInBody, type UpstreamResponse } from '../client';
import { dtoOf, SharedPetsGateway, writeError } from '../pets.gateway';
import { answeredPet, type PhotoUpload } from '../pets.upstream';

/** Dogs in front of our api: registration numbers unique per owner, the stored dog answered, edits by key. */
export class ApiPetsGateway extends SharedPetsGateway {
  /** One call: our api refuses a taken number (409) and answers the stored dog. */
  async register(request: FastifyRequest, input: PetRegisterRequest, photo: PhotoUpload): Promise<Pet> {
    const res = await this.up.register(request, input, photo);
    if (!isOk(res) || refusedInBody(res)) throw writeError(res, []);
    const answered = normalisePet(answeredPet(res));
    if (answered && answered.pet.petId === input.petId) return answered.pet;
    return (await this.owned(request, input.petId)).pet;
  }

  async update(request: FastifyRequest, petId: string, fields: PetEditRequest | undefined, photo: PhotoUpload | undefined): Promise<Pet> {
    const current = await this.owned(request, petId);
    // Our api always sends the key as `id`; without it the answer is not our api's.
    if (current.key === null) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    const res = await this.up.edit(request, current.key, dtoOf(current.pet, fields), photo);
    if (!isOk(res) || refusedInBody(res)) throw writeError(res, [404, 500]);
    return (await this.owned(request, petId)).pet;
  }

  protected removeError(res: UpstreamResponse): BffError {
    return writeError(res, [400, 404, 500]);
  }
}
