import { LOST_LIMITS, LOST_PHOTO_FIELDS } from '@pawbridge/shared/lost.schema';

// The OpenAPI words the lost-and-found routes share (lost*.routes.ts).

export const tags = ['lost'];
export const LEGACY_DOC =
  '레거시 Spring 서버 앞에서는 501 UPSTREAM_UNSUPPORTED(LOST_UNSUPPORTED)이며 `/api/config`의 `lostAndFound`가 false입니다.';
export const PRIVACY_DOC =
  '공개 위치(`position`)는 글마다 다른 원점의 약 300m 격자에 맞춘 값으로 매번 같습니다. 정확한 위치(`exactPosition`)와 등록번호는 글쓴이와 관리자에게만 보입니다. 전화번호는 글쓴이가 공개를 고른 경우에만(`contact: PHONE`) 보입니다.';
export const PHOTOS_DOC = `사진은 파일 필드 ${LOST_PHOTO_FIELDS.map((f) => `\`${f}\``).join('·')}(글 하나에 최대 ${LOST_LIMITS.photosMax}장, 각 5MB 이하, 파일 내용으로 판별한 이미지, 서버에서 메타데이터를 지우고 WebP로 저장).`;
export const LIMITS_DOC = `진행 중인 실종 신고는 회원당 ${LOST_LIMITS.openMissingPerMember}건(409 LOST_OPEN_LIMIT), 글은 하루 ${LOST_LIMITS.postsPerMemberPerDay}건(429 LOST_DAILY_LIMIT).`;
export const AUTHOR_DOC = '글쓴이만 할 수 있습니다(다른 회원 403 LOST_AUTHOR_ONLY, 닫힌 글 409 LOST_POST_CLOSED).';
