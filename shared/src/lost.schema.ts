import { z } from 'zod';
import { PET_GENDERS, PET_SIZES } from './constants';
import { REGIONS, regionOf } from './regions';
import { pageQueryFields } from './paging.schema';
import { clockTime, decimalText, isoDate, optionalText, requiredText, seoulToday } from './validation';

// Lost and found (issue 27, docs/decisions/0037). Two names that never meet the stray status `LOST`
// ("reported, waiting for an admin"): a *missing* report is an owner's 실종 신고; a *sighting* is a
// finder's post, FOUND (발견, "I have it") or SEEN (목격, "I saw it pass").

export const LOST_POST_KINDS = ['MISSING', 'FOUND', 'SEEN'] as const;
export const LostPostKindSchema = z.enum(LOST_POST_KINDS);
export type LostPostKind = z.infer<typeof LostPostKindSchema>;
export const SIGHTING_KINDS = ['FOUND', 'SEEN'] as const;
export type SightingKind = (typeof SIGHTING_KINDS)[number];
export const isSightingKind = (kind: LostPostKind): kind is SightingKind => kind !== 'MISSING';

/** OPEN while it runs; a missing report ends REUNITED (찾았어요) or CANCELLED; a sighting, or a post an admin closes, CLOSED. */
export const LOST_POST_STATUSES = ['OPEN', 'REUNITED', 'CANCELLED', 'CLOSED'] as const;
export const LostPostStatusSchema = z.enum(LOST_POST_STATUSES);
export type LostPostStatus = z.infer<typeof LostPostStatusSchema>;

/** RELAY: nobody sees a number, contact goes through the site; PHONE: the author chose to show theirs. */
export const LOST_CONTACT_MODES = ['RELAY', 'PHONE'] as const;
export const LOST_FLAG_REASONS = ['SCAM', 'WRONG', 'ABUSIVE'] as const;
export const LostFlagReasonSchema = z.enum(LOST_FLAG_REASONS);

export const LOST_TIMELINE_KINDS = [
  'CREATED',
  'MOVED',
  'PHOTO_ADDED',
  'SIGHTING_ATTACHED',
  'STATUS_CHANGED',
  'HIDDEN',
  'SHOWN',
  'NOTE',
] as const;

export const LOST_LIMITS = {
  photosMax: 5,
  openMissingPerMember: 5,
  postsPerMemberPerDay: 20,
  /** How far back a last-seen or seen date may lie. */
  daysBackMax: 365,
  nameMax: 30,
  breedMax: 50,
  colourMax: 100,
  registrationNoMax: 30,
  featuresMax: 1000,
  onSightMax: 500,
  descriptionMax: 2000,
  addressMax: 200,
  sigunguMax: 30,
  noteMax: 300,
  messageMax: 1000,
  rewardMax: 100_000_000,
  /** Side of the public grid, in metres: public positions are snapped to it (docs/decisions/0037). */
  gridMetres: 300,
  mapClustersMax: 500,
} as const;

/** The photo file fields of every lost-and-found upload: `photo1` … `photo5`, in this order. */
export const LOST_PHOTO_FIELDS = ['photo1', 'photo2', 'photo3', 'photo4', 'photo5'] as const;
/** The JSON parts of the multipart writes. */
export const LOST_MISSING_PART = 'missing';
export const LOST_SIGHTING_PART = 'sighting';
export const LOST_UPDATE_PART = 'update';

/** South Korea: inside one of the 17 시·도 boxes (regions.ts), at sea or abroad is refused. */
export const isInKorea = (lat: number, lng: number): boolean => regionOf({ lat, lng }) !== null;

/** Plain text only: anything that looks like a tag is refused (posts are shown as text, never as HTML). */
const HTML_LIKE = /<\s*[a-zA-Z!/?]/;
const plain = <T extends z.ZodType<string>>(schema: T) => schema.refine((s) => !HTML_LIKE.test(s), 'lostHtmlRefused');
const text = (max: number, tooLongKey?: string) => plain(optionalText(max, tooLongKey));
const required = (requiredKey: string, max: number, tooLongKey: string) => plain(requiredText(requiredKey, max, tooLongKey));

const coordinate = (min: number, max: number) =>
  z.preprocess(decimalText, z.number({ error: 'lostPositionRequired' }).min(min, 'lostPositionRequired').max(max, 'lostPositionRequired'));

/** 'yyyy-MM-dd' a year before today in Korea. */
export function earliestLostDate(now: Date = new Date()): string {
  const today = seoulToday(now);
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - LOST_LIMITS.daysBackMax);
  return d.toISOString().slice(0, 10);
}

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

const position = z.object({ lat: z.number(), lng: z.number() });

/** One post on the board. `position` is the public one, snapped to the post's ~300 m grid; never the exact point. */
export const LostPostSummarySchema = z.object({
  id: z.number().int().positive(),
  kind: LostPostKindSchema,
  status: LostPostStatusSchema,
  name: z.string().nullable(),
  breed: z.string().nullable(),
  size: z.enum(PET_SIZES).nullable(),
  gender: z.enum(PET_GENDERS).nullable(),
  colour: z.string().nullable(),
  reward: z.number().int().nullable(),
  photoUrl: z.string().nullable(),
  address: z.string(),
  sido: z.string().nullable(),
  sigungu: z.string().nullable(),
  happenedDate: z.string(),
  happenedTime: z.string(),
  position,
  createdAt: z.string(),
});
export type LostPostSummary = z.infer<typeof LostPostSummarySchema>;
export const LostPostListSchema = z.array(LostPostSummarySchema);

export const LostTimelineEntrySchema = z.object({
  kind: z.enum(LOST_TIMELINE_KINDS),
  at: z.string(),
  /** Public (snapped) position for a move. */
  position: position.nullable(),
  address: z.string().nullable(),
  photoUrl: z.string().nullable(),
  note: z.string().nullable(),
  status: LostPostStatusSchema.nullable(),
  sightingId: z.number().int().nullable(),
});

/** One post with everything the post page shows. `exactPosition` and `registrationNo` only for its author and admins. */
export const LostPostDetailSchema = LostPostSummarySchema.extend({
  photoUrls: z.array(z.string()),
  weight: z.number().nullable(),
  features: z.string().nullable(),
  onSight: z.string().nullable(),
  description: z.string().nullable(),
  contact: z.enum(LOST_CONTACT_MODES),
  /** Only when the author chose PHONE. */
  phone: z.string().nullable(),
  thankYouNote: z.string().nullable(),
  author: z.object({ displayName: z.string() }),
  missingId: z.number().int().nullable(),
  strayReportId: z.number().int().nullable(),
  hidden: z.boolean(),
  mine: z.boolean(),
  exactPosition: position.nullable(),
  registrationNo: z.string().nullable(),
  sightings: z.array(LostPostSummarySchema),
  timeline: z.array(LostTimelineEntrySchema),
  closedAt: z.string().nullable(),
});
export type LostPostDetail = z.infer<typeof LostPostDetailSchema>;

/** One map marker: a cluster of `count` posts at the mean of their public positions; a single post names itself. */
export const LostMapClusterSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  count: z.number().int().positive(),
  id: z.number().int().nullable(),
  kind: LostPostKindSchema.nullable(),
});
export const LostMapAnswerSchema = z.object({ zoom: z.number().int(), clusters: z.array(LostMapClusterSchema), total: z.number().int() });
export type LostMapAnswer = z.infer<typeof LostMapAnswerSchema>;

export const LostCreatedSchema = z.object({ id: z.number().int().positive() });

/** A relay message: a member's contact or the author's reply. `phone` only on a reply that revealed it, to its addressee. */
export const LostContactSchema = z.object({
  id: z.number().int().positive(),
  postId: z.number().int().positive(),
  direction: z.enum(['SENT', 'RECEIVED']),
  replyToId: z.number().int().nullable(),
  fromName: z.string(),
  message: z.string(),
  phone: z.string().nullable(),
  createdAt: z.string(),
});
export type LostContact = z.infer<typeof LostContactSchema>;
export const LostContactListSchema = z.array(LostContactSchema);

export const LostFlagSchema = z.object({
  id: z.number().int().positive(),
  postId: z.number().int().positive(),
  postKind: LostPostKindSchema,
  postHidden: z.boolean(),
  reason: LostFlagReasonSchema,
  note: z.string().nullable(),
  flaggedBy: z.string(),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export const LostFlagListSchema = z.array(LostFlagSchema);
export const LostFlagsQuerySchema = z.object({ ...pageQueryFields(), state: z.enum(['open', 'all']).default('open') });

/** Counts for the home and the admin dashboard. `flagsWaiting` is null unless an admin asks. */
export const LostStatsSchema = z.object({
  reunitedThisMonth: z.number().int(),
  openMissing: z.number().int(),
  flagsWaiting: z.number().int().nullable(),
});
export type LostStats = z.infer<typeof LostStatsSchema>;
