import { PetEditRequestSchema, PetRegisterRequestSchema, toFieldErrorKeys, type Pet, type PetEditRequest, type PetGender, type PetRegisterRequest, type PetSize } from '@pawbridge/shared';
import { tKey } from '@/messages';

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

export const emptyPetForm: PetFormValues = { name: '', type: '', weight: '', age: '', size: '', gender: '', adopt: '', petId: '', photo: null };

export function formFromPet(p: Pet): PetFormValues {
  return { name: p.name, type: p.type, weight: p.weight, age: p.age, size: p.size ?? '', gender: p.gender ?? '', adopt: p.adopt ? 'true' : 'false', petId: p.petId, photo: null };
}

const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

function candidate(v: PetFormValues) {
  return { name: v.name, type: v.type, weight: blankToUndefined(v.weight), age: blankToUndefined(v.age), size: blankToUndefined(v.size), gender: blankToUndefined(v.gender), adopt: blankToUndefined(v.adopt) };
}

/** Server or schema message keys → this form's Korean sentences. */
export function messagesFor(keys: Record<string, string>): PetFormErrors {
  const out: PetFormErrors = {};
  for (const [field, key] of Object.entries(keys)) {
    const name = (field === 'profile' ? 'photo' : field) as keyof PetFormValues;
    out[name] = tKey(`pets.validation.${key}`, 'pets.validation.invalid');
  }
  return out;
}

/** The same shared rules the BFF applies (spec §5), so nothing invalid is sent. */
export function validateRegistration(v: PetFormValues): { errors: PetFormErrors; request?: PetRegisterRequest } {
  const parsed = PetRegisterRequestSchema.safeParse({ ...candidate(v), petId: v.petId });
  const errors = parsed.success ? {} : messagesFor(toFieldErrorKeys(parsed.error));
  if (!v.photo) errors.photo = tKey('pets.validation.petPhotoRequired', 'pets.validation.invalid');
  return parsed.success && v.photo ? { errors, request: parsed.data } : { errors };
}

export function validateEdit(v: PetFormValues): { errors: PetFormErrors; request?: PetEditRequest } {
  const parsed = PetEditRequestSchema.safeParse(candidate(v));
  return parsed.success ? { errors: {}, request: parsed.data } : { errors: messagesFor(toFieldErrorKeys(parsed.error)) };
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

/**
 * The BFF's field errors are Korean sentences already; they are shown as they
 * come (a `profile` error belongs to the photo field).
 */
export function serverErrors(fieldErrors: Record<string, string>): PetFormErrors {
  const out: PetFormErrors = {};
  for (const [field, message] of Object.entries(fieldErrors)) out[(field === 'profile' ? 'photo' : field) as keyof PetFormValues] = message;
  return out;
}
