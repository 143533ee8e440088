import type { PetStatus } from './strays.schema';

/**
 * The rules about a stray's status that every tier applies (decision 0028): written once here and
 * imported by the api, the BFF and the web. The api's database keeps the same rank in a generated
 * column (api/src/db/migrations/0010_list_indexes.sql); a test there holds the two together.
 */

/** What a visitor sees on the adopt list, in the list's order: adoptable first, then waiting, then adopted. LOST reports are not public until an admin registers them. */
export const PUBLIC_STRAY_STATUSES: readonly PetStatus[] = ['PROTECTING', 'WAITING', 'ADOPT'];

export const isPublicStatus = (status: PetStatus): boolean => PUBLIC_STRAY_STATUSES.includes(status);

/** The status's place in the adopt list: its index among the public statuses, LOST last. */
export const ADOPT_LIST_RANK: Readonly<Record<PetStatus, number>> = {
  PROTECTING: 0,
  WAITING: 1,
  ADOPT: 2,
  LOST: PUBLIC_STRAY_STATUSES.length,
};

/** Only a stray in care (PROTECTING) takes an adoption application; applying moves it to WAITING. */
export const mayApplyFor = (status: PetStatus): boolean => status === 'PROTECTING';

/** Only an unreviewed report (LOST) can be registered by an admin; every later state is "already registered". */
export const mayRegisterReport = (status: PetStatus): boolean => status === 'LOST';

type Ordered = { id: number; status: PetStatus; foundDate: string; foundTime: string };

/**
 * The adopt list's order: rank (PROTECTING, WAITING, ADOPT, LOST), then the newest found first
 * (day, then time), the id last so pages never overlap. The api's SQL orders by the same columns.
 */
export const compareAdoptListOrder = (a: Ordered, b: Ordered): number =>
  ADOPT_LIST_RANK[a.status] - ADOPT_LIST_RANK[b.status] ||
  b.foundDate.localeCompare(a.foundDate) ||
  b.foundTime.localeCompare(a.foundTime) ||
  b.id - a.id;

/** A sorted copy in adopt-list order (the legacy answers in database order, so the BFF sorts what it returns). */
export const inAdoptListOrder = <T extends Ordered>(strays: readonly T[]): T[] => [...strays].sort(compareAdoptListOrder);
