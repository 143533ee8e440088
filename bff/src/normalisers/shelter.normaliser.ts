import { ShelterAnimalSchema, SyncRunSchema, type ShelterAnimal, type SyncRun } from '@pawbridge/shared';

const PROXY_PATH = /^\/shelter-images\/[A-Za-z0-9_-]{1,40}\/[12]$/;

/**
 * One shelter animal from the upstream, or null when it is not one. Only our
 * own image-proxy paths survive: a portal URL (http://, another host) never
 * reaches the browser, whatever the upstream sends.
 */
export function normaliseShelterAnimal(raw: unknown): ShelterAnimal | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const imageUrls = Array.isArray(r.imageUrls) ? r.imageUrls.filter((u): u is string => typeof u === 'string' && PROXY_PATH.test(u)) : [];
  const parsed = ShelterAnimalSchema.safeParse({ ...r, imageUrls });
  return parsed.success ? parsed.data : null;
}

/** The list as the upstream sent it, minus entries that are not shelter animals (a bad row never sinks the page). */
export function normaliseShelterList(raw: unknown): ShelterAnimal[] {
  if (!Array.isArray(raw)) return [];
  return raw.map(normaliseShelterAnimal).filter((a): a is ShelterAnimal => a !== null);
}

export function normaliseSyncRuns(raw: unknown): SyncRun[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((r) => {
    const parsed = SyncRunSchema.safeParse(r);
    return parsed.success ? [parsed.data] : [];
  });
}

/** The total of a paged answer: the header when it is a number, else what the page shows. */
export function totalOf(header: string | null, shown: number): number {
  return header !== null && /^\d+$/.test(header) ? Math.max(Number(header), shown) : shown;
}
