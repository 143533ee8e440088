import type { Pet, PetGender, PetSize } from '@pawbridge/shared';
import { MissingCreateRequestSchema, type MissingCreateRequest } from '@pawbridge/shared/lost.schema';
import { checkWith, emptyPlace, keyMessage, opt, photosError, placeRequest, type PlaceValues } from './form-kit';
import type { ContactMode } from './ContactFields';

export interface MissingValues extends PlaceValues {
  name: string;
  breed: string;
  size: PetSize | '';
  gender: PetGender | '';
  weight: string;
  registrationNo: string;
  colour: string;
  features: string;
  onSight: string;
  reward: string;
  contact: ContactMode;
  phone: string;
  photos: (File | null)[];
}

export const MISSING_FIELDS = [
  'position',
  'address',
  'date',
  'time',
  'name',
  'breed',
  'size',
  'gender',
  'weight',
  'registrationNo',
  'colour',
  'features',
  'onSight',
  'reward',
  'contact',
  'phone',
  'photos',
] as const;
export type MissingErrors = Partial<Record<(typeof MISSING_FIELDS)[number], string>>;

export const emptyMissing = (): MissingValues => ({
  ...emptyPlace(),
  name: '',
  breed: '',
  size: '',
  gender: '',
  weight: '',
  registrationNo: '',
  colour: '',
  features: '',
  onSight: '',
  reward: '',
  contact: 'RELAY',
  phone: '',
  photos: [],
});

/** A registered dog's data carried into the form, every field still editable. */
export const missingFromPet = (pet: Pet): MissingValues => ({
  ...emptyMissing(),
  name: pet.name,
  breed: pet.type,
  size: pet.size ?? '',
  gender: pet.gender ?? '',
  weight: String(pet.weight),
  registrationNo: pet.id,
});

/** Check the form the way the BFF will; the request when all is well. `pet` is the dog it was started from. */
export function validateMissing(v: MissingValues, pet: Pet | null): { errors: MissingErrors; request: MissingCreateRequest | null } {
  const candidate = {
    petId: pet?.id,
    name: opt(v.name),
    breed: opt(v.breed),
    size: v.size || undefined,
    gender: v.gender || undefined,
    weight: opt(v.weight),
    registrationNo: opt(v.registrationNo),
    colour: opt(v.colour),
    features: opt(v.features),
    onSight: opt(v.onSight),
    reward: opt(v.reward.replace(/,/g, '')),
    contact: v.contact,
    phone: v.contact === 'PHONE' ? opt(v.phone) : undefined,
    ...placeRequest(v),
  };
  const { errors, data } = checkWith(MissingCreateRequestSchema, candidate, MISSING_FIELDS);
  // The schema's cross-field rules wait for the fields; say the name at once, with the rest.
  if (!pet && !candidate.name) errors.name ??= keyMessage('petNameRequired') ?? '';
  const photos = photosError(v.photos, { carried: pet?.imageUrl ? 1 : 0, required: true });
  if (photos) errors.photos = photos;
  const ok = data !== undefined && Object.keys(errors).length === 0;
  return { errors, request: ok ? data : null };
}
