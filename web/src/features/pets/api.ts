import useSWR from 'swr';
import {
  OkSchema,
  PET_LIST_PHOTO_FIELD,
  PET_PHOTO_FIELD,
  PetListSchema,
  PetSchema,
  type Pet,
  type PetEditRequest,
  type PetRegisterRequest,
} from '@pawbridge/shared';
import { api } from '@/lib/api-client';
import { reloadPagedList, usePagedList } from '@/lib/use-paged-list';
import { fileFingerprint, withRetryKey } from '@/lib/retry-key';
import { useSubmit } from '@/lib/use-submit';

export const PETS_KEY = '/api/pet/profile/pets';
const petPath = (petId: string) => `/api/pet/${encodeURIComponent(petId)}`;

/** The caller's dogs, a page at a time; `enabled` is false while nobody is logged in (nothing to ask). */
export function usePets(enabled: boolean) {
  const list = usePagedList<Pet>(enabled ? PETS_KEY : null, PetListSchema);
  return { ...list, pets: list.items };
}

export function usePet(petId: string | undefined, enabled: boolean) {
  const key = enabled && petId ? petPath(petId) : null;
  const { data, error, isLoading, mutate } = useSWR<Pet>(key, () => api(petPath(petId ?? ''), { schema: PetSchema }), {
    shouldRetryOnError: false,
  });
  return { pet: data, error: error as unknown, isLoading, reload: () => mutate() };
}

/** Multipart as the spec says: the JSON part `pet` and the file part `profile`. */
export function registerPet(input: PetRegisterRequest, photo: File): Promise<Pet> {
  const form = new FormData();
  form.append('pet', JSON.stringify(input));
  form.append(PET_PHOTO_FIELD, photo);
  return withRetryKey(`pet:${JSON.stringify(input)}:${fileFingerprint(photo)}`, (key) =>
    api('/api/pet/register', { method: 'POST', form, schema: PetSchema, headers: { 'idempotency-key': key } }),
  );
}

export function editPet(petId: string, input: PetEditRequest): Promise<Pet> {
  return api(`/api/pet/edit/${encodeURIComponent(petId)}`, { method: 'PUT', json: input, schema: PetSchema });
}

/** The registration submit: once it succeeds, the owner's list (paged, under its own key) is read again. */
export const useRegisterPet = (send: (arg: { request: PetRegisterRequest; photo: File }) => Promise<Pet>) =>
  useSubmit(PETS_KEY, send, { onSuccess: () => reloadPagedList(PETS_KEY) });

/** The edit submit: the saved dog becomes the cached answer for its page (no second request). */
export const useEditPet = (petId: string) =>
  useSubmit(petPath(petId), (input: PetEditRequest) => editPet(petId, input), { populateCache: true, revalidate: false });

/** The list's photo change: the single field `profileImage`, for the dog named in the path. */
export function uploadPetPhoto(petId: string, photo: File): Promise<Pet> {
  const form = new FormData();
  form.append(PET_LIST_PHOTO_FIELD, photo);
  return api(`${petPath(petId)}/profile-image`, { method: 'POST', form, schema: PetSchema });
}

export function deletePet(petId: string): Promise<unknown> {
  return api(`/api/pet/delete/${encodeURIComponent(petId)}`, { method: 'DELETE', schema: OkSchema });
}
