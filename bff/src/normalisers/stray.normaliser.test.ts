import { describe, expect, it } from 'vitest';
import type { Stray } from '@pawbridge/shared';
import { matchesSearch, normaliseStray, normaliseStrayList, photoPath, unwrapList } from './stray.normaliser';

const legacyForm = {
  id: 12,
  latitude: 37.56,
  longitude: 126.97,
  imageUrl: '/uploads/3f2a.jpg',
  gender: 'MALE',
  description: '시장 골목에서 발견',
  location: '서울특별시',
  type: 'Poodle',
  status: 'PROTECTING',
  foundDate: '2025-07-09',
  foundTime: '14:30',
  userId: 'reporter1',
};

describe('normaliseStray', () => {
  it('turns the legacy AbandonPetFormDto into the contract (name fallback, reportStatus from status, no reporter)', () => {
    expect(normaliseStray(legacyForm)).toEqual({
      id: 12,
      name: '유기견 #12',
      imageUrl: '/uploads/3f2a.jpg',
      type: 'Poodle',
      gender: 'MALE',
      location: '서울특별시',
      // No place name from the legacy: the region of the point, in words (decision 0033).
      place: '서울특별시',
      description: '시장 골목에서 발견',
      foundDate: '2025-07-09',
      foundTime: '14:30',
      latitude: 37.56,
      longitude: 126.97,
      status: 'PROTECTING',
      reportStatus: 'APPROVED',
    });
  });

  it('prefers an explicit reportStatus and a given name; maps LOST to PENDING otherwise', () => {
    expect(normaliseStray({ ...legacyForm, status: 'LOST' })?.reportStatus).toBe('PENDING');
    expect(normaliseStray({ ...legacyForm, status: 'LOST', reportStatus: 'rejected' })?.reportStatus).toBe('REJECTED');
    expect(normaliseStray({ ...legacyForm, reportStatus: 'WHATEVER' })?.reportStatus).toBe('APPROVED');
    expect(normaliseStray({ ...legacyForm, name: '  복실이 ' })?.name).toBe('복실이');
  });

  it('tolerates loose values: string numbers, lower-case enums, seconds, date-times, odd genders', () => {
    const s = normaliseStray({
      ...legacyForm,
      id: '7',
      latitude: '37.1',
      longitude: 'east',
      status: 'waiting',
      gender: 'f',
      foundTime: '9:05:00',
      foundDate: '2025-07-09T00:00:00',
    });
    expect(s).toMatchObject({
      id: 7,
      latitude: 37.1,
      longitude: null,
      status: 'WAITING',
      gender: 'FEMALE',
      foundTime: '09:05',
      foundDate: '2025-07-09',
    });
    expect(normaliseStray({ ...legacyForm, gender: 'NEUTER', type: '', description: null, location: undefined })).toMatchObject({
      gender: null,
      type: null,
      description: '',
      location: '',
    });
  });

  it('drops what cannot be shown: no id, no status (legacy search documents), not an object', () => {
    expect(normaliseStray({ ...legacyForm, id: 0 })).toBeNull();
    expect(normaliseStray({ ...legacyForm, id: 'abc' })).toBeNull();
    expect(
      normaliseStray({
        id: 501,
        type: 'Poodle',
        gender: 'MALE',
        foundDate: '2025-07-09',
        foundTime: '14:30',
        description: null,
        location: '서울특별시',
      }),
    ).toBeNull();
    expect(normaliseStray(null)).toBeNull();
    expect(normaliseStray('x')).toBeNull();
  });
});

describe('photoPath', () => {
  it('serves stored photos through the BFF path and hides the legacy defaults', () => {
    expect(photoPath('/uploads/a1.jpg')).toBe('/uploads/a1.jpg');
    expect(photoPath('http://98.83.89.13:8080/uploads/a1.jpg')).toBe('/uploads/a1.jpg');
    expect(photoPath('/images/default-profile.png')).toBeNull();
    expect(photoPath('default-profile.png')).toBeNull();
    expect(photoPath('/uploads/../etc/passwd')).toBeNull();
    expect(photoPath(null)).toBeNull();
  });
});

describe('lists', () => {
  it('are always arrays: bare, {data}, or empty for anything else', () => {
    expect(unwrapList([1])).toEqual([1]);
    expect(unwrapList({ data: [2] })).toEqual([2]);
    expect(unwrapList({ data: 'x' })).toEqual([]);
    expect(unwrapList('[]')).toEqual([]);
    expect(normaliseStrayList({ data: [legacyForm, { id: 3 }] }).map((s) => s.id)).toEqual([12]);
  });
});

describe('matchesSearch (the documented rules)', () => {
  const s = normaliseStray(legacyForm) as Stray;
  it('matches the same day, within 60 minutes, and place text in region/description/breed ignoring case', () => {
    expect(matchesSearch(s, {})).toBe(true);
    expect(matchesSearch(s, { foundDate: '2025-07-09' })).toBe(true);
    expect(matchesSearch(s, { foundDate: '2025-07-10' })).toBe(false);
    expect(matchesSearch(s, { foundTime: '15:30' })).toBe(true);
    expect(matchesSearch(s, { foundTime: '13:30:00' })).toBe(true);
    expect(matchesSearch(s, { foundTime: '15:31' })).toBe(false);
    expect(matchesSearch(s, { location: '서울' })).toBe(true);
    expect(matchesSearch(s, { location: '골목' })).toBe(true);
    expect(matchesSearch(s, { location: 'poodle' })).toBe(true);
    expect(matchesSearch(s, { location: '부산' })).toBe(false);
    expect(matchesSearch(s, { foundDate: '2025-07-09', foundTime: '14:00', location: '부산' })).toBe(false);
  });

  it('never matches a time search against a stray whose time is not HH:mm', () => {
    expect(matchesSearch({ ...s, foundTime: '오후 두 시' }, { foundTime: '14:00' })).toBe(false);
  });
});
