import { z } from 'zod';
import { ADOPT_STATUSES, PET_STATUSES, REGIONS, REPORT_STATUSES, STRAY_GENDERS } from './constants';
import { pageQueryFields } from './paging.schema';
import { clockTime, decimalText, isoDate, optionalText, requiredText, seoulToday } from './validation';

export const PetStatusSchema = z.enum(PET_STATUSES);
export type PetStatus = z.infer<typeof PetStatusSchema>;
export const ReportStatusSchema = z.enum(REPORT_STATUSES);
export type ReportStatus = z.infer<typeof ReportStatusSchema>;

/** reportStatus: an explicit value wins; otherwise LOST → PENDING, everything else → APPROVED (spec §4). */
export function reportStatusFor(status: PetStatus, explicit?: string | null): ReportStatus {
  const e = explicit?.toUpperCase();
  if (e && (REPORT_STATUSES as readonly string[]).includes(e)) return e as ReportStatus;
  return status === 'LOST' ? 'PENDING' : 'APPROVED';
}

/**
 * A stray as the browser sees it. `id` is always the report id (the legacy's
 * AbandonedPetForm id) — the BFF hides the legacy's second id. `place` is where it was
 * found in words ("부산광역시 해운대구 우동", else the region); public answers never carry
 * the exact position (`latitude`/`longitude` null): only admins' answers do (decision 0033).
 */
export const StraySchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  imageUrl: z.string().nullable(),
  type: z.string().nullable(),
  gender: z.enum(STRAY_GENDERS).nullable(),
  location: z.string(),
  place: z.string(),
  description: z.string(),
  foundDate: z.string(),
  foundTime: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  status: PetStatusSchema,
  reportStatus: ReportStatusSchema,
});
export type Stray = z.infer<typeof StraySchema>;
export const StrayListSchema = z.array(StraySchema);

/** The JSON part "abandoned-pet" of a report (the photo goes in the file part "imageurl"). */
export const StrayReportRequestSchema = z.object({
  // The legacy front end sends the map's coordinates as JSON strings ("37.5547"), which Spring's binder
  // accepts for its Double fields; plain decimals convert, anything else ("", "NaN", "1e3") stays refused.
  latitude: z.preprocess(decimalText, z.number({ error: 'latitudeRequired' }).min(-90, 'latitudeRequired').max(90, 'latitudeRequired')),
  longitude: z.preprocess(
    decimalText,
    z.number({ error: 'longitudeRequired' }).min(-180, 'longitudeRequired').max(180, 'longitudeRequired'),
  ),
  gender: z.enum(STRAY_GENDERS).optional().nullable(),
  description: requiredText('descriptionRequired', 2000, 'descriptionTooLong'),
  location: z.enum(REGIONS, { error: 'locationRequired' }),
  type: optionalText(50, 'typeTooLong').optional().nullable(),
  // Compared with today in Korea: just after midnight there it is still yesterday in UTC.
  foundDate: isoDate('foundDateRequired', 'foundDateInvalid').refine((s) => s <= seoulToday(), 'foundDateFuture'),
  foundTime: clockTime('foundTimeRequired', 'foundTimeInvalid'),
});
export type StrayReportRequest = z.infer<typeof StrayReportRequestSchema>;

/**
 * Answer of POST /api/abandoned/register (201). `id` is the new report's id when
 * the upstream tells it (our api does; the legacy Spring service does not → null).
 */
export const StrayReportResultSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  id: z.number().int().positive().nullable(),
});
export type StrayReportResult = z.infer<typeof StrayReportResultSchema>;

/** GET /api/abandoned/abandoned-pets/search (all optional; see docs/decisions for the matching rules). */
export const StraySearchQuerySchema = z.object({
  foundDate: isoDate('foundDateInvalid', 'foundDateInvalid').optional(),
  foundTime: clockTime('foundTimeInvalid', 'foundTimeInvalid', true).optional(),
  location: optionalText(100).optional(),
});
export type StraySearchQuery = z.infer<typeof StraySearchQuerySchema>;

/** The BFF's adopt list: `page` (from 1, default 1) and `size` (default 20, at most 100); the total in X-Total-Count. */
export const StrayListQuerySchema = z.object(pageQueryFields());
export type StrayListQuery = z.infer<typeof StrayListQuerySchema>;
/** The BFF's search: the criteria plus `page` and `size` as on the list. */
export const StraySearchPageQuerySchema = StraySearchQuerySchema.extend(pageQueryFields());
export type StraySearchPageQuery = z.infer<typeof StraySearchPageQuerySchema>;

export const BreedPredictionSchema = z.object({
  /** null when the model is not confident enough ("unsure"). */
  predictedBreed: z.string().nullable(),
  confidence: z.number().min(0).max(1).nullable(),
});
export type BreedPrediction = z.infer<typeof BreedPredictionSchema>;

export const AdoptStatusSchema = z.enum(ADOPT_STATUSES);
export type AdoptStatus = z.infer<typeof AdoptStatusSchema>;

/** An adoption application; `adoptPetId` is the stray's `id`. Timestamps are ISO 8601 with offset. */
export const AdoptionApplicationSchema = z.object({
  id: z.number().int().positive(),
  adoptPetId: z.number().int().positive().nullable(),
  adoptStatus: AdoptStatusSchema,
  userName: z.string(),
  appliedAt: z.string(),
  approvedAt: z.string().nullable(),
  location: z.string().nullable(),
  type: z.string().nullable(),
  petImageUrl: z.string().nullable(),
  petName: z.string(),
  /** The applicant's name and contact, for the admin only (null elsewhere and from the legacy upstream). */
  applicantName: z.string().nullable(),
  applicantEmail: z.string().nullable(),
  applicantPhone: z.string().nullable(),
});
export type AdoptionApplication = z.infer<typeof AdoptionApplicationSchema>;

/**
 * Answer of the state-changing calls (admin register, apply, approve, reject, withdraw): a Korean
 * sentence plus the stray's status afterwards, so a screen can update its card
 * without reloading. `status` is null when the upstream does not tell it.
 */
export const StrayActionResultSchema = z.object({
  ok: z.literal(true),
  message: z.string(),
  status: PetStatusSchema.nullable(),
});
export type StrayActionResult = z.infer<typeof StrayActionResultSchema>;
export const AdoptionApplicationListSchema = z.array(AdoptionApplicationSchema);

/**
 * The name the admin gives a reported stray (issue 25 item 8): asked for when registering it
 * (POST /api/admin/reports/:id/register, optional: left out, the dog keeps its report's name or
 * "유기견 #N") and changeable later (PUT /api/admin/abandoned-pets/:id/name).
 */
export const StrayNameSchema = requiredText('strayNameRequired', 20, 'strayNameTooLong');
export const ReportRegisterRequestSchema = z.object({ name: StrayNameSchema.optional() });
export type ReportRegisterRequest = z.infer<typeof ReportRegisterRequestSchema>;
export const StrayRenameRequestSchema = z.object({ name: StrayNameSchema });
export type StrayRenameRequest = z.infer<typeof StrayRenameRequestSchema>;
