import type { ColumnType, Generated } from 'kysely';
import type { LostPostKind, LostPostStatus } from '@pawbridge/shared/lost.schema';
import type { PetGender, PetSize } from '@pawbridge/shared';

export interface LostPostsTable {
  id: Generated<number>;
  kind: LostPostKind;
  authorPk: number;
  status: ColumnType<LostPostStatus, LostPostStatus | undefined, LostPostStatus>;
  hidden: ColumnType<boolean, boolean | undefined, boolean>;
  petPk: number | null;
  missingId: number | null;
  name: string | null;
  breed: string | null;
  size: PetSize | null;
  gender: PetGender | null;
  weight: number | null;
  colour: string | null;
  registrationNo: string | null;
  features: string | null;
  onSight: string | null;
  description: string | null;
  reward: number | null;
  contact: 'RELAY' | 'PHONE';
  phone: string | null;
  latitude: number;
  longitude: number;
  publicLat: number;
  publicLng: number;
  gridSeedLat: number;
  gridSeedLng: number;
  address: string;
  sido: string | null;
  sigungu: string | null;
  /** 'yyyy-MM-dd' (DATE kept as text by the db layer). */
  happenedDate: string;
  happenedTime: string;
  thankYouNote: string | null;
  strayReportId: number | null;
  toStrayAt: Date | null;
  closedAt: Date | null;
  /** When the 7-day reminder was claimed (migration 0017). */
  remindedAt: ColumnType<Date | null, never, Date | null>;
  createdAt: ColumnType<Date, Date | undefined, never>;
  updatedAt: ColumnType<Date, Date | undefined, Date>;
  searchText: ColumnType<string, never, never>;
  /** Its photos' perceptual hashes, kept by a trigger on lost_photos (0027); never written here. */
  phashes: ColumnType<string[], never, never>;
  /** The matching pre-filter's reading of `breed` (0029), kept by a trigger; never written here. */
  breedKey: ColumnType<string | null, never, never>;
  breedGroup: ColumnType<string | null, never, never>;
}

export interface LostPhotosTable {
  id: Generated<number>;
  postId: number;
  url: string;
  /** Perceptual hash (0018_matching.sql); null for photos stored before it. */
  phash: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: ColumnType<Date, never, never>;
}

export interface LostUpdatesTable {
  id: Generated<number>;
  postId: number;
  kind: 'CREATED' | 'MOVED' | 'PHOTO_ADDED' | 'SIGHTING_ATTACHED' | 'STATUS_CHANGED' | 'HIDDEN' | 'SHOWN' | 'NOTE';
  actorPk: number | null;
  latitude: number | null;
  longitude: number | null;
  publicLat: number | null;
  publicLng: number | null;
  address: string | null;
  photoUrl: string | null;
  note: string | null;
  status: LostPostStatus | null;
  sightingId: number | null;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

export interface LostContactsTable {
  id: Generated<number>;
  postId: number;
  senderPk: number;
  recipientPk: number;
  replyToId: number | null;
  message: string;
  phone: string | null;
  createdAt: ColumnType<Date, never, never>;
}

export interface LostFlagsTable {
  id: Generated<number>;
  postId: number;
  flaggerPk: number;
  reason: 'SCAM' | 'WRONG' | 'ABUSIVE';
  note: string | null;
  createdAt: ColumnType<Date, never, never>;
  resolvedAt: Date | null;
}

export interface LostCommentsTable {
  id: Generated<number>;
  postId: number;
  authorPk: number;
  content: string;
  createdAt: ColumnType<Date, Date | undefined, never>;
}

export interface LostTables {
  lostPosts: LostPostsTable;
  lostPhotos: LostPhotosTable;
  lostUpdates: LostUpdatesTable;
  lostContacts: LostContactsTable;
  lostFlags: LostFlagsTable;
  lostComments: LostCommentsTable;
}
