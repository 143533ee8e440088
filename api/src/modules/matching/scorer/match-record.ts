/**
 * One shape for both sides of a match (issue 28, docs/decisions/0039): a lost report, and a candidate —
 * a finder's FOUND/SEEN post, a member's stray report or a synced shelter notice — each normalised by
 * its adapter (../matching.records.ts) before the pure scorer sees it. `position` is the exact point
 * and never leaves the server; answers carry only the rounded distance the scorer reports.
 */
export type MatchKind = 'MISSING' | 'FOUND' | 'SEEN' | 'STRAY' | 'SHELTER';
export type Species = 'DOG' | 'CAT';
export type Sex = 'MALE' | 'FEMALE';
export type SizeBand = 'SMALL' | 'MEDIUM' | 'LARGE';
export type AgeBand = 'PUPPY' | 'YOUNG' | 'ADULT' | 'SENIOR';

export interface MatchRecord {
  kind: MatchKind;
  /** lost_posts.id, stray_reports.id or shelter_animals.desertion_no, as text. */
  id: string;
  /** null: unknown (the scorer then takes it from the breed words, else assumes a dog). */
  species: Species | null;
  /** The words as written ("진돗개", "말티즈 믹스", "[개] 포메라니안"). */
  breed: string | null;
  sex: Sex | null;
  /** Neutered or not never conflicts; kept so nothing is lost in the normalising. */
  neutered: boolean | null;
  size: SizeBand | null;
  weightKg: number | null;
  /** Colour words as written ("갈색", "브라운&화이트"). */
  colour: string | null;
  ageBand: AgeBand | null;
  /** A registration or microchip number as written (spaces and dashes are ignored). */
  registrationNo: string | null;
  /** Exact point, server-side only; null when only a region is known (shelter notices). */
  position: { lat: number; lng: number } | null;
  /** 시·군·구 words, for records without a point. */
  sigungu: string | null;
  /** When lost (MISSING) or found/seen (the rest). */
  at: Date;
  /** Perceptual hashes of the record's photos (16 hex digits each, ../photo-hash.ts). */
  photoHashes: string[];
  /** Cosine similarity inputs when an image embedder is configured; absent otherwise. */
  embeddings?: number[][];
}
