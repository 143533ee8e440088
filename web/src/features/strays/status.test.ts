import { describe, expect, it } from 'vitest';
import { canRegister, previewText, reportStatusLabel, shortTime } from './status';

describe('previewText', () => {
  it('keeps 50 characters and adds an ellipsis only when longer', () => {
    const fifty = '가'.repeat(50);
    expect(previewText(fifty)).toBe(fifty);
    expect(previewText(`${fifty}나`)).toBe(`${fifty}…`);
    expect(previewText('짧은 설명')).toBe('짧은 설명');
  });
});

describe('report status', () => {
  it('labels the review state with words and colour', () => {
    expect(reportStatusLabel({ status: 'LOST', reportStatus: 'PENDING' })).toEqual({ label: '검토 대기', color: 'red' });
    expect(reportStatusLabel({ status: 'LOST', reportStatus: 'REJECTED' })).toEqual({ label: '반려됨', color: 'gray' });
    expect(reportStatusLabel({ status: 'PROTECTING', reportStatus: 'APPROVED' })).toEqual({ label: '보호 중', color: 'teal' });
    expect(reportStatusLabel({ status: 'WAITING', reportStatus: 'APPROVED' })).toEqual({ label: '입양 대기', color: 'blue' });
    expect(reportStatusLabel({ status: 'ADOPT', reportStatus: 'APPROVED' })).toEqual({ label: '입양 완료', color: 'green' });
  });

  it('allows registering only a LOST report', () => {
    expect(canRegister({ status: 'LOST' })).toBe(true);
    for (const status of ['PROTECTING', 'WAITING', 'ADOPT'] as const) expect(canRegister({ status })).toBe(false);
  });

  it('shows times as HH:mm', () => {
    expect(shortTime('14:30:00')).toBe('14:30');
    expect(shortTime('09:05')).toBe('09:05');
  });
});
