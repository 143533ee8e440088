import type { PetGender, PetSize } from '@pawbridge/shared';
import { SightingCreateRequestSchema, type SightingCreateRequest, type SightingKind } from '@pawbridge/shared/lost.schema';
import { checkWith, emptyPlace, opt, photosError, placeRequest, type PlaceValues } from './form-kit';
import type { ContactMode } from './ContactFields';

export interface SightingValues extends PlaceValues {
  kind: SightingKind;
  breed: string;
  size: PetSize | '';
  gender: PetGender | '';
  colour: string;
  description: string;
  contact: ContactMode;
  phone: string;
  photos: (File | null)[];
}

export const SIGHTING_FIELDS = [
  'kind',
  'position',
  'address',
  'date',
  'time',
  'breed',
  'size',
  'gender',
  'colour',
  'description',
  'contact',
  'phone',
  'photos',
] as const;
export type SightingErrors = Partial<Record<(typeof SIGHTING_FIELDS)[number], string>>;

export const emptySighting = (kind: SightingKind = 'FOUND'): SightingValues => ({
  ...emptyPlace(),
  kind,
  breed: '',
  size: '',
  gender: '',
  colour: '',
  description: '',
  contact: 'RELAY',
  phone: '',
  photos: [],
});

/** Check the form the way the BFF will: a photo is needed for a found dog (FOUND), optional for a sighting (SEEN). */
export function validateSighting(v: SightingValues, missingId?: number): { errors: SightingErrors; request: SightingCreateRequest | null } {
  const candidate = {
    kind: v.kind,
    missingId,
    breed: opt(v.breed),
    size: v.size || undefined,
    gender: v.gender || undefined,
    colour: opt(v.colour),
    description: v.description,
    contact: v.contact,
    phone: v.contact === 'PHONE' ? opt(v.phone) : undefined,
    ...placeRequest(v),
  };
  const { errors, data } = checkWith(SightingCreateRequestSchema, candidate, SIGHTING_FIELDS);
  const photos = photosError(v.photos, { required: v.kind === 'FOUND' });
  if (photos) errors.photos = photos;
  const ok = data !== undefined && Object.keys(errors).length === 0;
  return { errors, request: ok ? data : null };
}
