import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginRequestSchema, SignupRequestSchema } from './accounts.schema';
import { PetIdParamsSchema, PetRegisterRequestSchema } from './pets.schema';
import { StrayReportRequestSchema, StraySearchQuerySchema } from './strays.schema';
import { decimalText, isInvisibleOnly, PositiveIdSchema, seoulToday, toFieldErrorKeys } from './validation';

const pet = { name: '초코', type: '푸들', weight: 4.2, age: 3, size: 'SMALL', gender: 'MALE', adopt: false, petId: '410-1234' };
const report = {
  latitude: 37.55,
  longitude: 126.99,
  gender: 'FEMALE',
  description: '갈색 강아지',
  location: '서울특별시',
  type: '',
  foundDate: '2025-07-09',
  foundTime: '08:15',
};

const keysOf = (r: { success: boolean; error?: unknown }) => (r.success ? {} : toFieldErrorKeys(r.error as never));

describe('calendar dates and clock times (issue 8 item 4)', () => {
  afterEach(() => vi.useRealTimers());

  it('refuses impossible dates and times in a report and in a search', () => {
    expect(keysOf(StrayReportRequestSchema.safeParse({ ...report, foundDate: '2025-13-45' })).foundDate).toBe('foundDateInvalid');
    expect(keysOf(StrayReportRequestSchema.safeParse({ ...report, foundDate: '2025-02-29' })).foundDate).toBe('foundDateInvalid');
    expect(keysOf(StrayReportRequestSchema.safeParse({ ...report, foundTime: '25:99' })).foundTime).toBe('foundTimeInvalid');
    expect(keysOf(StraySearchQuerySchema.safeParse({ foundDate: '2025-13-45' })).foundDate).toBe('foundDateInvalid');
    expect(keysOf(StraySearchQuerySchema.safeParse({ foundTime: '25:99' })).foundTime).toBe('foundTimeInvalid');
    expect(StraySearchQuerySchema.safeParse({ foundDate: '2024-02-29', foundTime: '23:59:59' }).success).toBe(true);
  });

  it('refuses a found date after today in Korea, deciding the day in Asia/Seoul', () => {
    vi.useFakeTimers();
    // 2026-03-01 00:30 in Seoul is still 2026-02-28 in UTC.
    vi.setSystemTime(new Date('2026-02-28T15:30:00Z'));
    expect(seoulToday()).toBe('2026-03-01');
    expect(StrayReportRequestSchema.safeParse({ ...report, foundDate: '2026-03-01' }).success).toBe(true);
    expect(keysOf(StrayReportRequestSchema.safeParse({ ...report, foundDate: '2026-03-02' })).foundDate).toBe('foundDateFuture');
    // 23:59 in Seoul the evening before: tomorrow is still refused.
    vi.setSystemTime(new Date('2026-02-28T14:59:00Z'));
    expect(keysOf(StrayReportRequestSchema.safeParse({ ...report, foundDate: '2026-03-01' })).foundDate).toBe('foundDateFuture');
  });
});

describe('text fields refuse control characters and invisible-only text (issue 8 item 14)', () => {
  it('NUL and other control characters are refused in every kind of text field', () => {
    expect(keysOf(PetRegisterRequestSchema.safeParse({ ...pet, name: 'a\u0000b' })).name).toBe('textControlChars');
    expect(keysOf(PetRegisterRequestSchema.safeParse({ ...pet, type: '푸들\u001b[31m' })).type).toBe('textControlChars');
    expect(keysOf(StrayReportRequestSchema.safeParse({ ...report, description: 'x\u0000' })).description).toBe('textControlChars');
    expect(keysOf(StrayReportRequestSchema.safeParse({ ...report, type: 'x\u0007' })).type).toBe('textControlChars');
    expect(keysOf(StraySearchQuerySchema.safeParse({ location: '서울\u0000' })).location).toBe('textControlChars');
    expect(keysOf(LoginRequestSchema.safeParse({ userId: 'ann\u0000', password: 'secret1' })).userId).toBe('textControlChars');
    expect(keysOf(LoginRequestSchema.safeParse({ userId: 'ann', password: 'se\u0000cret' })).password).toBe('textControlChars');
    const signup = {
      name: '김포브',
      userId: 'pawfan',
      email: 'paw@example.com',
      password: 'secret1',
      birth: '1990-05-01',
      phoneNm: '010-1234-5678',
    };
    expect(keysOf(SignupRequestSchema.safeParse({ ...signup, name: '김\u0000' })).name).toBe('textControlChars');
    expect(PetIdParamsSchema.safeParse({ petId: '1\u0000' }).success).toBe(false);
  });

  it('a description may span lines; text made only of invisible characters counts as empty', () => {
    expect(StrayReportRequestSchema.safeParse({ ...report, description: '첫 줄\n둘째 줄\t끝' }).success).toBe(true);
    for (const blank of ['\u200B', '\u3164\u3164', '\u2060\uFEFF', '\u00A0 \u200D']) {
      expect(isInvisibleOnly(blank)).toBe(true);
      expect(keysOf(StrayReportRequestSchema.safeParse({ ...report, description: blank })).description).toBe('descriptionRequired');
      expect(keysOf(PetRegisterRequestSchema.safeParse({ ...pet, name: blank })).name).toBe('petNameRequired');
    }
    expect(isInvisibleOnly('초코')).toBe(false);
  });
});

describe('numbers and ids are parsed strictly (issue 8 item 14)', () => {
  it('only plain decimal text becomes a number', () => {
    expect(decimalText('4.2')).toBe(4.2);
    expect(decimalText(' 12 ')).toBe(12);
    for (const odd of ['0x1A', '+1', '1e3', 'Infinity', '0b11', ' ', '']) expect(decimalText(odd)).toBe(odd);
    expect(keysOf(PetRegisterRequestSchema.safeParse({ ...pet, weight: '0x1A' })).weight).toBe('petWeightRequired');
    expect(keysOf(PetRegisterRequestSchema.safeParse({ ...pet, age: '+1' })).age).toBe('petAgeRequired');
    expect(keysOf(PetRegisterRequestSchema.safeParse({ ...pet, age: '1e1' })).age).toBe('petAgeRequired');
    expect(PetRegisterRequestSchema.parse({ ...pet, weight: '4.2', age: '3' })).toMatchObject({ weight: 4.2, age: 3 });
  });

  it('a weight has a plausible floor: 1e-8 kg is not a dog', () => {
    expect(keysOf(PetRegisterRequestSchema.safeParse({ ...pet, weight: 1e-8 })).weight).toBe('petWeightStep');
    expect(keysOf(PetRegisterRequestSchema.safeParse({ ...pet, weight: 0.05 })).weight).toBe('petWeightStep');
    expect(PetRegisterRequestSchema.safeParse({ ...pet, weight: 0.1 }).success).toBe(true);
    expect(keysOf(PetRegisterRequestSchema.safeParse({ ...pet, weight: 201 })).weight).toBe('petWeightTooLarge');
  });

  it('path ids are plain positive decimal integers', () => {
    expect(PositiveIdSchema.parse('12')).toBe(12);
    for (const odd of ['0x1A', '0x1', '+1', '1e3', '01', '0', '-1', '1.0', ' 1', '99999999999999999'])
      expect(PositiveIdSchema.safeParse(odd).success, odd).toBe(false);
  });
});
