import { describe, expect, it } from 'vitest';
import { POINTS } from './points';
import type { MatchReason, MatchResult } from './reasons';
import { ALERT_THRESHOLD, DISPLAY_FLOOR, scoreMatch } from './score';
import { foundDog, lostDog, north } from './testing';

const reasonsOf = (r: MatchResult): MatchReason[] => (r.excluded === null ? r.reasons : []);
const reason = (r: MatchResult, code: MatchReason['code']) => reasonsOf(r).find((x) => x.code === code);
const scoreOf = (r: MatchResult) => (r.excluded === null ? r.score : -1);
/** The score the rule adds over the same pair without it. */
const baseline = scoreOf(scoreMatch(lostDog(), foundDog()));

describe('scoreMatch: one rule, one reason', () => {
  it('an equal registration or microchip number is certain, even with other words against it', () => {
    const r = scoreMatch(
      lostDog({ registrationNo: '410-0000-1234-5678', sex: 'MALE' }),
      foundDog({ registrationNo: '410000012345678', sex: 'FEMALE', species: 'CAT', at: new Date('2026-10-01') }),
    );
    expect(scoreOf(r)).toBe(100);
    expect(reason(r, 'SAME_REGISTRATION')).toBeDefined();
  });

  it('a short or different number proves nothing', () => {
    expect(
      reason(scoreMatch(lostDog({ registrationNo: '123' }), foundDog({ registrationNo: '123' })), 'SAME_REGISTRATION'),
    ).toBeUndefined();
    expect(scoreOf(scoreMatch(lostDog({ registrationNo: '410000012345678' }), foundDog({ registrationNo: '410000099999999' })))).toBe(
      baseline,
    );
  });

  it('species must agree: a lost dog never matches a cat notice', () => {
    expect(scoreMatch(lostDog({ breed: '진돗개' }), foundDog({ breed: '[고양이] 코리안숏헤어' })).excluded).toBe('SPECIES_DIFFERS');
    expect(scoreMatch(lostDog(), foundDog({ species: 'CAT' })).excluded).toBe('SPECIES_DIFFERS');
  });

  it('found more than a day before the dog was lost is not a candidate; within a day is', () => {
    expect(scoreMatch(lostDog(), foundDog({ at: new Date('2026-10-29T09:00:00Z') })).excluded).toBe('FOUND_BEFORE_LOST');
    expect(scoreMatch(lostDog(), foundDog({ at: new Date('2026-10-31T12:00:00Z') })).excluded).toBeNull();
  });

  it('found more than 60 days later, or more than 50 km away, is not a candidate', () => {
    expect(scoreMatch(lostDog(), foundDog({ at: new Date('2027-01-05T09:00:00Z') })).excluded).toBe('TOO_LATE');
    expect(scoreMatch(lostDog(), foundDog({ position: north(60) })).excluded).toBe('TOO_FAR');
  });

  it('DAYS_AFTER: the gap in whole days, more points the sooner', () => {
    const next = scoreMatch(lostDog(), foundDog());
    expect(reason(next, 'DAYS_AFTER')).toEqual({ code: 'DAYS_AFTER', days: 1, points: 10 });
    const later = scoreMatch(lostDog(), foundDog({ at: new Date('2026-11-11T09:00:00Z') }));
    expect(reason(later, 'DAYS_AFTER')).toEqual({ code: 'DAYS_AFTER', days: 10, points: 4 });
  });

  it('DISTANCE: km rounded to 0.1, points decaying by half every 3 km', () => {
    const near = reason(scoreMatch(lostDog(), foundDog({ position: north(0) })), 'DISTANCE');
    const three = reason(scoreMatch(lostDog(), foundDog({ position: north(3.2) })), 'DISTANCE');
    const far = reason(scoreMatch(lostDog(), foundDog({ position: north(20) })), 'DISTANCE');
    expect(near).toEqual({ code: 'DISTANCE', km: 0, points: POINTS.distanceMax });
    expect(three).toMatchObject({ code: 'DISTANCE', km: 3.2, points: 12 });
    expect(far).toMatchObject({ km: 20, points: 0 });
  });

  it('SAME_DISTRICT: without a point (a shelter notice), the same 시·군·구 counts', () => {
    const r = scoreMatch(lostDog({ sigungu: '마포구' }), foundDog({ position: null, sigungu: '마포 구' }));
    expect(reason(r, 'SAME_DISTRICT')?.points).toBe(POINTS.sameDistrict);
    expect(
      reason(scoreMatch(lostDog({ sigungu: '마포구' }), foundDog({ position: null, sigungu: '강남구' })), 'SAME_DISTRICT'),
    ).toBeUndefined();
  });

  it('SAME_BREED across Korean synonyms; SIMILAR_BREED for a mix of it or a look-alike; BREED_DIFFERS otherwise', () => {
    expect(reason(scoreMatch(lostDog({ breed: '진도' }), foundDog({ breed: '[개] 진돗개' })), 'SAME_BREED')).toMatchObject({
      breed: 'JINDO',
    });
    expect(reason(scoreMatch(lostDog({ breed: '말티즈' }), foundDog({ breed: '몰티즈' })), 'SAME_BREED')).toBeDefined();
    // The portal's kind names the species before a short breed word: the breed is still read.
    expect(reason(scoreMatch(lostDog({ breed: '토이푸들' }), foundDog({ breed: '[개] 푸들' })), 'SAME_BREED')).toMatchObject({
      breed: 'POODLE',
    });
    expect(reason(scoreMatch(lostDog({ breed: '시추' }), foundDog({ breed: '[개] 시츄' })), 'SAME_BREED')).toBeDefined();
    expect(reason(scoreMatch(lostDog({ breed: '포메' }), foundDog({ breed: '포메라니안' })), 'SAME_BREED')).toBeDefined();
    expect(reason(scoreMatch(lostDog({ breed: '시바' }), foundDog({ breed: '시바견' })), 'SAME_BREED')).toBeDefined();
    expect(reason(scoreMatch(lostDog({ breed: '믹스' }), foundDog({ breed: '잡종' })), 'SAME_BREED')).toMatchObject({ breed: 'MIX' });
    expect(reason(scoreMatch(lostDog({ breed: '진도 믹스' }), foundDog({ breed: '진돗개' })), 'SIMILAR_BREED')).toMatchObject({
      breed: 'JINDO',
    });
    expect(reason(scoreMatch(lostDog({ breed: '말티즈' }), foundDog({ breed: '비숑' })), 'SIMILAR_BREED')).toMatchObject({
      breed: 'SMALL_WHITE',
    });
    expect(reason(scoreMatch(lostDog({ breed: '말티즈' }), foundDog({ breed: '진돗개' })), 'BREED_DIFFERS')?.points).toBeLessThan(0);
    // A plain mix against a named breed: finders misname breeds, so neither for nor against.
    expect(scoreOf(scoreMatch(lostDog({ breed: '믹스견' }), foundDog({ breed: '푸들' })))).toBe(baseline);
  });

  it('SAME_SEX; SEX_DIFFERS takes points away; neutered or not is no conflict', () => {
    const same = scoreMatch(lostDog({ sex: 'MALE', neutered: true }), foundDog({ sex: 'MALE', neutered: false }));
    expect(reason(same, 'SAME_SEX')).toEqual({ code: 'SAME_SEX', sex: 'MALE', points: POINTS.sameSex });
    expect(reason(scoreMatch(lostDog({ sex: 'MALE' }), foundDog({ sex: 'FEMALE' })), 'SEX_DIFFERS')?.points).toBe(POINTS.sexDiffers);
  });

  it('SAME_SIZE (from the weight when no size is given); SIZE_DIFFERS two bands apart', () => {
    expect(reason(scoreMatch(lostDog({ size: 'SMALL' }), foundDog({ weightKg: 4 })), 'SAME_SIZE')).toMatchObject({ size: 'SMALL' });
    expect(reason(scoreMatch(lostDog({ size: 'SMALL' }), foundDog({ size: 'LARGE' })), 'SIZE_DIFFERS')).toBeDefined();
    expect(scoreOf(scoreMatch(lostDog({ size: 'SMALL' }), foundDog({ size: 'MEDIUM' })))).toBe(baseline);
  });

  it('SIMILAR_WEIGHT within a fifth; WEIGHT_DIFFERS from 1.6 times', () => {
    expect(reason(scoreMatch(lostDog({ weightKg: 5 }), foundDog({ weightKg: 5.5 })), 'SIMILAR_WEIGHT')).toBeDefined();
    expect(reason(scoreMatch(lostDog({ weightKg: 5 }), foundDog({ weightKg: 9 })), 'WEIGHT_DIFFERS')).toBeDefined();
  });

  it('SAME_COLOUR across words (브라운 = 갈색 = 황색); SIMILAR_COLOUR for neighbours; COLOUR_DIFFERS', () => {
    expect(reason(scoreMatch(lostDog({ colour: '브라운' }), foundDog({ colour: '갈색' })), 'SAME_COLOUR')).toMatchObject({
      colour: 'BROWN',
    });
    expect(reason(scoreMatch(lostDog({ colour: '황색' }), foundDog({ colour: '갈색' })), 'SAME_COLOUR')).toBeDefined();
    expect(reason(scoreMatch(lostDog({ colour: '흰색' }), foundDog({ colour: '크림색' })), 'SIMILAR_COLOUR')).toBeDefined();
    expect(reason(scoreMatch(lostDog({ colour: '흰색' }), foundDog({ colour: '검정' })), 'COLOUR_DIFFERS')).toBeDefined();
  });

  it('SAME_AGE; AGE_DIFFERS two bands apart', () => {
    expect(reason(scoreMatch(lostDog({ ageBand: 'ADULT' }), foundDog({ ageBand: 'ADULT' })), 'SAME_AGE')).toMatchObject({ age: 'ADULT' });
    expect(reason(scoreMatch(lostDog({ ageBand: 'PUPPY' }), foundDog({ ageBand: 'ADULT' })), 'AGE_DIFFERS')).toBeDefined();
  });

  it('SAME_PHOTO for equal or near-equal perceptual hashes, SIMILAR_PHOTO a little further, nothing beyond', () => {
    const h = 'f0e1d2c3b4a59687';
    expect(
      reason(scoreMatch(lostDog({ photoHashes: [h] }), foundDog({ photoHashes: ['0000000000000000', h] })), 'SAME_PHOTO'),
    ).toBeDefined();
    expect(reason(scoreMatch(lostDog({ photoHashes: [h] }), foundDog({ photoHashes: ['f0e1d2c3b4a5968f'] })), 'SAME_PHOTO')).toBeDefined();
    expect(
      reason(scoreMatch(lostDog({ photoHashes: [h] }), foundDog({ photoHashes: ['f0e1d2c3b4a5ffff'] })), 'SIMILAR_PHOTO'),
    ).toBeDefined();
    expect(scoreOf(scoreMatch(lostDog({ photoHashes: [h] }), foundDog({ photoHashes: ['0f1e2d3c4b5a6978'] })))).toBe(baseline);
  });

  it('PHOTO_LOOKS_ALIKE only when both sides carry embeddings', () => {
    const r = scoreMatch(lostDog({ embeddings: [[1, 0, 0]] }), foundDog({ embeddings: [[0.9, 0.1, 0]] }));
    expect(reason(r, 'PHOTO_LOOKS_ALIKE')).toMatchObject({ percent: 99 });
    expect(reason(scoreMatch(lostDog({ embeddings: [[1, 0]] }), foundDog()), 'PHOTO_LOOKS_ALIKE')).toBeUndefined();
  });

  it('the reasons add up to the score, clamped to 0–100, and the thresholds are ordered', () => {
    const r = scoreMatch(
      lostDog({ breed: '진돗개', sex: 'FEMALE', colour: '흰색', size: 'MEDIUM' }),
      foundDog({ breed: '진도', sex: 'FEMALE', colour: '백색', size: 'MEDIUM', position: north(2) }),
    );
    expect(r.excluded).toBeNull();
    expect(scoreOf(r)).toBe(reasonsOf(r).reduce((s, x) => s + x.points, 0));
    expect(scoreOf(r)).toBeGreaterThanOrEqual(ALERT_THRESHOLD);
    expect(
      scoreOf(scoreMatch(lostDog({ sex: 'MALE', colour: '흰색' }), foundDog({ sex: 'FEMALE', colour: '검정', position: north(30) }))),
    ).toBe(0);
    expect(DISPLAY_FLOOR).toBeLessThan(ALERT_THRESHOLD);
  });
});
