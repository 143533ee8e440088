/**
 * The points table of decision 0039, in one place. A score is the sum of the reasons' points, clamped
 * to 0–100; an equal registration or microchip number makes it 100 whatever else is said.
 */
export const POINTS = {
  certain: 100,
  samePhoto: 40,
  similarPhoto: 15,
  /** Image embeddings' cosine similarity: 0 at `lookAlikeFrom`, this at 1. */
  lookAlikeMax: 20,
  lookAlikeFrom: 0.5,
  sameBreed: 20,
  samePlainMix: 8,
  mixOfSameBreed: 10,
  sameBreedGroup: 6,
  breedDiffers: -15,
  sameSex: 10,
  sexDiffers: -25,
  sameSize: 5,
  sizeDiffers: -10,
  similarWeight: 5,
  weightDiffers: -10,
  sameColour: 10,
  similarColour: 4,
  colourDiffers: -10,
  sameAge: 5,
  ageDiffers: -10,
  /** Distance: this many points at 0 km, halved every `halfKm`. */
  distanceMax: 25,
  halfKm: 3,
  sameDistrict: 8,
} as const;

/** Found this many days after lost: points (the first row that holds). */
export const DAYS_POINTS: readonly [maxDays: number, points: number][] = [
  [3, 10],
  [7, 7],
  [14, 4],
  [30, 1],
];

export const LIMITS = {
  /** A candidate found up to a day before the owner's "last seen" still counts (owners misremember). */
  earlyToleranceDays: 1,
  /** A lost report is scored against records from this long after it (and they against it). */
  lookbackDays: 60,
  /** Beyond this, with both points known, not a candidate (the pre-selection box has the same size). */
  maxKm: 50,
  /** Perceptual hashes this many bits apart or fewer: the same photo; up to `similarBits`: near. */
  samePhotoBits: 6,
  similarPhotoBits: 12,
  /** Weights whose ratio is at most this are similar; at least `weightDiffersRatio`, a conflict. */
  similarWeightRatio: 1.2,
  weightDiffersRatio: 1.6,
  /** A registration number shorter than this (after dropping spaces and dashes) proves nothing. */
  registrationMinLength: 6,
} as const;

/** Shown on the lost post from this score. */
export const DISPLAY_FLOOR = 40;
/** The owner is told at once (bell, e-mail) from this score. */
export const ALERT_THRESHOLD = 65;
