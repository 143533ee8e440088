import { describe, expect, it } from 'vitest';
import { adoptStatus, isoInstant, normaliseApplication, normaliseApplicationList, withStrayIds } from './adoption.normaliser';

const legacyDto = {
  id: 4,
  userName: 'hana',
  petImageUrl: '/uploads/p1.jpg',
  appliedAt: '2025-07-09T05:31:12.123456',
  adoptStatus: 'REQUESTED',
  location: '경기도',
  type: 'Jindo',
};

describe('normaliseApplication', () => {
  it('reads the legacy AdoptPetDto: UTC instant with Z, no pet id, name from the breed', () => {
    expect(normaliseApplication(legacyDto)).toEqual({
      id: 4,
      adoptPetId: null,
      adoptStatus: 'REQUESTED',
      userName: 'hana',
      appliedAt: '2025-07-09T05:31:12.123Z',
      approvedAt: null,
      location: '경기도',
      type: 'Jindo',
      petImageUrl: '/uploads/p1.jpg',
      petName: 'Jindo',
      applicantName: null,
      applicantEmail: null,
      applicantPhone: null,
    });
  });

  it('reads our api’s richer DTO (stray id, approvedAt with offset)', () => {
    const a = normaliseApplication({
      ...legacyDto,
      adoptPetId: 9,
      adoptStatus: 'APPROVED',
      approvedAt: '2025-07-10T01:00:00+09:00',
      petName: null,
    });
    expect(a).toMatchObject({ adoptPetId: 9, adoptStatus: 'APPROVED', approvedAt: '2025-07-09T16:00:00.000Z', petName: '유기견 #9' });
  });

  it('maps PENDING to REQUESTED and drops unusable rows', () => {
    expect(adoptStatus('pending')).toBe('REQUESTED');
    expect(adoptStatus('DONE')).toBeNull();
    expect(normaliseApplication({ ...legacyDto, adoptStatus: 'DONE' })).toBeNull();
    expect(normaliseApplication({ ...legacyDto, appliedAt: 'yesterday' })).toBeNull();
    expect(normaliseApplication({ ...legacyDto, id: null })).toBeNull();
    expect(normaliseApplicationList({ data: [legacyDto, 5] })).toHaveLength(1);
    expect(isoInstant('')).toBeNull();
  });

  it('keeps approvedAt only for approved applications', () => {
    expect(normaliseApplication({ ...legacyDto, approvedAt: '2025-07-10T00:00:00' })?.approvedAt).toBeNull();
  });
});

describe('applicant contact', () => {
  it('reads our api’s applicant name, e-mail and phone; blanks are null', () => {
    expect(
      normaliseApplication({ ...legacyDto, applicantName: ' 김하늘 ', applicantEmail: 'h@example.com', applicantPhone: '' }),
    ).toMatchObject({
      applicantName: '김하늘',
      applicantEmail: 'h@example.com',
      applicantPhone: null,
    });
  });
});

describe('withStrayIds', () => {
  it('names the stray of a legacy application by its unique photo path', () => {
    const apps = normaliseApplicationList([legacyDto, { ...legacyDto, id: 5, petImageUrl: '/uploads/other.jpg' }]);
    const filled = withStrayIds(apps, [{ id: 31, imageUrl: '/uploads/p1.jpg', name: '유기견 #31' }]);
    expect(filled.map((a) => [a.id, a.adoptPetId, a.petName])).toEqual([
      [4, 31, '유기견 #31'],
      [5, null, 'Jindo'],
    ]);
  });
});
