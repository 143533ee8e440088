import { ADOPT_STATUSES, UNNAMED_DOG, type AdoptionApplication, type AdoptStatus } from '@pawbridge/shared';
import { photoPath, positiveId, strayName, unwrapList } from './stray.normaliser';
import { shownPhone } from './session.normaliser';

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** The legacy's local date-times carry no offset and are UTC (legacy-contract §14.9): say so. */
export function isoInstant(v: unknown): string | null {
  const s = text(v);
  if (!s) return null;
  const withZone = /([zZ]|[+-]\d{2}:?\d{2})$/.test(s) ? s : `${s}Z`;
  const d = new Date(withZone);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** REQUESTED/APPROVED/REJECTED; the old front end's PENDING is the same as REQUESTED. */
export function adoptStatus(v: unknown): AdoptStatus | null {
  const s = text(v)?.toUpperCase();
  if (s === 'PENDING') return 'REQUESTED';
  return s && (ADOPT_STATUSES as readonly string[]).includes(s) ? (s as AdoptStatus) : null;
}

/**
 * One application (legacy AdoptPetDto: no pet id, no approvedAt; our api adds
 * `adoptPetId`, `approvedAt`, `petName`) → the contract; null when unusable.
 */
export function normaliseApplication(raw: unknown): AdoptionApplication | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = positiveId(r.id);
  const status = adoptStatus(r.adoptStatus ?? r.status);
  const appliedAt = isoInstant(r.appliedAt);
  if (id === null || status === null || appliedAt === null) return null;
  const adoptPetId = positiveId(r.adoptPetId ?? r.petId ?? r.abandonedPetFormId);
  return {
    id,
    adoptPetId,
    adoptStatus: status,
    userName: text(r.userName) ?? text(r.userId) ?? '',
    appliedAt,
    approvedAt: status === 'APPROVED' ? isoInstant(r.approvedAt) : null,
    location: text(r.location),
    type: text(r.type),
    petImageUrl: photoPath(r.petImageUrl ?? r.imageUrl),
    petName: text(r.petName) ?? (adoptPetId !== null ? strayName(adoptPetId) : (text(r.type) ?? UNNAMED_DOG)),
    applicantName: text(r.applicantName),
    applicantEmail: text(r.applicantEmail),
    applicantPhone: shownPhone(text(r.applicantPhone)),
  };
}

export const normaliseApplicationList = (raw: unknown): AdoptionApplication[] =>
  unwrapList(raw)
    .map(normaliseApplication)
    .filter((a): a is AdoptionApplication => a !== null);

/**
 * The legacy sends no stray id with an application; its photo path is unique
 * per report, so it names the stray. Fills `adoptPetId` (and the name) from a
 * stray list where the upstream left it out.
 */
export function withStrayIds(
  apps: AdoptionApplication[],
  strays: { id: number; imageUrl: string | null; name: string }[],
): AdoptionApplication[] {
  const byImage = new Map(strays.filter((s) => s.imageUrl).map((s) => [s.imageUrl as string, s]));
  return apps.map((a) => {
    if (a.adoptPetId !== null || !a.petImageUrl) return a;
    const s = byImage.get(a.petImageUrl);
    return s ? { ...a, adoptPetId: s.id, petName: s.name } : a;
  });
}

// The adopt list's order is a rule of every tier: it lives in @pawbridge/shared (stray-rules).
export { inAdoptListOrder } from '@pawbridge/shared';
