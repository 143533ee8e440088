/** The "more" control every paged list shares (issue 17). */
export const paging = {
  'paging.more': '더 보기',
  'paging.loadingMore': '더 불러오는 중…',
  'paging.shown': '전체 {total}건 중 {shown}건',
  'paging.moreFailed': '목록을 더 불러오지 못했습니다.',
} as const;
