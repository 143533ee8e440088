import {
  PetEditRequestSchema,
  PetRegisterRequestSchema,
  type Pet,
  type PetEditRequest,
  type PetGender,
  type PetRegisterRequest,
  type PetSize,
} from '@pawbridge/shared';
import { schemaCheck, type PlaceIssue } from '@/components/form/schema-check';
import { tKey, tMaybe } from '@/messages';

/** What the form holds while the user types: number inputs give '' when empty, choices '' until picked. */
export interface PetFormValues {
  name: string;
  type: string;
  weight: number | string;
  age: number | string;
  size: PetSize | '';
  gender: PetGender | '';
  adopt: 'true' | 'false' | '';
  petId: string;
  photo: File | null;
}

export type PetFormErrors = Partial<Record<keyof PetFormValues, string>>;

export const emptyPetForm: PetFormValues = {
  name: '',
  type: '',
  weight: '',
  age: '',
  size: '',
  gender: '',
  adopt: '',
  petId: '',
  photo: null,
};

export function formFromPet(p: Pet): PetFormValues {
  return {
    name: p.name,
    type: p.type,
    weight: p.weight,
    age: p.age,
    size: p.size ?? '',
    gender: p.gender ?? '',
    adopt: p.adopt ? 'true' : 'false',
    petId: p.petId,
    photo: null,
  };
}

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

function candidate(v: PetFormValues) {
  return {
    name: v.name,
    type: v.type,
    weight: blankToUndefined(v.weight),
    age: blankToUndefined(v.age),
    size: blankToUndefined(v.size),
    gender: blankToUndefined(v.gender),
    adopt: blankToUndefined(v.adopt),
  };
}

/** A server field → this form's field (a `profile` error belongs to the photo picker). */
export const petFieldOf = (field: string): string => (field === 'profile' ? 'photo' : field);

/** This form's sentence for a server field-error code; undefined when it has none. */
export const petKeyMessage = (key: string): string | undefined => tMaybe(`pets.validation.${key}`);

// Schema message keys → this form's Korean sentences, on the field they concern.
const place: PlaceIssue = (field, key) => ({
  field: petFieldOf(field),
  message: tKey(`pets.validation.${key}`, 'pets.validation.invalid'),
});

/** The same shared rules the BFF applies (spec §5), so nothing invalid is sent. */
export function validateRegistration(v: PetFormValues): { errors: PetFormErrors; request?: PetRegisterRequest } {
  const { errors, data } = schemaCheck(PetRegisterRequestSchema, { ...candidate(v), petId: v.petId }, place);
  const found: PetFormErrors = errors;
  if (!v.photo) found.photo = tKey('pets.validation.petPhotoRequired', 'pets.validation.invalid');
  return data && v.photo ? { errors: found, request: data } : { errors: found };
}

export function validateEdit(v: PetFormValues): { errors: PetFormErrors; request?: PetEditRequest } {
  const { errors, data } = schemaCheck(PetEditRequestSchema, candidate(v), place);
  return data ? { errors: {}, request: data } : { errors };
}

/**
 * The rule a number field breaks, checked when the user leaves it: the fields keep
 * what was typed (0, 999, 2.5) and say the rule instead of rewriting the value.
 * An untouched (empty) field says nothing until submit.
 */
export function numberFieldError(v: PetFormValues, key: 'weight' | 'age'): string | undefined {
  if (v[key] === '') return undefined;
  return validateEdit(v).errors[key];
}
