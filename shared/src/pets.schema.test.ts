import { describe, expect, it } from 'vitest';
import { PetEditRequestSchema, PetRegisterRequestSchema, isWeightStep } from './pets.schema';
import { toFieldErrorKeys } from './validation';

const valid = { name: '초코', type: '푸들', weight: 4.2, age: 3, size: 'small', gender: 'male', adopt: 'false', petId: '410-2024-00001' };

describe('PetRegisterRequestSchema', () => {
  it('uppercases size and gender and reads the radio strings as booleans', () => {
    const out = PetRegisterRequestSchema.parse(valid);
    expect(out).toMatchObject({ size: 'SMALL', gender: 'MALE', adopt: false, weight: 4.2, age: 3 });
  });

  it('accepts numeric text but rejects non-numeric text', () => {
    expect(PetRegisterRequestSchema.parse({ ...valid, weight: '4.2', age: '3' })).toMatchObject({ weight: 4.2, age: 3 });
    const r = PetRegisterRequestSchema.safeParse({ ...valid, weight: 'abc', age: 'three' });
    expect(r.success).toBe(false);
    expect(toFieldErrorKeys(r.error!)).toMatchObject({ weight: 'petWeightRequired', age: 'petAgeRequired' });
  });

  it('keeps weight above 0 in 0.1 kg steps and age a positive integer', () => {
    const keys = (patch: object) => toFieldErrorKeys(PetRegisterRequestSchema.safeParse({ ...valid, ...patch }).error!);
    expect(keys({ weight: 2.55 })).toMatchObject({ weight: 'petWeightStep' });
    expect(keys({ weight: 0 })).toMatchObject({ weight: 'petWeightPositive' });
    expect(keys({ age: 2.5 })).toMatchObject({ age: 'petAgeInteger' });
    expect(keys({ age: 0 })).toMatchObject({ age: 'petAgePositive' });
    expect(PetRegisterRequestSchema.safeParse({ ...valid, weight: 0.3 }).success).toBe(true);
  });

  it('requires every field and rejects unknown keys', () => {
    const r = PetRegisterRequestSchema.safeParse({ extra: 1 });
    expect(r.success).toBe(false);
    const k = toFieldErrorKeys(r.error!);
    for (const f of ['name', 'type', 'weight', 'age', 'size', 'gender', 'adopt', 'petId']) expect(k[f]).toBeDefined();
    expect(PetRegisterRequestSchema.safeParse({ ...valid, owner: 'x' }).success).toBe(false);
  });

  it('keeps registration numbers to digits and hyphens', () => {
    expect(PetRegisterRequestSchema.safeParse({ ...valid, petId: '../x' }).success).toBe(false);
    expect(PetRegisterRequestSchema.safeParse({ ...valid, petId: 'register' }).success).toBe(false);
  });
});

describe('PetEditRequestSchema', () => {
  it('tolerates the echoed profile URL but not a new registration number', () => {
    const { petId: _petId, ...rest } = valid;
    expect(PetEditRequestSchema.safeParse({ ...rest, profile: '/uploads/x.jpg' }).success).toBe(true);
    expect(PetEditRequestSchema.safeParse(valid).success).toBe(false);
  });
});

it('isWeightStep tolerates floating point', () => {
  expect(isWeightStep(4.2)).toBe(true);
  expect(isWeightStep(0.7)).toBe(true);
  expect(isWeightStep(2.55)).toBe(false);
});
