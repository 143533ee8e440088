import { describe, expect, it } from 'vitest';
import { PET_STATUSES } from './constants';
import { ADOPT_LIST_RANK, inAdoptListOrder, isPublicStatus, mayApplyFor, mayRegisterReport, PUBLIC_STRAY_STATUSES } from './stray-rules';

describe('stray status rules', () => {
  it('the public statuses are every status but LOST, and their order is the adopt-list rank', () => {
    expect(PET_STATUSES.filter(isPublicStatus)).toEqual(['PROTECTING', 'WAITING', 'ADOPT']);
    PUBLIC_STRAY_STATUSES.forEach((status, i) => expect(ADOPT_LIST_RANK[status]).toBe(i));
    expect(ADOPT_LIST_RANK.LOST).toBeGreaterThan(Math.max(...PUBLIC_STRAY_STATUSES.map((s) => ADOPT_LIST_RANK[s])));
  });

  it('only PROTECTING takes an application; only LOST can be registered', () => {
    expect(PET_STATUSES.filter(mayApplyFor)).toEqual(['PROTECTING']);
    expect(PET_STATUSES.filter(mayRegisterReport)).toEqual(['LOST']);
  });
});

describe('inAdoptListOrder', () => {
  it('PROTECTING, WAITING, ADOPT, LOST; newest found (date, time, id) first within each; the input is not changed', () => {
    const s = (id: number, status: 'LOST' | 'PROTECTING' | 'WAITING' | 'ADOPT', foundDate: string, foundTime = '10:00') => ({
      id,
      status,
      foundDate,
      foundTime,
    });
    const input = [
      s(0, 'LOST', '2026-12-01'),
      s(1, 'ADOPT', '2026-09-01'),
      s(2, 'WAITING', '2026-01-01'),
      s(3, 'PROTECTING', '2026-01-01'),
      s(4, 'PROTECTING', '2026-05-01'),
      s(5, 'PROTECTING', '2026-05-01', '11:00'),
      s(6, 'PROTECTING', '2026-05-01', '11:00'),
    ];
    expect(inAdoptListOrder(input).map((x) => x.id)).toEqual([6, 5, 4, 3, 2, 1, 0]);
    expect(input.map((x) => x.id)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
