import { describe, expect, it } from 'vitest';
import { adoptButton, koreanDateTime, koreanDay } from './status';

describe('adoption button', () => {
  it('is active only for PROTECTING', () => {
    expect(adoptButton('PROTECTING')).toEqual({ label: '입양 신청', enabled: true });
    expect(adoptButton('WAITING')).toEqual({ label: '대기 중', enabled: false });
    expect(adoptButton('ADOPT')).toEqual({ label: '입양 완료', enabled: false });
    expect(adoptButton('LOST')).toEqual({ label: '입양 완료', enabled: false });
  });
});

describe('Korean dates', () => {
  it('formats a calendar day without shifting it', () => {
    expect(koreanDay('2026-11-02')).toBe('2026년 11월 2일');
  });
  it('formats a timestamp in Korean', () => {
    expect(koreanDateTime('2026-11-22T05:30:00Z')).toMatch(/^2026년 11월 22일 (오전|오후) \d{1,2}:\d{2}$/);
  });
});
