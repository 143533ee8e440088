// Matching (issue 28, docs/decisions/0039): the candidates of a missing report, as the owner and admins see
// them. Reasons are stable codes with parameters, worded by the web; distances are km rounded to 0.1, and no
// answer carries an exact position. Its own subpath (`@pawbridge/shared/lost.matching`).
import { z } from 'zod';

export const MATCH_CANDIDATE_KINDS = ['FOUND', 'SEEN', 'STRAY', 'SHELTER'] as const;
export const MatchCandidateKindSchema = z.enum(MATCH_CANDIDATE_KINDS);
export const MATCH_CANDIDATE_STATUSES = ['NEW', 'DISMISSED', 'CONFIRMED'] as const;

const reason = <C extends string, S extends z.ZodRawShape>(code: C, shape: S) =>
  z.object({ code: z.literal(code), points: z.number().int(), ...shape });

export const MatchReasonSchema = z.discriminatedUnion('code', [
  reason('SAME_REGISTRATION', {}),
  reason('SAME_PHOTO', {}),
  reason('SIMILAR_PHOTO', {}),
  reason('PHOTO_LOOKS_ALIKE', { percent: z.number().int().min(0).max(100) }),
  reason('SAME_BREED', { breed: z.string() }),
  reason('SIMILAR_BREED', { breed: z.string() }),
  reason('BREED_DIFFERS', {}),
  reason('SAME_SEX', { sex: z.enum(['MALE', 'FEMALE']) }),
  reason('SEX_DIFFERS', {}),
  reason('SAME_SIZE', { size: z.enum(['SMALL', 'MEDIUM', 'LARGE']) }),
  reason('SIZE_DIFFERS', {}),
  reason('SIMILAR_WEIGHT', {}),
  reason('WEIGHT_DIFFERS', {}),
  reason('SAME_COLOUR', { colour: z.enum(['WHITE', 'CREAM', 'BROWN', 'RED', 'BLACK', 'GREY', 'TAN_POINTS', 'SPOTTED']) }),
  reason('SIMILAR_COLOUR', {}),
  reason('COLOUR_DIFFERS', {}),
  reason('SAME_AGE', { age: z.enum(['PUPPY', 'YOUNG', 'ADULT', 'SENIOR']) }),
  reason('AGE_DIFFERS', {}),
  reason('DISTANCE', { km: z.number().nonnegative() }),
  reason('SAME_DISTRICT', {}),
  reason('DAYS_AFTER', { days: z.number().int().nonnegative() }),
]);
export type MatchReasonWire = z.infer<typeof MatchReasonSchema>;

export const MatchCandidateSchema = z.object({
  /** The candidate row's id (for dismiss/confirm). */
  id: z.number().int().positive(),
  kind: MatchCandidateKindSchema,
  /** The lost-and-found post id, stray id or desertion number the candidate is. */
  recordId: z.string(),
  score: z.number().int().min(0).max(100),
  reasons: z.array(MatchReasonSchema),
  /** km between the two places, rounded to 0.1; null when one side has no point (shelter notices). */
  km: z.number().nonnegative().nullable(),
  status: z.enum(MATCH_CANDIDATE_STATUSES),
  /** What the card shows: words and one photo, never a position. */
  breed: z.string().nullable(),
  colour: z.string().nullable(),
  sex: z.enum(['MALE', 'FEMALE']).nullable(),
  date: z.string(),
  place: z.string().nullable(),
  photoUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type MatchCandidate = z.infer<typeof MatchCandidateSchema>;

export const MatchCandidatesAnswerSchema = z.object({
  rows: z.array(MatchCandidateSchema),
  displayFloor: z.number().int(),
  alertThreshold: z.number().int(),
});
export type MatchCandidatesAnswer = z.infer<typeof MatchCandidatesAnswerSchema>;

export const MatchCandidateParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  candidateId: z.coerce.number().int().positive(),
});
