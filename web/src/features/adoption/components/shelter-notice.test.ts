import { describe, expect, it } from 'vitest';
import { noticeDay, noticeDayLabel, shelterStatusLook, telHref } from './shelter-notice';
import { mergeFeed } from './merge-feed';

describe('noticeDay counts calendar days in Seoul', () => {
  it('is D-3, the last day, or over', () => {
    const noonSeoul = new Date('2026-11-20T03:00:00Z');
    expect(noticeDay('2026-11-23', noonSeoul)).toEqual({ kind: 'left', days: 3 });
    expect(noticeDay('2026-11-20', noonSeoul)).toEqual({ kind: 'today' });
    expect(noticeDay('2026-11-19', noonSeoul)).toEqual({ kind: 'ended' });
    expect(noticeDay(null, noonSeoul)).toBeNull();
  });

  it('uses the Korean date, not the UTC one, just after midnight in Seoul', () => {
    // 2026-11-20 00:30 in Seoul is still 2026-11-19 in UTC.
    const justAfterMidnight = new Date('2026-11-19T15:30:00Z');
    expect(noticeDay('2026-11-20', justAfterMidnight)).toEqual({ kind: 'today' });
    expect(noticeDay('2026-11-23', justAfterMidnight)).toEqual({ kind: 'left', days: 3 });
  });

  it('says it in words', () => {
    expect(noticeDayLabel({ kind: 'left', days: 3 })).toBe('공고 종료 D-3');
    expect(noticeDayLabel({ kind: 'today' })).toBe('오늘 마감');
    expect(noticeDayLabel({ kind: 'ended' })).toBe('공고 종료');
  });
});

describe('shelterStatusLook', () => {
  it('names each end by what happened, never every end a death', () => {
    expect(shelterStatusLook({ status: 'ADOPTED' }).label).toBe('입양 완료');
    expect(shelterStatusLook({ status: 'RETURNED' }).label).toBe('주인 반환');
    expect(shelterStatusLook({ status: 'ENDED_OTHER' }).label).toBe('보호 종료');
    expect(shelterStatusLook({ status: 'PROTECTING' })).toEqual({ label: '보호 중', color: 'teal' });
  });
});

describe('telHref', () => {
  it('dials the digits of a written number, and nothing for junk', () => {
    expect(telHref('02-2124-2839')).toBe('tel:0221242839');
    expect(telHref('없음')).toBeNull();
    expect(telHref(null)).toBeNull();
  });
});

describe('mergeFeed', () => {
  it('alternates the sources, each in its own order', () => {
    const { items, waiting } = mergeFeed({ items: ['a1', 'a2'], done: true }, { items: ['b1', 'b2', 'b3'], done: true });
    expect(items.map((f) => f.item)).toEqual(['a1', 'b1', 'a2', 'b2', 'b3']);
    expect(waiting).toEqual([]);
  });

  it('stops where a source has more pages to come, so the next page only appends', () => {
    const first = mergeFeed({ items: ['a1'], done: true }, { items: ['b1', 'b2'], done: false });
    expect(first.items.map((f) => f.item)).toEqual(['a1', 'b1', 'b2']);
    expect(first.waiting).toEqual(['shelter']);
    const shortMember = mergeFeed({ items: ['a1'], done: false }, { items: ['b1', 'b2', 'b3'], done: false });
    expect(shortMember.items.map((f) => f.item)).toEqual(['a1', 'b1']);
    expect(shortMember.waiting).toEqual(['member']);
    const after = mergeFeed({ items: ['a1', 'a2'], done: true }, { items: ['b1', 'b2', 'b3'], done: false });
    expect(after.items.map((f) => f.item).slice(0, 2)).toEqual(['a1', 'b1']);
    expect(after.items.map((f) => f.item)).toEqual(['a1', 'b1', 'a2', 'b2', 'b3']);
  });

  it('shows one source alone when the other is off', () => {
    expect(mergeFeed({ items: [], done: true }, { items: ['b1'], done: true }).items.map((f) => f.source)).toEqual(['shelter']);
  });
});
