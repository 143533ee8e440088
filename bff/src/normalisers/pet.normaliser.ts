import { PET_GENDERS, PET_SIZES, type Pet, type PetGender, type PetSize } from '@pawbridge/shared';

/** A dog as the BFF needs it: the browser's shape plus what only the upstream knows. */
export interface UpstreamPet {
  pet: Pet;
  /** The upstream's database key (our api sends it as `id`; Spring never does). */
  key: number | null;
  /** The stored photo path on the upstream (`/uploads/<file>`), or null. */
  profile: string | null;
}

const text = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : null;
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

function size(v: unknown): PetSize | null {
  const s = text(v)?.toUpperCase();
  return s && (PET_SIZES as readonly string[]).includes(s) ? (s as PetSize) : null;
}

// The old own-pet list read 'M' as male and anything else as female; accept those short forms too.
function gender(v: unknown): PetGender | null {
  const g = text(v)?.toUpperCase();
  if (!g) return null;
  if ((PET_GENDERS as readonly string[]).includes(g)) return g as PetGender;
  if (g === 'M') return 'MALE';
  if (g === 'F') return 'FEMALE';
  if (g === 'N' || g === 'NEUTERED') return 'NEUTER';
  return null;
}

/**
 * Only photos the upstream stores (`/uploads/<file>`, also written as an
 * absolute URL) are shown; the legacy's defaults (`/images/default-profile.png`,
 * `default-profile.png`) have no file behind them and mean "no photo".
 */
export function photoPath(v: unknown): string | null {
  const s = text(v);
  if (!s) return null;
  const path = s.replace(/^https?:\/\/[^/]+/i, '');
  return /^\/uploads\/[A-Za-z0-9._-]{1,128}$/.test(path) ? path : null;
}

const bool = (v: unknown): boolean => v === true || v === 'true' || v === 1;

/**
 * PetProfileDto (Spring: no `id`, photo in `profile`) or our api's DTO (adds
 * the database key as `id`) → the one Pet shape. The registration number is
 * the public id; a record without one cannot be addressed and is dropped.
 */
export function normalisePet(raw: unknown): UpstreamPet | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const petId = text(r.petId);
  if (!petId) return null;
  const profile = photoPath(r.profile ?? r.imageUrl);
  const key = num(r.id);
  return {
    pet: {
      id: petId,
      petId,
      name: text(r.name) ?? '',
      type: text(r.type) ?? '',
      weight: num(r.weight) ?? 0,
      age: Math.trunc(num(r.age) ?? 0),
      size: size(r.size),
      gender: gender(r.gender),
      adopt: bool(r.adopt),
      imageUrl: profile,
    },
    key: key !== null && Number.isInteger(key) && key > 0 ? key : null,
    profile,
  };
}

/** A list answer → dogs; anything but an array is no list. Duplicate registration numbers (the legacy allowed them) keep the first. */
export function normalisePetList(raw: unknown): UpstreamPet[] | null {
  if (!Array.isArray(raw)) return null;
  const seen = new Set<string>();
  const out: UpstreamPet[] = [];
  for (const item of raw) {
    const p = normalisePet(item);
    if (!p || seen.has(p.pet.petId)) continue;
    seen.add(p.pet.petId);
    out.push(p);
  }
  return out;
}
