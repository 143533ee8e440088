import { describe, expect, it } from 'vitest';
import { toFieldErrorKeys } from './validation';
import {
  authorLabel,
  isStrayFallbackName,
  maskLoginId,
  nicknameKey,
  NicknameSchema,
  normalisePhone,
  PhoneSchema,
  strayFallbackName,
} from './names';
import { SignupRequestSchema } from './accounts.schema';

const nicknameKeyOf = (v: unknown) => {
  const r = NicknameSchema.safeParse(v);
  return r.success ? r.data : `!${Object.values(toFieldErrorKeys(r.error))[0] ?? ''}`;
};

describe('nickname rules (one home)', () => {
  it('normalises NFKC and trims; equal nicknames compare equal whatever the case or width', () => {
    expect(nicknameKeyOf('  ＣｈｏｃｏＭｏｍ ')).toBe('ChocoMom');
    expect(nicknameKey('ＣＨＯＣＯ')).toBe(nicknameKey('choco'));
    expect(nicknameKeyOf('콩이엄마_2')).toBe('콩이엄마_2');
  });

  it('refuses too short, too long, spaces, symbols, lone jamo and reserved words', () => {
    expect(nicknameKeyOf('')).toBe('!nicknameRequired');
    expect(nicknameKeyOf('가')).toBe('!nicknameTooShort');
    expect(nicknameKeyOf('가나다라마바사아자차카타파')).toBe('!nicknameTooLong');
    expect(nicknameKeyOf('민지 짱')).toBe('!nicknamePattern');
    expect(nicknameKeyOf('ㅋㅋㅋ')).toBe('!nicknamePattern');
    expect(nicknameKeyOf('min***')).toBe('!nicknamePattern');
    expect(nicknameKeyOf('관리자')).toBe('!nicknameReserved');
    expect(nicknameKeyOf('ＡＤＭＩＮ')).toBe('!nicknameReserved');
  });
});

describe('masked login ids (where an upstream has no nicknames)', () => {
  it('keeps at most the first three characters, never the whole id', () => {
    expect(maskLoginId('minji01')).toBe('min***');
    expect(maskLoginId('abcd')).toBe('ab***');
    expect(maskLoginId('ab')).toBe('a***');
    expect(maskLoginId('  ')).toBeNull();
    expect(authorLabel('콩이엄마', 'minji01')).toBe('콩이엄마');
    expect(authorLabel(null, 'minji01')).toBe('min***');
  });
});

describe('phone numbers in one format', () => {
  it.each([
    ['01012345678', '010-1234-5678'],
    ['010 1234 5678', '010-1234-5678'],
    ['010-1234-5678', '010-1234-5678'],
    ['010.1234.5678', '010-1234-5678'],
    ['+82 10-1234-5678', '010-1234-5678'],
    ['+82 (0)10 1234 5678', '010-1234-5678'],
    ['0082 10 1234 5678', '010-1234-5678'],
    ['０１０１２３４５６７８', '010-1234-5678'],
    ['0111234567', '011-123-4567'],
    ['021234567', '02-123-4567'],
    ['0212345678', '02-1234-5678'],
    ['031 123 4567', '031-123-4567'],
  ])('%s → %s', (typed, stored) => {
    expect(normalisePhone(typed)).toBe(stored);
    expect(PhoneSchema.parse(typed)).toBe(stored);
  });

  it.each(['call me', '1234', '010-1234-567', '010123456789', '+1 415 555 0100'])('refuses %s', (typed) => {
    expect(normalisePhone(typed)).toBeNull();
    expect(PhoneSchema.safeParse(typed).success).toBe(false);
  });

  it('the signup stores what it normalised', () => {
    const parsed = SignupRequestSchema.parse({
      name: '김포브',
      userId: 'pawfan',
      email: 'p@example.com',
      password: 'secret123',
      birth: '1990-01-01',
      phoneNm: '+82 10 2345 6789',
    });
    expect(parsed.phoneNm).toBe('010-2345-6789');
    expect(parsed.nickname).toBeUndefined();
  });
});

describe('a stray without a name of its own', () => {
  it('is named by its id, and only that form is taken for the fallback', () => {
    expect(isStrayFallbackName(strayFallbackName(6))).toBe(true);
    expect(isStrayFallbackName('백구')).toBe(false);
    expect(isStrayFallbackName(`${strayFallbackName(6)}번`)).toBe(false);
  });
});
