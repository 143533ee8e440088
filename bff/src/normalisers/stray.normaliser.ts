import {
  PET_STATUSES,
  strayFallbackName,
  placeInWords,
  reportStatusFor,
  type BreedPrediction,
  type PetStatus,
  type Stray,
  type StraySearchQuery,
} from '@pawbridge/shared';

const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;

const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

export const positiveId = (v: unknown): number | null => {
  const n = num(v);
  return n !== null && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** Lists are bare arrays in the legacy; the spec allows `{data: [...]}` too; anything else is empty. */
export function unwrapList(raw: unknown): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (raw && typeof raw === 'object' && Array.isArray((raw as { data?: unknown }).data)) return (raw as { data: unknown[] }).data;
  return [];
}

/**
 * Only photos the upstream stores are shown, always as the BFF's own
 * `/uploads/<file>` path (absolute upstream URLs included); the legacy's
 * `/images/default-profile.png` has no file behind it and means "no photo".
 */
export function photoPath(v: unknown): string | null {
  const s = text(v);
  if (!s) return null;
  const path = s.replace(/^https?:\/\/[^/]+/i, '');
  return /^\/uploads\/[A-Za-z0-9._-]{1,128}$/.test(path) ? path : null;
}

export function petStatus(v: unknown): PetStatus | null {
  const s = text(v)?.toUpperCase();
  return s && (PET_STATUSES as readonly string[]).includes(s) ? (s as PetStatus) : null;
}

function gender(v: unknown): Stray['gender'] {
  const g = text(v)?.toUpperCase();
  if (g === 'MALE' || g === 'M') return 'MALE';
  if (g === 'FEMALE' || g === 'F') return 'FEMALE';
  return null;
}

/** 'HH:mm' from 'HH:mm', 'HH:mm:ss' or 'H:mm'; other text is kept as typed (the legacy stores free strings). */
function time(v: unknown): string {
  const s = text(v) ?? '';
  const m = /^(\d{1,2}):(\d{2})(:\d{2}(\.\d+)?)?$/.exec(s);
  return m ? `${(m[1] ?? '').padStart(2, '0')}:${m[2]}` : s;
}

function date(v: unknown): string {
  const s = text(v) ?? '';
  return /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s;
}

/** What a stray is called on a card when it has no name (the legacy never has one). */
export const strayName = (id: number, name?: unknown): string => text(name) ?? strayFallbackName(id);

/**
 * One upstream stray (legacy AbandonPetFormDto, our api's richer DTO) → the
 * contract. Null when it cannot be shown: no usable id or no known status
 * (e.g. a legacy search document, which has neither the report id nor a status).
 */
export function normaliseStray(raw: unknown): Stray | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const id = positiveId(r.id);
  const status = petStatus(r.status);
  if (id === null || status === null) return null;
  const location = text(r.location) ?? '';
  const latitude = num(r.latitude);
  const longitude = num(r.longitude);
  return {
    id,
    name: strayName(id, r.name),
    imageUrl: photoPath(r.imageUrl),
    type: text(r.type),
    gender: gender(r.gender),
    location,
    // Our api says it (the map provider's words or the region); for the legacy, the region from our own data.
    place: placeInWords(latitude !== null && longitude !== null ? { lat: latitude, lng: longitude } : null, location, text(r.placeName)),
    description: text(r.description) ?? '',
    foundDate: date(r.foundDate),
    foundTime: time(r.foundTime),
    latitude,
    longitude,
    status,
    reportStatus: reportStatusFor(status, typeof r.reportStatus === 'string' ? r.reportStatus : null),
  };
}

export const normaliseStrayList = (raw: unknown): Stray[] =>
  unwrapList(raw)
    .map(normaliseStray)
    .filter((s): s is Stray => s !== null);

/** A stray as anyone may see it: the place in words, never the exact position (decision 0033, issue 27). */
export const withoutPosition = (s: Stray): Stray => ({ ...s, latitude: null, longitude: null });

/** Statuses a visitor's adopt list shows (docs/decisions/0005-stray-search.md): the one list in @pawbridge/shared. */
export { PUBLIC_STRAY_STATUSES as PUBLIC_STATUSES } from '@pawbridge/shared';

const minutes = (hhmm: string): number | null => {
  const m = /^(\d{2}):(\d{2})/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/**
 * The search rules of docs/decisions/0005-stray-search.md, for upstreams whose
 * own search cannot be trusted (the legacy's Elasticsearch term queries never
 * match a date or time): same found day; found within 60 minutes of the time;
 * the place text, ignoring case, in the region, the description or the breed.
 */
export function matchesSearch(s: Stray, q: StraySearchQuery): boolean {
  if (q.foundDate && s.foundDate !== q.foundDate) return false;
  if (q.foundTime) {
    const want = minutes(q.foundTime);
    const got = minutes(s.foundTime);
    if (want === null || got === null || Math.abs(want - got) > 60) return false;
  }
  const place = q.location?.trim().toLowerCase();
  if (place) {
    const hay = [s.location, s.description, s.type ?? ''].map((x) => x.toLowerCase());
    if (!hay.some((h) => h.includes(place))) return false;
  }
  return true;
}

/** The predictor's answer → the contract: a breed only when named, a confidence only within 0..1. */
export function normalisePrediction(raw: unknown): BreedPrediction | null {
  if (!raw || typeof raw !== 'object') return null;
  const j = raw as Record<string, unknown>;
  const predictedBreed = typeof j.predictedBreed === 'string' && j.predictedBreed.trim() ? j.predictedBreed.trim() : null;
  const confidence = typeof j.confidence === 'number' && j.confidence >= 0 && j.confidence <= 1 ? j.confidence : null;
  return { predictedBreed, confidence };
}

/** The report id a registration answered (our api sends it; the legacy does not). */
export function reportedId(raw: unknown): number | null {
  const id = raw && typeof raw === 'object' ? (raw as { id?: unknown }).id : undefined;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}
