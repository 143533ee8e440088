import { UNNAMED_DOG, type DonationHistoryItem, type DonationTotals } from '@pawbridge/shared';
import { isoInstant } from './adoption.normaliser';
import { petStatus, photoPath, positiveId, strayName, unwrapList } from './stray.normaliser';

/** A legacy item whose stray is no longer on the list and has no breed either. */

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Whole won from a number or a numeric string (Java `int` may reach us either way). */
function won(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * One my-donations item (legacy: `{donationId, amount, donatedAt, status, petId,
 * type, imageUrl}` with `petId` the AbandonedPet id; our api adds
 * `abandonedPetId` — the adopt list's id — the name and the payment's details)
 * → the contract; null when it has no amount or time.
 */
export function normaliseDonation(raw: unknown): DonationHistoryItem | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const amount = won(r.amount);
  const donatedAt = isoInstant(r.donatedAt);
  if (amount === null || donatedAt === null) return null;
  // Only our api's `abandonedPetId` is the list's id; the legacy's `petId` is another table's.
  const abandonedPetId = positiveId(r.abandonedPetId);
  const paymentStatus = text(r.paymentStatus)?.toUpperCase() === 'CANCELLED' ? 'CANCELLED' : 'PAID';
  return {
    donationId: positiveId(r.donationId ?? r.id),
    abandonedPetId,
    petName: abandonedPetId !== null ? strayName(abandonedPetId, r.petName) : (text(r.petName) ?? text(r.type) ?? UNNAMED_DOG),
    type: text(r.type),
    imageUrl: photoPath(r.imageUrl),
    amount,
    donatedAt,
    status: petStatus(r.status),
    paymentStatus,
    impUid: text(r.impUid),
    merchantUid: text(r.merchantUid),
    paymentMethod: text(r.paymentMethod),
  };
}

/** Newest first whatever order the upstream used (the legacy's is the database's). */
export const normaliseDonationList = (raw: unknown): DonationHistoryItem[] =>
  unwrapList(raw)
    .map(normaliseDonation)
    .filter((d): d is DonationHistoryItem => d !== null)
    .sort((a, b) => b.donatedAt.localeCompare(a.donatedAt) || (b.donationId ?? 0) - (a.donationId ?? 0));

/**
 * The legacy's items carry no list id; a stray's photo path is unique per
 * report, so it names the stray: fills the id and name from the adopt list.
 */
export function withStrays(
  items: DonationHistoryItem[],
  strays: { id: number; imageUrl: string | null; name: string }[],
): DonationHistoryItem[] {
  const byImage = new Map(strays.filter((s) => s.imageUrl).map((s) => [s.imageUrl as string, s]));
  return items.map((d) => {
    if (d.abandonedPetId !== null || !d.imageUrl) return d;
    const s = byImage.get(d.imageUrl);
    return s ? { ...d, abandonedPetId: s.id, petName: s.name } : d;
  });
}

export function normaliseTotals(raw: unknown): DonationTotals['totals'] {
  return unwrapList(raw).flatMap((x) => {
    const r = (x ?? {}) as Record<string, unknown>;
    const id = positiveId(r.abandonedPetId);
    const total = won(r.totalAmount);
    const count = won(r.donationCount);
    return id !== null && total !== null ? [{ abandonedPetId: id, totalAmount: total, donationCount: count ?? 0 }] : [];
  });
}
