import { describe, expect, it } from 'vitest';
import { normalisePet, normalisePetList } from './pet.normaliser';

const spring = {
  name: '초코',
  profile: '/uploads/3f2a9c1e-1b2c-4d5e-8f90-123456789abc.jpg',
  adopt: false,
  type: '푸들',
  weight: 4.2,
  size: 'SMALL',
  age: 3,
  gender: 'MALE',
  petId: '410-2024-00001',
};

describe('normalisePet', () => {
  it('turns Spring PetProfileDto (no id, photo in profile) into the one Pet shape with the registration number as id', () => {
    expect(normalisePet(spring)).toEqual({
      pet: {
        id: '410-2024-00001',
        petId: '410-2024-00001',
        name: '초코',
        type: '푸들',
        weight: 4.2,
        age: 3,
        size: 'SMALL',
        gender: 'MALE',
        adopt: false,
        imageUrl: spring.profile,
      },
      key: null,
      profile: spring.profile,
    });
  });

  it('keeps our api database key internal and the public id the registration number', () => {
    const p = normalisePet({ ...spring, id: 17 });
    expect(p?.key).toBe(17);
    expect(p?.pet.id).toBe('410-2024-00001');
  });

  it('maps the legacy default photos to no photo and accepts absolute upload URLs', () => {
    expect(normalisePet({ ...spring, profile: '/images/default-profile.png' })?.pet.imageUrl).toBeNull();
    expect(normalisePet({ ...spring, profile: 'default-profile.png' })?.pet.imageUrl).toBeNull();
    expect(normalisePet({ ...spring, profile: null })?.pet.imageUrl).toBeNull();
    expect(normalisePet({ ...spring, profile: 'http://98.83.89.13/uploads/a.png' })?.pet.imageUrl).toBe('/uploads/a.png');
  });

  it('accepts numbers as text, lower-case and short enums, and string booleans', () => {
    const p = normalisePet({ ...spring, weight: '5.5', age: '2', size: 'large', gender: 'M', adopt: 'true' })?.pet;
    expect(p).toMatchObject({ weight: 5.5, age: 2, size: 'LARGE', gender: 'MALE', adopt: true });
    expect(normalisePet({ ...spring, gender: 'F', size: 'HUGE' })?.pet).toMatchObject({ gender: 'FEMALE', size: null });
  });

  it('drops records without a registration number', () => {
    expect(normalisePet({ ...spring, petId: null })).toBeNull();
    expect(normalisePet('x')).toBeNull();
  });
});

describe('normalisePetList', () => {
  it('keeps the first of duplicate registration numbers and rejects non-arrays', () => {
    const list = normalisePetList([spring, { ...spring, name: '복제' }, { ...spring, petId: '2' }]);
    expect(list?.map((p) => p.pet.name)).toEqual(['초코', '초코']);
    expect(list?.map((p) => p.pet.id)).toEqual(['410-2024-00001', '2']);
    expect(normalisePetList({ data: [] })).toBeNull();
  });
});
