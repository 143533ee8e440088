import { describe, expect, it } from 'vitest';
import { NO_ABOUT, type FeedNotification } from '@pawbridge/shared';
import { bellReducer, initialBell } from './bell-state';
import { relativeTime } from './relative-time';

const n = (over: Partial<FeedNotification> = {}): FeedNotification => ({
  id: 1,
  kind: 'COMMENT',
  message: '댓글',
  createdAt: '2026-11-23T01:00:00.000Z',
  read: false,
  link: '/community',
  code: null,
  about: NO_ABOUT,
  ...over,
});

describe('bell state (spec §4 Notification bell)', () => {
  it('the badge counts every unread one on all pages (the total), never fewer than the list holds', () => {
    expect(bellReducer(initialBell, { type: 'loaded', list: [n({ id: 1 }), n({ id: 2 })], unreadTotal: 41 }).badge).toBe(41);
    expect(bellReducer(initialBell, { type: 'loaded', list: [n({ id: 1 }), n({ id: 2 })], unreadTotal: 0 }).badge).toBe(2);
  });

  it('a live message goes on top and raises the badge; one the list already has is not counted twice', () => {
    let s = bellReducer(initialBell, { type: 'loaded', list: [n({ id: 1 })] });
    expect(s.badge).toBe(1);
    s = bellReducer(s, { type: 'live', notification: n({ id: null, kind: 'ADOPTION_RESULT', createdAt: '2026-11-23T02:00:00.000Z' }) });
    expect(s.items.map((i) => i.kind)).toEqual(['ADOPTION_RESULT', 'COMMENT']);
    expect(s.badge).toBe(2);
    expect(bellReducer(s, { type: 'live', notification: n({ id: 1 }) })).toBe(s);
  });

  it('opening marks every item read and zeroes the badge', () => {
    let s = bellReducer(initialBell, { type: 'loaded', list: [n({ id: 1 }), n({ id: 2 })] });
    s = bellReducer(s, { type: 'opened' });
    expect(s.badge).toBe(0);
    expect(s.items.every((i) => i.read)).toBe(true);
  });

  it('removing takes the item away and one off the badge if it was unread, never below 0', () => {
    let s = bellReducer(initialBell, { type: 'loaded', list: [n({ id: 1 }), n({ id: 2 })] });
    s = bellReducer(s, { type: 'removed', key: s.items[0]!.key });
    expect(s.items).toHaveLength(1);
    expect(s.badge).toBe(1);
    s = bellReducer(s, { type: 'opened' });
    s = bellReducer(s, { type: 'removed', key: s.items[0]!.key });
    expect(s).toMatchObject({ items: [], badge: 0 });
  });

  it("a refetch makes the server's unread list the truth and keeps read items on screen", () => {
    let s = bellReducer(initialBell, { type: 'live', notification: n({ id: null }) });
    s = bellReducer(s, { type: 'opened' });
    s = bellReducer(s, { type: 'live', notification: n({ id: null, message: '오프라인 동안' }) });
    s = bellReducer(s, { type: 'loaded', list: [n({ id: 9, message: '오프라인 동안', createdAt: '2026-11-23T03:00:00.000Z' })] });
    expect(s.items.map((i) => [i.id, i.read])).toEqual([
      [9, false],
      [null, true],
    ]);
    expect(s.badge).toBe(1);
  });
});

describe('relative times (spec §9)', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');
  it('reads 방금 전, N분 전, N시간 전, else a date', () => {
    expect(relativeTime('2026-11-23T11:59:30.000Z', now)).toBe('방금 전');
    expect(relativeTime('2026-11-23T12:00:30.000Z', now)).toBe('방금 전');
    expect(relativeTime('2026-11-23T11:01:00.000Z', now)).toBe('59분 전');
    expect(relativeTime('2026-11-23T11:00:00.000Z', now)).toBe('1시간 전');
    expect(relativeTime('2026-11-22T12:01:00.000Z', now)).toBe('23시간 전');
    expect(relativeTime('2026-11-22T12:00:00.000Z', now)).toMatch(/2026년 11월 2[23]일/);
  });
});
