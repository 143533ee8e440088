import type { NotificationCode } from '@pawbridge/shared';
import type { NeighbourhoodTopic } from '@pawbridge/shared/alerts.schema';
import type { Db } from '../../db/index';
import type { AlertSourceKind } from './alerts.tables';
import { cachedPlace } from './shelter-places';

/** A public post an alert is about: its exact point (only to find who is near; never sent), its place in words. */
export interface AlertSource {
  kind: AlertSourceKind;
  id: string;
  authorPk: number | null;
  lat: number;
  lng: number;
  name: string | null;
  /** province and district (or the map's words for a stray): never the exact spot. */
  place: string | null;
  topic: NeighbourhoodTopic;
  code: NotificationCode;
  link: string;
  postId: number | null;
}

const TOPIC: Record<AlertSourceKind, NeighbourhoodTopic> = {
  MISSING: 'missing',
  FOUND: 'found',
  SEEN: 'found',
  STRAY: 'strays',
  SHELTER: 'shelter',
};
const CODE: Record<AlertSourceKind, NotificationCode> = {
  MISSING: 'NEIGHBOURHOOD_MISSING',
  FOUND: 'NEIGHBOURHOOD_FOUND',
  SEEN: 'NEIGHBOURHOOD_SEEN',
  STRAY: 'NEIGHBOURHOOD_STRAY',
  SHELTER: 'NEIGHBOURHOOD_SHELTER',
};

const words = (...parts: (string | null)[]) => parts.filter(Boolean).join(' ') || null;

/** The post of an ALERT job (`<kind>:<id>`), or undefined when it is gone, hidden, closed or not public yet. */
export async function loadAlertSource(db: Db, recordId: string): Promise<AlertSource | undefined> {
  const [kind, id] = recordId.split(':') as [AlertSourceKind, string];
  if (kind === 'MISSING' || kind === 'FOUND' || kind === 'SEEN') {
    const p = await db
      .selectFrom('lostPosts')
      .select(['id', 'authorPk', 'latitude', 'longitude', 'name', 'sido', 'sigungu'])
      .where('id', '=', Number(id))
      .where('kind', '=', kind)
      .where('hidden', '=', false)
      .where('status', '=', 'OPEN')
      .executeTakeFirst();
    if (!p) return undefined;
    return {
      kind,
      id,
      authorPk: p.authorPk,
      lat: p.latitude,
      lng: p.longitude,
      name: p.name,
      place: words(p.sido, p.sigungu),
      topic: TOPIC[kind],
      code: CODE[kind],
      link: `/lost/${p.id}`,
      postId: p.id,
    };
  }
  if (kind === 'STRAY') {
    const s = await db
      .selectFrom('strayReports')
      .select(['id', 'reporterPk', 'latitude', 'longitude', 'name', 'placeName', 'status'])
      .where('id', '=', Number(id))
      .executeTakeFirst();
    if (!s || s.status === 'LOST') return undefined;
    return {
      kind,
      id,
      authorPk: s.reporterPk,
      lat: s.latitude,
      lng: s.longitude,
      name: s.name,
      place: s.placeName,
      topic: TOPIC.STRAY,
      code: CODE.STRAY,
      link: `/adopt/${s.id}`,
      postId: null,
    };
  }
  if (kind === 'SHELTER') {
    // A notice has no point of its own: its shelter's, from the address search's cache (shelter-places.ts).
    const a = await db
      .selectFrom('shelterAnimals')
      .select(['desertionNo', 'shelterName', 'shelterAddress', 'sido', 'sigungu', 'status'])
      .where('desertionNo', '=', id)
      .executeTakeFirst();
    if (!a || a.status !== 'OPEN' || !a.shelterAddress) return undefined;
    const point = await cachedPlace(db, a.shelterAddress);
    if (!point) return undefined;
    return {
      kind,
      id,
      authorPk: null,
      lat: point.lat,
      lng: point.lng,
      name: null,
      place: words(a.sido, a.sigungu, a.shelterName),
      topic: TOPIC.SHELTER,
      code: CODE.SHELTER,
      link: `/shelter/${a.desertionNo}`,
      postId: null,
    };
  }
  return undefined;
}
