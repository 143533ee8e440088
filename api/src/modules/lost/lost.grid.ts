import crypto from 'node:crypto';
import { LOST_LIMITS } from '@pawbridge/shared/lost.schema';

/** Metres per degree of latitude (and of longitude at the equator). */
const METRES_PER_DEGREE = 111_320;

export interface GridSeed {
  lat: number;
  lng: number;
}

/** A grid offset in [0, 1) per axis: drawn for a member's first post, reused for their later ones (lost.guards.ts), stored with each post. */
export function newGridSeed(): GridSeed {
  const bytes = crypto.randomBytes(8);
  return { lat: bytes.readUInt32BE(0) / 2 ** 32, lng: bytes.readUInt32BE(4) / 2 ** 32 };
}

/**
 * The public point of an exact one (docs/decisions/0037): the centre of the ~300 m cell it falls in,
 * on a grid shifted by the seed of the post's author. The same inputs always give the same point, so asking
 * again (or many times), or posting the same spot again, tells nothing more; a grid shared by everyone
 * would let neighbouring posts' cells be compared, a random jitter per answer could be averaged away. The longitude step widens with the
 * latitude of the seed row so cells stay ~300 m wide; six decimals are kept.
 */
export function snapToGrid(lat: number, lng: number, seed: GridSeed): { lat: number; lng: number } {
  const latStep = LOST_LIMITS.gridMetres / METRES_PER_DEGREE;
  const latCell = Math.floor((lat - seed.lat * latStep) / latStep);
  const publicLat = (latCell + 0.5 + seed.lat) * latStep;
  const lngStep = LOST_LIMITS.gridMetres / (METRES_PER_DEGREE * Math.cos((publicLat * Math.PI) / 180));
  const lngCell = Math.floor((lng - seed.lng * lngStep) / lngStep);
  const publicLng = (lngCell + 0.5 + seed.lng) * lngStep;
  const round6 = (x: number) => Math.round(x * 1e6) / 1e6;
  return { lat: round6(publicLat), lng: round6(publicLng) };
}
