import { describe, expect, it } from 'vitest';
import { NO_ABOUT } from '@pawbridge/shared';
import { notificationText } from './wording';

// Favourites and saved searches (issue 28): the bell words their codes with the days left and the count.
describe('the bell’s words for favourites', () => {
  it('says how many days are left, what happened, and how many new dogs came', () => {
    const createdAt = '2026-11-26T03:00:00Z';
    const ending = { ...NO_ABOUT, dogName: '[개] 진도견', noticeEnd: '2026-11-29' };
    expect(notificationText({ code: 'FAVOURITE_NOTICE_ENDING', about: ending, message: 'x', createdAt })).toBe(
      '[개] 진도견 공고가 3일 뒤 끝나요',
    );
    expect(notificationText({ code: 'FAVOURITE_ADOPTED', about: { ...NO_ABOUT, dogName: '모카' }, message: 'x' })).toBe(
      '관심 목록의 모카가 입양됐어요',
    );
    expect(notificationText({ code: 'SAVED_SEARCH_MATCHED', about: { ...NO_ABOUT, count: 3 }, message: 'x' })).toBe(
      '저장한 검색 조건에 맞는 새 아이가 3마리 왔어요',
    );
  });
});

describe('the bell’s day of a stray report', () => {
  it('names the day it was found by month and day, without the year; an unreadable day as it came', () => {
    expect(notificationText({ code: 'STRAY_REPORTED', about: { ...NO_ABOUT, foundDate: '2026-01-05' }, message: 'x' })).toBe(
      '1월 5일에 발견된 유기견 제보가 들어왔어요',
    );
    expect(notificationText({ code: 'STRAY_REPORTED', about: { ...NO_ABOUT, foundDate: '어제' }, message: 'x' })).toBe(
      '어제에 발견된 유기견 제보가 들어왔어요',
    );
  });
});
