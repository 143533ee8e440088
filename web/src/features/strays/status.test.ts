import { describe, expect, it } from 'vitest';
import { canRegister, previewText, shortTime } from './status';

describe('previewText', () => {
  it('keeps 50 characters and adds an ellipsis only when longer', () => {
    const fifty = '가'.repeat(50);
    expect(previewText(fifty)).toBe(fifty);
    expect(previewText(`${fifty}나`)).toBe(`${fifty}…`);
    expect(previewText('짧은 설명')).toBe('짧은 설명');
  });
});

describe('report actions and times', () => {
  it('allows registering only a LOST report', () => {
    expect(canRegister({ status: 'LOST' })).toBe(true);
    for (const status of ['PROTECTING', 'WAITING', 'ADOPT'] as const) expect(canRegister({ status })).toBe(false);
  });

  it('shows times as HH:mm', () => {
    expect(shortTime('14:30:00')).toBe('14:30');
    expect(shortTime('09:05')).toBe('09:05');
  });
});
