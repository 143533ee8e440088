import { z } from 'zod';
import { regionOf } from './regions';
import { seoulToday } from './validation';

// Lost and found (issue 27, docs/decisions/0037). Two names that never meet the stray status `LOST`
// ("reported, waiting for an admin"): a *missing* report is an owner's 실종 신고; a *sighting* is a
// finder's post, FOUND (발견, "I have it") or SEEN (목격, "I saw it pass").
// The words and limits here; the requests in lost.requests.ts, the answers in lost.answers.ts; all three
// through lost.schema.ts.

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

/** 'yyyy-MM-dd' a year before today in Korea. */
export function earliestLostDate(now: Date = new Date()): string {
  const today = seoulToday(now);
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - LOST_LIMITS.daysBackMax);
  return d.toISOString().slice(0, 10);
}
