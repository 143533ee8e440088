import { LOST_LIMITS, LOST_PHOTO_FIELDS } from '@pawbridge/shared/lost.schema';

// The OpenAPI words the lost-and-found routes share (lost*.routes.ts).

export const tags = ['lost'];
export const LEGACY_DOC =
  '레거시 Spring 서버 앞에서는 501 UPSTREAM_UNSUPPORTED(LOST_UNSUPPORTED)이며 `/api/config`의 `lostAndFound`가 false입니다.';
export const PRIVACY_DOC =
  '공개 위치(`position`)는 글마다 다른 원점의 약 300m 격자에 맞춘 값으로 매번 같습니다. 정확한 위치(`exactPosition`)와 등록번호는 글쓴이와 관리자에게만 보입니다. 전화번호는 글쓴이가 공개를 고른 경우에만(`contact: PHONE`) 보입니다.';
export const PHOTOS_DOC = `사진은 파일 필드 ${LOST_PHOTO_FIELDS.map((f) => `\`${f}\``).join('·')}(글 하나에 최대 ${LOST_LIMITS.photosMax}장, 각 5MB 이하, 파일 내용으로 판별한 이미지, 서버에서 메타데이터를 지우고 WebP로 저장).`;
export const LIMITS_DOC = `진행 중인 실종 신고는 회원당 ${LOST_LIMITS.openMissingPerMember}건(409 LOST_OPEN_LIMIT), 글은 하루 ${LOST_LIMITS.postsPerMemberPerDay}건(429 LOST_DAILY_LIMIT).`;
export const COMMENTS_DOC =
  '열린 글과 닫힌 글 모두에 쓸 수 있고 숨긴 글에는 관리자만(아니면 404). 회원당 한 시간에 30개까지(429 LOST_COMMENT_LIMIT). 글쓴이가 아닌 사람이 쓰면 글쓴이에게 알림(LOST_COMMENT)과 댓글이 담긴 이메일이 갑니다.';
export const AUTHOR_DOC = '글쓴이만 할 수 있습니다(다른 회원 403 LOST_AUTHOR_ONLY, 닫힌 글 409 LOST_POST_CLOSED).';

export const FLYER_DOC = {
  'flyer.pdf': {
    summary: '실종 전단지(A4 PDF)',
    description:
      '인쇄용 A4 한 장: 실종·찾습니다 제목, 큰 사진, 이름·품종·색깔·특징, 마지막으로 본 곳과 날짜, 사례금, 연락 방법, QR 코드. 한글 글꼴(Pretendard)은 쓰인 글자만 파일에 넣습니다.',
    file: 'application/pdf 파일',
  },
  'square.png': {
    summary: '실종 정사각형 이미지(1080×1080 PNG)',
    description: '메신저·SNS용 1:1 이미지: 전단지와 같은 내용을 줄여 담습니다.',
    file: 'image/png 파일(1080×1080)',
  },
} as const;
export const FLYER_RULES_DOC =
  '누구나 받을 수 있지만 진행 중인 실종 신고만(발견·목격 글 409 LOST_WRONG_KIND, 닫힌 신고 409 LOST_POST_CLOSED), 숨긴 글은 누구에게나 404. 위치는 글쓴이가 적은 주소 글자만, 좌표는 없습니다. 연락은 글쓴이가 고른 대로(RELAY면 "포브리지에서 연락하기"와 글 주소, PHONE이면 전화번호), 사례금이 있으면 강아지를 보기 전에 돈을 보내지 말라는 안내가 함께 들어갑니다. QR 코드는 글 페이지(PUBLIC_ORIGIN/lost/{id})로 갑니다. `cache-control: no-cache`와 ETag: If-None-Match가 같으면 304.';
export const NOT_MODIFIED_DOC = '브라우저의 사본(ETag)이 그대로 맞습니다.';
