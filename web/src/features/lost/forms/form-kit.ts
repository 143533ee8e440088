import { seoulToday } from '@pawbridge/shared';
import { earliestLostDate, LOST_LIMITS } from '@pawbridge/shared/lost.schema';
import type { LatLng } from '@/components/map/types';
import { schemaCheck, type SharedSchema } from '@/components/form/schema-check';
import { t, tMaybe } from '@/messages';
import '@/messages/lost-forms';

/** Where and when, as every lost-and-found form holds it. */
export interface PlaceValues {
  position: LatLng | null;
  address: string;
  date: string;
  time: string;
}

export const emptyPlace = (): PlaceValues => ({ position: null, address: '', date: '', time: '' });

/** The request fields of a place. */
export const placeRequest = (p: PlaceValues) => ({
  lat: p.position?.lat,
  lng: p.position?.lng,
  address: p.address,
  date: p.date,
  time: p.time,
});

/** The date input's bounds: today in Korea and a year back. */
export const dateBounds = () => ({ max: seoulToday(), min: earliestLostDate() });

/** This screen's sentence for a shared validation key (the catalogue's `lostForm.key.*`); undefined when unknown. */
export const keyMessage = (key: string): string | undefined => tMaybe(`lostForm.key.${key}`);

/** The photo fields the server names (`photo1`…) all land on the one photos control. */
const PHOTO_FIELD = /^photo\d?$|^photos$/;

/**
 * A request field (or server field path) → the form control that shows it. `lat`/`lng` go to the map,
 * `photoN` to the photos; the rest keep their names when the form has them.
 */
export function fieldOfFor(fields: readonly string[]) {
  return (path: string): string | undefined => {
    const last = path.split('.').pop() ?? path;
    if (last === 'lat' || last === 'lng') return 'position';
    if (PHOTO_FIELD.test(last)) return 'photos';
    return fields.includes(last) ? last : undefined;
  };
}

/** Check a candidate request with the shared schema; each issue becomes this form's Korean sentence on its control. */
export function checkWith<T>(schema: SharedSchema<T>, candidate: unknown, fields: readonly string[]) {
  const fieldOf = fieldOfFor(fields);
  return schemaCheck(schema, candidate, (path, key) => {
    const field = fieldOf(path);
    return field ? { field, message: keyMessage(key) ?? t('lostForm.fixErrors') } : undefined;
  });
}

/** Photos chosen so far (empty slots dropped). */
export const chosen = (photos: (File | null)[]): File[] => photos.filter((p): p is File => p !== null);

/** The photo rule of every form: at most five a post (`carried` counts a dog's registered photo), `required` at least one. */
export function photosError(photos: (File | null)[], { carried = 0, required = false } = {}): string | undefined {
  const n = chosen(photos).length + carried;
  if (n > LOST_LIMITS.photosMax) return t('lostForm.photosTooMany');
  if (required && n === 0) return t('lostForm.photosRequired');
  return undefined;
}

/** '' → undefined (an optional field left empty is not sent). */
export const opt = (s: string): string | undefined => (s.trim() === '' ? undefined : s.trim());
