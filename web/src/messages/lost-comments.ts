// Comments on a lost-and-found post (issue 27; docs/decisions/0041): the words of
// features/lost/comments/LostComments.tsx and of the reasons only its routes answer.
import { VALIDATION_SENTENCES } from '@pawbridge/shared/sentences';
import { registerMessages } from './registry';

export const lostComments = {
  'lostComments.heading': '댓글 {count}개',
  'lostComments.label': '댓글 쓰기',
  'lostComments.placeholder': '본 곳, 시간, 모습처럼 도움이 될 내용을 남겨 주세요.',
  'lostComments.loginPlaceholder': '로그인하면 댓글을 남길 수 있어요.',
  'lostComments.login': '로그인하고 댓글 쓰기',
  'lostComments.count': '{length}/{max}자',
  'lostComments.submit': '댓글 등록',
  'lostComments.sent': '댓글을 남겼어요.',
  'lostComments.failed': '댓글을 남기지 못했어요. 잠시 뒤에 다시 시도해 주세요.',
  'lostComments.empty': '아직 댓글이 없어요. 본 적이 있다면 알려 주세요.',
  'lostComments.loadFailed': '댓글을 불러오지 못했어요.',
  'lostComments.mine': '내 댓글',
  'lostComments.delete': '삭제',
  'lostComments.deleteLabel': '{author}님의 댓글 삭제',
  'lostComments.deleteTitle': '댓글을 지울까요?',
  'lostComments.deleteBody': '지운 댓글은 되살릴 수 없어요.',
  'lostComments.deleted': '댓글을 지웠어요.',
  'lostComments.deleteFailed': '댓글을 지우지 못했어요.',
  'lostComments.validation.commentRequired': VALIDATION_SENTENCES.commentRequired,
  'lostComments.validation.commentTooLong': VALIDATION_SENTENCES.commentTooLong,
  'lostComments.validation.lostHtmlRefused': VALIDATION_SENTENCES.lostHtmlRefused,
  'lostComments.validation.textControlChars': VALIDATION_SENTENCES.textControlChars,
  'lostComments.validation.invalid': '댓글 내용을 다시 확인해 주세요.',
} as const;

// Not in the entry chunk: LostComments imports this module, which adds its words to the catalogue (registry.ts).
export type LostCommentsMessages = typeof lostComments;
registerMessages(lostComments);
