import { z } from 'zod';
import { LIMITS, PET_GENDERS, PET_SIZES } from './constants';
import { decimalText, hasControlChars, requiredText } from './validation';

export const PetSizeSchema = z.enum(PET_SIZES);
export type PetSize = z.infer<typeof PetSizeSchema>;
export const PetGenderSchema = z.enum(PET_GENDERS);
export type PetGender = z.infer<typeof PetGenderSchema>;

export const PET_LIMITS = {
  nameMax: 30,
  typeMax: 50,
  weightMax: 200,
  ageMax: 40,
  petIdMax: 30,
} as const;

/**
 * A dog as the browser sees it. `id` and `petId` carry the same value — the
 * registration number, unique per owner — so the browser has exactly one id
 * for a dog; the upstream's hidden database key never leaves the BFF
 * (docs/decisions/0004-pet-ids-and-photo-contract.md).
 */
export const PetSchema = z.object({
  id: z.string(),
  petId: z.string(),
  name: z.string(),
  type: z.string(),
  weight: z.number(),
  age: z.number().int(),
  size: PetSizeSchema.nullable(),
  gender: PetGenderSchema.nullable(),
  adopt: z.boolean(),
  /** `/uploads/<key>` served by the BFF, or null when the dog has no photo. */
  imageUrl: z.string().nullable(),
});
export type Pet = z.infer<typeof PetSchema>;
export const PetListSchema = z.array(PetSchema);

/** Browsers and the legacy front end send numbers as text too ("4.2"); only plain decimals convert. */
const numeric = decimalText;
const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);
const bool = (v: unknown) => (v === 'true' ? true : v === 'false' ? false : v);

/** Whole multiples of 0.1 kg, tolerant of binary floating point (4.2 * 10 = 42.00000000000001). */
export const isWeightStep = (w: number) => Math.abs(w * 10 - Math.round(w * 10)) < 1e-6;

const petFields = {
  name: requiredText('petNameRequired', PET_LIMITS.nameMax, 'petNameTooLong'),
  type: requiredText('petTypeRequired', PET_LIMITS.typeMax, 'petTypeTooLong'),
  weight: z.preprocess(
    numeric,
    z
      .number({ error: 'petWeightRequired' })
      .gt(0, 'petWeightPositive')
      // 1e-8 is a whole multiple of 0.1 within float tolerance; the smallest real step is the floor.
      .min(LIMITS.weightStep, 'petWeightStep')
      .max(PET_LIMITS.weightMax, 'petWeightTooLarge')
      .refine(isWeightStep, 'petWeightStep'),
  ),
  age: z.preprocess(
    numeric,
    z.number({ error: 'petAgeRequired' }).int('petAgeInteger').gt(0, 'petAgePositive').max(PET_LIMITS.ageMax, 'petAgeTooLarge'),
  ),
  size: z.preprocess(upper, z.enum(PET_SIZES, { error: 'petSizeRequired' })),
  gender: z.preprocess(upper, z.enum(PET_GENDERS, { error: 'petGenderRequired' })),
  adopt: z.preprocess(bool, z.boolean({ error: 'petAdoptRequired' })),
};

/** Registration numbers go into URLs, so they are kept to digits and hyphens. */
export const PetRegistrationNumberSchema = z
  .string({ error: 'petIdRequired' })
  .trim()
  .min(1, 'petIdRequired')
  .max(PET_LIMITS.petIdMax, 'petIdInvalid')
  .regex(/^\d[\d-]*$/, 'petIdInvalid');

/**
 * The JSON part `pet` of a registration (the photo goes in the file part
 * `profile`). Strict, as the legacy's own parser: unknown keys are an error.
 */
export const PetRegisterRequestSchema = z.strictObject({ ...petFields, petId: PetRegistrationNumberSchema });
export type PetRegisterRequest = z.infer<typeof PetRegisterRequestSchema>;
export type PetRegisterInput = z.input<typeof PetRegisterRequestSchema>;

/**
 * PUT /api/pet/edit/{petId}. The registration number is the dog's id and is
 * not editable; the photo changes through POST /api/pet/{petId}/profile-image.
 * `profile` (the photo URL the legacy front end echoes back) is tolerated and ignored.
 */
export const PetEditRequestSchema = z.strictObject({ ...petFields, profile: z.string().nullable().optional() });
export type PetEditRequest = z.infer<typeof PetEditRequestSchema>;

/** Path parameter: any registration number an upstream may hold (legacy data is not validated). */
export const PetIdParamsSchema = z.object({
  petId: z
    .string()
    .min(1)
    .max(64)
    .refine((s) => !hasControlChars(s), 'textControlChars'),
});

/** Multipart field names of the photo uploads (spec §3, §7 Dogs). */
export const PET_PHOTO_FIELD = 'profile';
export const PET_LIST_PHOTO_FIELD = 'profileImage';
