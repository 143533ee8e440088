import { describe, expect, it } from 'vitest';
import { adoptListBadge, petStatusLook, reportStatusLook } from './stray-status';

describe('adopt list badges (spec §4)', () => {
  it.each([
    ['PROTECTING', '보호 중', 'teal'],
    ['WAITING', '입양 대기', 'blue'],
    ['ADOPT', '입양 완료', 'green'],
    ['LOST', '알 수 없음', 'red'],
    ['SOMETHING', '알 수 없음', 'gray'],
  ])('%s → %s in %s', (status, label, color) => {
    expect(adoptListBadge(status)).toEqual({ label, color });
  });
});

describe('report status', () => {
  it('labels the review state with words and colour', () => {
    expect(reportStatusLook({ status: 'LOST', reportStatus: 'PENDING' })).toEqual({ label: '검토 대기', color: 'red' });
    expect(reportStatusLook({ status: 'LOST', reportStatus: 'REJECTED' })).toEqual({ label: '반려됨', color: 'gray' });
    expect(reportStatusLook({ status: 'PROTECTING', reportStatus: 'APPROVED' })).toEqual({ label: '보호 중', color: 'teal' });
    expect(reportStatusLook({ status: 'WAITING', reportStatus: 'APPROVED' })).toEqual({ label: '입양 대기', color: 'blue' });
    expect(reportStatusLook({ status: 'ADOPT', reportStatus: 'APPROVED' })).toEqual({ label: '입양 완료', color: 'green' });
  });

  it('gives the admin list and the adopt list the same words and colour for a stray in care', () => {
    for (const status of ['PROTECTING', 'WAITING', 'ADOPT'] as const) {
      expect(reportStatusLook({ status, reportStatus: 'APPROVED' })).toEqual(adoptListBadge(status));
      expect(petStatusLook(status)).toEqual(adoptListBadge(status));
    }
  });
});
