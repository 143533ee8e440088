import type { MatchRecord } from './match-record';

/** A lost report and a candidate that say nothing beyond a dog, place and time; tests add what they check. */
export function lostDog(over: Partial<MatchRecord> = {}): MatchRecord {
  return {
    kind: 'MISSING',
    id: '1',
    species: null,
    breed: null,
    sex: null,
    neutered: null,
    size: null,
    weightKg: null,
    colour: null,
    ageBand: null,
    registrationNo: null,
    position: { lat: 37.5665, lng: 126.978 },
    sigungu: null,
    at: new Date('2026-11-01T09:00:00Z'),
    photoHashes: [],
    ...over,
  };
}

export function foundDog(over: Partial<MatchRecord> = {}): MatchRecord {
  return lostDog({ kind: 'FOUND', id: '2', at: new Date('2026-11-02T09:00:00Z'), ...over });
}

/** A point `km` north of the lost dog's default point. */
export const north = (km: number) => ({ lat: 37.5665 + km / 111.195, lng: 126.978 });
