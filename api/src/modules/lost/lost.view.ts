import { authorLabel, regionOf, seoulToday } from '@pawbridge/shared';
import type { LostPostSummary } from '@pawbridge/shared/lost.schema';
import { snapToGrid } from './lost.grid';
import type { LostSummaryRow } from './lost.board.repository';
import type { LostUpdateRow } from './lost.repository';

/**
 * How a member is shown on the board (a post's author, a timeline entry's actor, a relay message's
 * sender, a comment's author): the nickname (decision 0035), else the masked login id; never the
 * name or the whole login id.
 */
export function authorDisplayName(author: { nickname: string | null; userId: string }): string {
  return authorLabel(author.nickname, author.userId) ?? '***';
}

export const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** The first day of this month in Korea, as an instant. */
export function seoulMonthStart(now: Date = new Date()): Date {
  return new Date(`${seoulToday(now).slice(0, 7)}-01T00:00:00+09:00`);
}

export function summaryOf(row: LostSummaryRow): LostPostSummary {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    name: row.name,
    breed: row.breed,
    size: row.size,
    gender: row.gender,
    colour: row.colour,
    reward: row.reward,
    photoUrl: row.photoUrl,
    address: row.address,
    sido: row.sido,
    sigungu: row.sigungu,
    happenedDate: row.happenedDate,
    happenedTime: row.happenedTime,
    position: { lat: row.publicLat, lng: row.publicLng },
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

export function timelineOf(u: LostUpdateRow) {
  return {
    kind: u.kind,
    actorName: u.actorUserId === null ? null : authorDisplayName({ nickname: u.actorNickname, userId: u.actorUserId }),
    at: new Date(u.createdAt).toISOString(),
    position: u.publicLat !== null && u.publicLng !== null ? { lat: u.publicLat, lng: u.publicLng } : null,
    address: u.address,
    photoUrl: u.photoUrl,
    note: u.note,
    status: u.status,
    sightingId: u.sightingId,
  };
}

/** A place as stored: exact, public (snapped on the post's own grid) and its 시·도. */
export function placeOf(
  p: { lat: number; lng: number; address: string; sigungu?: string | null | undefined },
  seed: { lat: number; lng: number },
) {
  const pub = snapToGrid(p.lat, p.lng, seed);
  return {
    latitude: p.lat,
    longitude: p.lng,
    publicLat: pub.lat,
    publicLng: pub.lng,
    address: p.address,
    sido: regionOf({ lat: p.lat, lng: p.lng }),
    sigungu: p.sigungu?.trim() || null,
  };
}
