import { z } from 'zod';
import { PET_GENDERS, PET_SIZES } from './constants';
import { REGIONS } from './regions';
import { pageQueryFields } from './paging.schema';
import { clockTime, decimalText, isoDate, optionalText, requiredText, seoulToday } from './validation';
import {
  LOST_CONTACT_MODES,
  LOST_LIMITS,
  LOST_POST_KINDS,
  LostFlagReasonSchema,
  LostPostStatusSchema,
  SIGHTING_KINDS,
  earliestLostDate,
  isInKorea,
  type LostPostKind,
} from './lost.rules';

// What clients send to the lost-and-found routes (issue 27): the writes' bodies and the board's queries.

/** Plain text only: anything that looks like a tag is refused (posts are shown as text, never as HTML). */
const HTML_LIKE = /<\s*[a-zA-Z!/?]/;
const plain = <T extends z.ZodType<string>>(schema: T) => schema.refine((s) => !HTML_LIKE.test(s), 'lostHtmlRefused');
const text = (max: number, tooLongKey?: string) => plain(optionalText(max, tooLongKey));
const required = (requiredKey: string, max: number, tooLongKey: string) => plain(requiredText(requiredKey, max, tooLongKey));

const coordinate = (min: number, max: number) =>
  z.preprocess(decimalText, z.number({ error: 'lostPositionRequired' }).min(min, 'lostPositionRequired').max(max, 'lostPositionRequired'));

/** HH:mm now in Korea. */
const seoulClock = (now: Date = new Date()) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Seoul', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);

/** Where and when: a point inside Korea, the place in words, a date and time neither in the future nor over a year back. */
const placeAndTime = {
  lat: coordinate(-90, 90),
  lng: coordinate(-180, 180),
  address: required('lostAddressRequired', LOST_LIMITS.addressMax, 'lostAddressTooLong'),
  sigungu: text(LOST_LIMITS.sigunguMax).optional().nullable(),
  date: isoDate('lostDateRequired', 'lostDateInvalid'),
  time: clockTime('lostTimeRequired', 'lostTimeInvalid'),
};

type PlaceAndTime = { lat: number; lng: number; date: string; time: string };

/** The rules across fields: inside Korea, not in the future (date and time), not more than a year back. */
function checkPlaceAndTime(v: Partial<PlaceAndTime>, ctx: z.RefinementCtx): void {
  if (v.lat !== undefined && v.lng !== undefined && !isInKorea(v.lat, v.lng))
    ctx.addIssue({ code: 'custom', path: ['lat'], message: 'lostOutsideKorea' });
  if (v.date !== undefined) {
    const today = seoulToday();
    if (v.date > today || (v.date === today && v.time !== undefined && v.time > seoulClock()))
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'lostDateFuture' });
    else if (v.date < earliestLostDate()) ctx.addIssue({ code: 'custom', path: ['date'], message: 'lostDateTooOld' });
  }
}

const phone = z
  .string()
  .trim()
  .regex(/^0\d{1,2}-?\d{3,4}-?\d{4}$/, 'phoneInvalid');

const contactFields = {
  contact: z.enum(LOST_CONTACT_MODES, { error: 'lostContactRequired' }),
  phone: phone.optional().nullable(),
};

function checkContact(v: { contact?: string; phone?: string | null | undefined }, ctx: z.RefinementCtx): void {
  if (v.contact === 'PHONE' && !v.phone) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'phoneRequired' });
}

const dogFields = {
  breed: text(LOST_LIMITS.breedMax, 'lostBreedTooLong').optional().nullable(),
  size: z.enum(PET_SIZES).optional().nullable(),
  gender: z.enum(PET_GENDERS).optional().nullable(),
  colour: text(LOST_LIMITS.colourMax, 'lostColourTooLong').optional().nullable(),
};

const missingTextFields = {
  name: text(LOST_LIMITS.nameMax, 'petNameTooLong').optional().nullable(),
  ...dogFields,
  weight: z
    .preprocess(decimalText, z.number({ error: 'petWeightRequired' }).positive('petWeightPositive').max(200, 'petWeightTooLarge'))
    .optional()
    .nullable(),
  registrationNo: text(LOST_LIMITS.registrationNoMax, 'petIdInvalid').optional().nullable(),
  features: text(LOST_LIMITS.featuresMax, 'lostFeaturesTooLong').optional().nullable(),
  onSight: text(LOST_LIMITS.onSightMax, 'lostOnSightTooLong').optional().nullable(),
  reward: z
    .preprocess(decimalText, z.number({ error: 'lostRewardInvalid' }).int('lostRewardInvalid').min(0, 'lostRewardInvalid'))
    .refine((n) => n <= LOST_LIMITS.rewardMax, 'lostRewardInvalid')
    .optional()
    .nullable(),
  ...contactFields,
};

/**
 * The JSON part `missing` of `POST /api/lost/missing` (photos in the file field `photos`). With `petId`
 * (the registration number of one of the member's own dogs) its name, breed, size, gender, weight,
 * number and photo are carried over; any field given here amends them. Without it, `name` is required.
 */
export const MissingCreateRequestSchema = z
  .strictObject({
    petId: text(LOST_LIMITS.registrationNoMax, 'petIdInvalid').optional().nullable(),
    ...missingTextFields,
    ...placeAndTime,
  })
  .superRefine((v, ctx) => {
    checkPlaceAndTime(v, ctx);
    checkContact(v, ctx);
    if (!v.petId && !v.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'petNameRequired' });
  });
export type MissingCreateRequest = z.infer<typeof MissingCreateRequestSchema>;

/** `PUT /api/lost/posts/:id`: the author amends the text of a post (every field optional; the place moves with an update). */
export const LostPostEditRequestSchema = z
  .strictObject({
    ...missingTextFields,
    contact: contactFields.contact.optional(),
    description: text(LOST_LIMITS.descriptionMax, 'descriptionTooLong').optional().nullable(),
  })
  .superRefine(checkContact);
export type LostPostEditRequest = z.infer<typeof LostPostEditRequestSchema>;

/**
 * The JSON part `sighting` of `POST /api/lost/sightings` (photos in `photos`, at least one for FOUND).
 * `missingId` attaches it to a missing report ("I saw this dog"): it then shows in that report's
 * timeline and its owner is told.
 */
export const SightingCreateRequestSchema = z
  .strictObject({
    kind: z.enum(SIGHTING_KINDS, { error: 'lostKindRequired' }),
    missingId: z.preprocess(decimalText, z.number().int().positive()).optional().nullable(),
    ...dogFields,
    description: required('lostDescriptionRequired', LOST_LIMITS.descriptionMax, 'descriptionTooLong'),
    ...contactFields,
    ...placeAndTime,
  })
  .superRefine((v, ctx) => {
    checkPlaceAndTime(v, ctx);
    checkContact(v, ctx);
  });
export type SightingCreateRequest = z.infer<typeof SightingCreateRequestSchema>;

/**
 * The JSON part `update` of `POST /api/lost/posts/:id/updates`: a new last-seen place and time (all
 * four of lat, lng, address, date+time together) and/or a note; new photos in `photos`.
 */
export const LostUpdateRequestSchema = z
  .strictObject({
    lat: placeAndTime.lat.optional(),
    lng: placeAndTime.lng.optional(),
    address: placeAndTime.address.optional(),
    sigungu: placeAndTime.sigungu,
    date: placeAndTime.date.optional(),
    time: placeAndTime.time.optional(),
    note: text(LOST_LIMITS.noteMax, 'lostNoteTooLong').optional().nullable(),
  })
  .superRefine((v, ctx) => {
    const given = [v.lat, v.lng, v.address, v.date, v.time].filter((x) => x !== undefined).length;
    if (given > 0 && given < 5) ctx.addIssue({ code: 'custom', path: ['lat'], message: 'lostPlaceIncomplete' });
    checkPlaceAndTime(v, ctx);
  });
export type LostUpdateRequest = z.infer<typeof LostUpdateRequestSchema>;

/** `POST /api/lost/posts/:id/close`: REUNITED or CANCELLED for a missing report, CLOSED for a sighting. */
export const LostCloseRequestSchema = z.strictObject({
  status: z.enum(['REUNITED', 'CANCELLED', 'CLOSED'], { error: 'lostStatusRequired' }),
  note: text(LOST_LIMITS.noteMax, 'lostNoteTooLong').optional().nullable(),
});
export type LostCloseRequest = z.infer<typeof LostCloseRequestSchema>;

/** `POST /api/lost/posts/:id/contact`: a member's message to the author, through the site. */
export const LostContactRequestSchema = z.strictObject({
  message: required('lostMessageRequired', LOST_LIMITS.messageMax, 'lostMessageTooLong'),
});
export type LostContactRequest = z.infer<typeof LostContactRequestSchema>;

/** `POST /api/lost/contacts/:id/reply`: the author answers; a `phone` is shown to that one member only. */
export const LostReplyRequestSchema = z.strictObject({
  message: required('lostMessageRequired', LOST_LIMITS.messageMax, 'lostMessageTooLong'),
  phone: phone.optional().nullable(),
});
export type LostReplyRequest = z.infer<typeof LostReplyRequestSchema>;

export const LostFlagRequestSchema = z.strictObject({
  reason: LostFlagReasonSchema,
  note: text(LOST_LIMITS.noteMax, 'lostNoteTooLong').optional().nullable(),
});
export type LostFlagRequest = z.infer<typeof LostFlagRequestSchema>;

export const LostHideRequestSchema = z.strictObject({ hidden: z.boolean() });

const csvKinds = z
  .string()
  .trim()
  .transform((s) => s.split(',').map((k) => k.trim().toUpperCase()))
  .pipe(z.array(z.enum([...LOST_POST_KINDS, 'SIGHTING'])))
  .transform((ks) => [...new Set(ks.flatMap((k) => (k === 'SIGHTING' ? [...SIGHTING_KINDS] : [k as LostPostKind])))]);

/** The board's filters, shared by the list and the map. */
export const lostFilterFields = {
  /** MISSING, FOUND, SEEN or SIGHTING (both), comma-separated. */
  kind: csvKinds.optional(),
  status: LostPostStatusSchema.optional(),
  sido: z.enum(REGIONS).optional(),
  sigungu: text(LOST_LIMITS.sigunguMax).optional(),
  /** The date seen or last seen, from and to (yyyy-MM-dd, inclusive). */
  from: isoDate('invalid', 'invalid').optional(),
  to: isoDate('invalid', 'invalid').optional(),
  breed: text(LOST_LIMITS.breedMax).optional(),
  /** The dog's size (`size` is the page length). */
  dogSize: z.enum(PET_SIZES).optional(),
  gender: z.enum(PET_GENDERS).optional(),
  /** Colour words: every word must appear in the colour or the features. */
  colour: text(LOST_LIMITS.colourMax).optional(),
};

export const LostListQuerySchema = z.object({ ...pageQueryFields(), ...lostFilterFields });
export type LostListQuery = z.infer<typeof LostListQuerySchema>;
export type LostFilters = Omit<LostListQuery, 'page' | 'size'>;

/** The map's viewport (south < north, west < east) and zoom (0–20), plus the board's filters. */
export const LostMapQuerySchema = z
  .object({
    south: z.coerce.number().min(-90).max(90),
    west: z.coerce.number().min(-180).max(180),
    north: z.coerce.number().min(-90).max(90),
    east: z.coerce.number().min(-180).max(180),
    zoom: z.coerce.number().int().min(0).max(20),
    ...lostFilterFields,
  })
  .refine((q) => q.south < q.north && q.west < q.east, { path: ['south'], message: 'invalid' });
export type LostMapQuery = z.infer<typeof LostMapQuerySchema>;

export const LostIdParamsSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,9}$/, 'invalid')
    .transform(Number),
});
