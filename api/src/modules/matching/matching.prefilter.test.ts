import { describe, expect, it } from 'vitest';
import { generateFixtures } from './fixtures/generate';
import { boundWhenBreedDiffers, boundWhenSexDiffers, leftOut, MIN_KM, nearBox, placePointsAtMinKm, pruneFor } from './matching.prefilter';
import { distanceKm } from './scorer/geo';
import { DISPLAY_FLOOR, scoreMatch } from './scorer/score';

// Decision 0049: the pre-filter leaves out only pairs the scorer puts below the display floor.
// Its bounds and rules, case by case; matching.prefilter-scene.test.ts runs it on a scene of random records.
const base = () => ({
  species: null,
  neutered: null,
  registrationNo: null,
  ageBand: 'ADULT' as const,
  sigungu: '중구',
  photoHashes: [] as string[],
  at: new Date('2026-11-01T10:00:00+09:00'),
  kind: 'MISSING' as const,
  id: '1',
  breed: '진돗개',
  sex: 'FEMALE' as const,
  size: 'MEDIUM' as const,
  weightKg: 15,
  colour: '흰색',
  position: { lat: 37.5, lng: 127 },
});

describe('the pre-filter of a missing report', () => {
  it('its bound is below the floor, and the best candidate it can leave out scores below the floor', () => {
    expect(boundWhenSexDiffers(placePointsAtMinKm())).toBeLessThan(DISPLAY_FLOOR);
    expect(boundWhenSexDiffers(8)).toBeLessThan(DISPLAY_FLOOR);
    const lost = base();
    // Everything alike but the sex, a little over MIN_KM away, the same day.
    const found = {
      ...lost,
      kind: 'FOUND' as const,
      id: '2',
      sex: 'MALE' as const,
      position: { lat: 37.5 + (MIN_KM + 0.01) / 111.19, lng: 127 },
    };
    const r = scoreMatch(lost, found);
    expect(r.excluded).toBeNull();
    expect(r.excluded === null && r.score).toBeLessThan(DISPLAY_FLOOR);
    const shelter = { ...found, kind: 'SHELTER' as const, position: null };
    expect((scoreMatch(lost, shelter) as { score: number }).score).toBeLessThan(DISPLAY_FLOOR);
    // Not applied with photo vectors, a registration number, neither a sex nor a breed, or in a re-score.
    expect(pruneFor('MISSING', lost, false)).toMatchObject({ gender: 'FEMALE', breed: { key: 'JINDO', group: 'KOREAN_NATIVE' } });
    expect(pruneFor('MISSING', { ...lost, embeddings: [[1, 0]] }, false)).toBeNull();
    expect(pruneFor('MISSING', { ...lost, registrationNo: '410-1234-5678' }, false)).toBeNull();
    expect(pruneFor('MISSING', { ...lost, sex: null }, false)).toMatchObject({ gender: null, breed: { key: 'JINDO' } });
    expect(pruneFor('MISSING', { ...lost, sex: null, breed: '진도 믹스' }, false)).toBeNull();
    expect(pruneFor('MISSING', { ...lost, sex: null, breed: '모름' }, false)).toBeNull();
    expect(pruneFor('MISSING', lost, true)).toBeNull();
    expect(pruneFor('FOUND', lost, false)).toBeNull();
  });

  it('with a known breed: a candidate of a breed of another group, no mix, beyond MIN_KM or a notice, scores below the floor', () => {
    // breed −15 + sex 10 + size 5 + weight 5 + colour 10 + age 5 + days 10 + place: 30 + place.
    expect(boundWhenBreedDiffers(0)).toBe(30);
    expect(boundWhenBreedDiffers(placePointsAtMinKm())).toBeLessThan(DISPLAY_FLOOR);
    expect(boundWhenBreedDiffers(8)).toBeLessThan(DISPLAY_FLOOR);
    expect(boundWhenBreedDiffers(10)).toBeGreaterThanOrEqual(DISPLAY_FLOOR); // 4.2 km would not do
    const lost = { ...base(), ageBand: 'ADULT' as const };
    // Everything alike but the breed (말티즈: another group), a little over MIN_KM away, the same day.
    const found = {
      ...lost,
      kind: 'FOUND' as const,
      id: '2',
      breed: '말티즈',
      position: { lat: 37.5 + (MIN_KM + 0.01) / 111.19, lng: 127 },
    };
    const r = scoreMatch(lost, found);
    expect(r.excluded === null && r.reasons.map((x) => x.code)).toContain('BREED_DIFFERS');
    expect(r.excluded === null && r.score).toBeLessThan(DISPLAY_FLOOR);
    expect((scoreMatch(lost, { ...found, kind: 'SHELTER', position: null }) as { score: number }).score).toBeLessThan(DISPLAY_FLOOR);
    const p = pruneFor('MISSING', lost, false);
    expect(leftOut(p, found, MIN_KM + 0.01)).toBe(true);
    expect(leftOut(p, { ...found, kind: 'SHELTER', position: null }, null)).toBe(true);
    // Kept: nearer, the same group (진돗개 and 백구), a mix, unknown or generic words, words the database does not read.
    expect(leftOut(p, found, MIN_KM - 0.01)).toBe(false);
    for (const breed of ['백구', '풍산개', '말티즈 믹스', '믹스', '모름', '[개]', '강아지', '말티즈\t', null])
      expect({ breed, out: leftOut(p, { ...found, breed }, MIN_KM + 1) }).toEqual({ breed, out: false });
    // A breed beside a generic word is still that breed (the portal's "[개] 푸들").
    expect(leftOut(p, { ...found, breed: '[개] 푸들' }, MIN_KM + 1)).toBe(true);
    // …and what the report's sex leaves out still is.
    expect(leftOut(p, { ...found, breed: '백구', sex: 'MALE' }, MIN_KM + 1)).toBe(true);
    // A report that is a mix, or of unknown words, has no breed bound.
    expect(leftOut(pruneFor('MISSING', { ...lost, breed: '진도 믹스' }, false), found, MIN_KM + 1)).toBe(false);
    expect(leftOut(pruneFor('MISSING', { ...lost, breed: '모름' }, false), found, MIN_KM + 1)).toBe(false);
  });

  it("with photos: a candidate whose photo is near one of the report's is kept, and the rest of the bound holds", () => {
    const p = pruneFor('MISSING', { ...base(), photoHashes: ['0123456789abcdef', 'not-a-hash'] }, false);
    expect(p?.hashes).toEqual(['0123456789abcdef']);
    const far = { ...base(), kind: 'FOUND' as const, id: '2', sex: 'MALE' as const, position: { lat: 37.6, lng: 127 } };
    expect(leftOut(p, far, 11)).toBe(true);
    // 12 bits apart (similarPhotoBits): a photo reason, so kept; 13 bits: no reason, left out.
    expect(leftOut(p, { ...far, photoHashes: ['0123456789ab0000'] }, 11)).toBe(false);
    expect(leftOut(p, { ...far, photoHashes: ['0123456789aa0000'] }, 11)).toBe(true);
    expect(leftOut(p, { ...far, kind: 'SHELTER', photoHashes: ['0123456789abcdef'] }, null)).toBe(false);
    // The best candidate it can leave out (a photo 13 bits away, everything else alike) is below the floor.
    const r = scoreMatch(
      { ...base(), photoHashes: ['0123456789abcdef'] },
      { ...far, position: { lat: 37.5 + (MIN_KM + 0.01) / 111.19, lng: 127 }, photoHashes: ['0123456789aa0000'] },
    );
    expect(r.excluded === null && r.score).toBeLessThan(DISPLAY_FLOOR);
  });

  it("the index's near box holds every point within MIN_KM (and not much more)", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    let inside = 0;
    for (let i = 0; i < 20_000; i++) {
      const c = { lat: 33 + next() * 6, lng: 124 + next() * 8 };
      const b = nearBox(c.lat, c.lng)!;
      // Points around it, many right at the edge of the circle (and at the box's corners' directions).
      const angle = next() * 2 * Math.PI;
      const r = MIN_KM * (i % 2 ? 1 - 1e-9 : next() * 1.2);
      const p = {
        lat: c.lat + (r / 111.195) * Math.cos(angle),
        lng: c.lng + (r / (111.195 * Math.cos((c.lat * Math.PI) / 180))) * Math.sin(angle),
      };
      if (distanceKm(c, p) > MIN_KM) continue;
      inside += 1;
      expect(p.lat >= b.minLat && p.lat <= b.maxLat && p.lng >= b.minLng && p.lng <= b.maxLng).toBe(true);
      expect((b.maxLat - b.minLat) / 2).toBeLessThan((MIN_KM / 111.195) * 1.002);
    }
    expect(inside).toBeGreaterThan(10_000);
    expect(nearBox(89.99, 0)).toBeNull();
  });

  it('on the labelled fixture set, every pair it leaves out scores below the floor (or is excluded)', () => {
    const set = generateFixtures();
    let left = 0;
    for (const l of set.lost) {
      const p = pruneFor('MISSING', { ...l, embeddings: undefined, registrationNo: null }, false);
      for (const f of set.found) {
        const km = l.position && f.position ? distanceKm(l.position, f.position) : null;
        if (!leftOut(p, f, km)) continue;
        left += 1;
        const r = scoreMatch({ ...l, registrationNo: null }, f);
        expect(r.excluded !== null || r.score < DISPLAY_FLOOR).toBe(true);
      }
    }
    expect(left).toBeGreaterThan(1000); // the set does exercise it
  });
});
