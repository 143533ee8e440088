import type { FastifyRequest } from 'fastify';
import type { PageQuery, PetGender, PetRegisterRequest, PetSize } from '@pawbridge/shared';
import type { UpstreamClient, UpstreamResponse } from './client';
import { withPage } from './paging';

export interface PhotoUpload {
  bytes: Buffer;
  mime: string;
  filename: string;
}

/** Fields of the legacy PetProfileDto a write may carry (its parser rejects any other key). */
export type PetWriteDto = Omit<PetRegisterRequest, 'petId' | 'size' | 'gender'> & {
  petId: string;
  size: PetSize | null;
  gender: PetGender | null;
};

/** The JSON part `pet` and the file part `profile`, as the legacy PetController reads them. */
function petForm(dto: PetWriteDto, photo: PhotoUpload | null | undefined): FormData {
  const form = new FormData();
  const { name, adopt, type, weight, size, age, gender, petId } = dto;
  form.append('pet', new Blob([JSON.stringify({ name, adopt, type, weight, size, age, gender, petId })], { type: 'application/json' }));
  // An empty `profile` part is how the legacy registers a dog without a photo (it stores its default).
  if (photo !== undefined)
    form.append(
      'profile',
      new Blob([new Uint8Array(photo?.bytes ?? Buffer.alloc(0))], { type: photo?.mime ?? 'application/octet-stream' }),
      photo?.filename ?? '',
    );
  return form;
}

/** Pet calls on the legacy paths (legacy-contract §3.7): GET/PUT take the database key, DELETE the registration number. */
export const petsUpstream = (client: UpstreamClient) => ({
  list: (from: FastifyRequest, page?: PageQuery): Promise<UpstreamResponse> =>
    client.request('GET', '/api/pet/profile/pets', { from, ...withPage(page) }),
  register: (from: FastifyRequest, dto: PetWriteDto, photo: PhotoUpload | null) =>
    client.request('POST', '/api/pet/register', { from, form: petForm(dto, photo) }),
  edit: (from: FastifyRequest, key: number, dto: PetWriteDto, photo?: PhotoUpload) =>
    client.request('PUT', `/api/pet/edit/${key}`, { from, form: petForm(dto, photo) }),
  remove: (from: FastifyRequest, petId: string) => client.request('DELETE', `/api/pet/delete/${encodeURIComponent(petId)}`, { from }),
  /** The current photo bytes (the legacy serves uploads only to a logged-in session). */
  photo: (from: FastifyRequest, profilePath: string) => client.request('GET', profilePath, { from }),
});
export type PetsUpstream = ReturnType<typeof petsUpstream>;

/** The stored dog our api answers a registration with (`{pet}`); the legacy answers none. */
export const answeredPet = (res: UpstreamResponse): unknown => (res.json as { pet?: unknown } | undefined)?.pet;
