import { z } from 'zod';
import { PET_GENDERS, PET_SIZES } from './constants';
import { pageQueryFields } from './paging.schema';
import { LOST_CONTACT_MODES, LOST_TIMELINE_KINDS, LostFlagReasonSchema, LostPostKindSchema, LostPostStatusSchema } from './lost.rules';

// What the lost-and-found routes answer (issue 27).

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
  /** Who made the entry, by nickname (decision 0035); null when unknown (an account gone, an older upstream). */
  actorName: z.string().nullable().optional(),
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
  /**
   * Confirmed matches (issue 28, decision 0042): on a missing report, the records its owner confirmed
   * (a found/seen post, a stray report, a shelter notice); on a found/seen post, the missing reports that
   * confirmed it. Absent from upstreams without matching.
   */
  matches: z
    .array(
      z.object({
        lostPostId: z.number().int().positive(),
        kind: z.enum(['FOUND', 'SEEN', 'STRAY', 'SHELTER']),
        recordId: z.string(),
      }),
    )
    .optional(),
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
