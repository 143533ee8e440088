// The servers' Korean wire sentences (BFF envelopes, the api's legacy texts), one table per kind. No zod
// here: the web's catalogue imports these for the sentences it shares (decision 0028), and a visitor's
// first load must not carry the schemas with them (bench/budget.json; decision 0030).
import type { ErrorCode, ErrorReason } from './errors';

/**
 * Shared schemas carry message *keys*, not sentences: the web turns a key into
 * its catalogue wording, the BFF into the Korean sentence of VALIDATION_MESSAGES.
 * Where the web shows the very same sentence, its catalogue takes it from here
 * (decision 0028: each sentence lives once).
 */
export const VALIDATION_SENTENCES = {
  required: '필수 입력 항목입니다.',
  invalid: '형식이 올바르지 않습니다.',
  amountInvalid: '올바른 금액을 입력해 주세요.',
  amountTooLarge: '한 번에 후원할 수 있는 금액을 넘었습니다.',
  nameRequired: '이름을 입력해 주세요.',
  userIdRequired: '아이디를 입력해 주세요.',
  userIdTooShort: '아이디는 4자 이상이어야 합니다.',
  userIdTooLong: '아이디는 30자 이하여야 합니다.',
  userIdPattern: '아이디는 영문, 숫자, 밑줄(_), 점(.), 하이픈(-)만 쓸 수 있습니다.',
  emailRequired: '이메일을 입력해 주세요.',
  emailInvalid: '이메일 형식이 올바르지 않습니다.',
  passwordRequired: '비밀번호를 입력해 주세요.',
  passwordTooShort: '비밀번호는 6자 이상이어야 합니다.',
  passwordTooLong: '비밀번호는 72자 이하여야 합니다.',
  birthRequired: '생년월일을 입력해 주세요.',
  birthInvalid: '생년월일이 올바르지 않습니다.',
  phoneRequired: '전화번호를 입력해 주세요.',
  phoneInvalid: '전화번호 형식이 올바르지 않습니다. (예: 010-1234-5678)',
  codeRequired: '인증 코드를 입력해 주세요.',
  codeInvalid: '인증 코드는 숫자 6자리입니다.',
  latitudeRequired: '지도를 눌러 발견 위치를 다시 선택해 주세요.',
  longitudeRequired: '지도를 눌러 발견 위치를 다시 선택해 주세요.',
  descriptionRequired: '유기견에 대한 설명을 입력해 주세요.',
  descriptionTooLong: '설명은 2000자 이하로 입력해 주세요.',
  locationRequired: '발견한 지역을 선택해 주세요.',
  typeTooLong: '품종은 50자 이하로 입력해 주세요.',
  foundDateRequired: '발견 날짜를 입력해 주세요.',
  foundDateInvalid: '발견 날짜가 올바르지 않습니다.',
  foundTimeRequired: '발견 시간을 입력해 주세요.',
  foundTimeInvalid: '발견 시간이 올바르지 않습니다.',
  photoRequired: '유기견 사진은 필수입니다.',
  petNameRequired: '반려견 이름을 입력해 주세요.',
  petNameTooLong: '이름은 30자 이하로 입력해 주세요.',
  petTypeRequired: '품종을 입력해 주세요.',
  petTypeTooLong: '품종은 50자 이하로 입력해 주세요.',
  petWeightRequired: '몸무게를 숫자로 입력해 주세요.',
  petWeightPositive: '몸무게는 0보다 커야 합니다.',
  petWeightTooLarge: '몸무게는 200kg 이하로 입력해 주세요.',
  petWeightStep: '몸무게는 0.1kg 단위로 입력해 주세요.',
  petAgeRequired: '나이를 숫자로 입력해 주세요.',
  petAgeInteger: '나이는 정수로 입력해 주세요.',
  petAgePositive: '나이는 1살 이상이어야 합니다.',
  petAgeTooLarge: '나이는 40살 이하로 입력해 주세요.',
  petSizeRequired: '크기를 선택해 주세요.',
  petGenderRequired: '성별을 선택해 주세요.',
  petAdoptRequired: '입양 여부를 선택해 주세요.',
  petIdRequired: '등록번호를 입력해 주세요.',
  petIdInvalid: '등록번호는 숫자와 하이픈(-)으로 30자 이내로 입력해 주세요.',
  petPhotoRequired: '반려견 사진을 선택해 주세요.',
  foundDateFuture: '발견 날짜는 오늘 이후로 입력할 수 없습니다.',
  textControlChars: '입력할 수 없는 문자(제어 문자)가 들어 있습니다.',
  postTypeRequired: '카테고리를 선택해 주세요.',
  postTitleRequired: '제목을 입력해 주세요.',
  postTitleTooLong: '제목은 100자 이하로 입력해 주세요.',
  postContentRequired: '내용을 입력해 주세요.',
  postContentTooLong: '내용이 너무 깁니다.',
  commentRequired: '댓글 내용을 입력해 주세요.',
  commentTooLong: '댓글은 500자 이하로 입력해 주세요.',
} as const;

/** Default Korean sentences per code; routes may give a more specific one. */
export const DEFAULT_ERROR_MESSAGES: Record<ErrorCode, string> = {
  VALIDATION_FAILED: '입력한 내용을 다시 확인해 주세요.',
  UNAUTHENTICATED: '로그인이 필요합니다.',
  INVALID_CREDENTIALS: '아이디 또는 비밀번호가 올바르지 않습니다.',
  FORBIDDEN: '접근 권한이 없습니다.',
  NOT_FOUND: '요청한 정보를 찾을 수 없습니다.',
  CONFLICT: '이미 처리된 요청입니다.',
  ALREADY_EXISTS: '이미 등록되어 있습니다.',
  ALREADY_APPLIED: '이미 입양을 신청한 유기견입니다.',
  APPLICATION_LIMIT_REACHED:
    '진행 중인 입양 신청은 최대 3건까지 할 수 있습니다. 다른 신청의 결과를 기다리거나 신청을 취소한 뒤 다시 시도해 주세요.',
  INVALID_STATE: '지금 상태에서는 처리할 수 없습니다.',
  EMAIL_NOT_VERIFIED: '이메일 인증을 먼저 완료해 주세요.',
  EMAIL_ALREADY_REGISTERED: '이미 가입된 이메일입니다.',
  USER_ID_TAKEN: '이미 사용 중인 아이디입니다.',
  INVALID_CODE: '인증 코드가 올바르지 않거나 만료되었습니다.',
  PAYLOAD_TOO_LARGE: '파일 크기는 5MB 이하여야 합니다.',
  UNSUPPORTED_MEDIA_TYPE: '이미지 파일만 업로드할 수 있습니다.',
  IMAGE_TOO_LARGE: '사진의 해상도가 너무 큽니다. 가로·세로 크기가 더 작은 사진을 골라 주세요.',
  UNSUPPORTED_CONTENT_TYPE: '요청 형식이 올바르지 않습니다. 이 주소는 JSON(application/json)으로 보내 주세요.',
  TOO_MANY_PARTS: '한 번에 보낼 수 있는 항목 수를 넘었습니다. 사진과 입력 항목만 보내 주세요.',
  MALFORMED_REQUEST: '요청을 읽을 수 없습니다. 형식이 깨졌거나 잘못된 문자가 들어 있습니다.',
  URI_TOO_LONG: '요청 주소가 너무 깁니다.',
  HEADERS_TOO_LARGE: '요청 헤더가 너무 큽니다. 브라우저의 쿠키를 지운 뒤 다시 시도해 주세요.',
  REGISTRATION_NUMBER_SHARED:
    '다른 보호자의 반려견이 같은 등록번호를 쓰고 있어 처리할 수 없습니다. 등록번호를 확인하거나 관리자에게 문의해 주세요.',
  USER_ID_CONFLICT: '이 아이디는 이미 다른 계정이 쓰고 있어 로그인할 수 없습니다. 관리자에게 문의해 주세요.',
  REPORT_FAILED: '제보를 등록하지 못했습니다.',
  RATE_LIMITED: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  CROSS_ORIGIN_REJECTED: '허용되지 않은 출처의 요청입니다.',
  PREDICTION_UNAVAILABLE: '품종 예측을 사용할 수 없습니다. 직접 입력해 주세요.',
  PAYMENT_NOT_VERIFIED: '결제를 확인하지 못해 후원을 기록하지 않았습니다.',
  DONATION_ALREADY_RECORDED: '이미 기록된 후원 결제입니다.',
  PAYMENT_STATE_UNKNOWN: '결제가 기록되었는지 확인하지 못했습니다. 다시 결제하지 말고 후원 내역을 확인하거나 문의해 주세요.',
  UPSTREAM_UNAVAILABLE: '서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  UPSTREAM_BAD_RESPONSE: '서버가 알아볼 수 없는 응답을 보냈습니다. 잠시 후 다시 시도해 주세요.',
  UPSTREAM_TIMEOUT: '서버 응답이 늦어지고 있습니다. 잠시 후 다시 시도해 주세요.',
  UPSTREAM_BUSY: '지금 서버에 요청이 많습니다. 잠시 후 다시 시도해 주세요.',
  UPSTREAM_UNSUPPORTED: '지금 연결된 서버에서는 사용할 수 없는 기능입니다.',
  SERVICE_OVERLOADED: '지금 요청이 많아 잠시 후 다시 시도해 주세요.',
  INTERNAL: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
};

/** The readable sentence of each reason (the server's one table; the web has its own catalogue). */
export const ERROR_REASON_MESSAGES: Record<ErrorReason, string> = {
  ADMIN_ONLY: '관리자만 접근할 수 있습니다.',
  ADMIN_LOCAL_LOGIN_REQUIRED: '이 작업은 소셜 로그인으로는 할 수 없습니다. 관리자 아이디와 비밀번호로 로그인한 뒤 다시 시도해 주세요.',
  APPLY_LOGIN_REQUIRED: '입양을 신청하려면 로그인이 필요합니다.',
  REPORT_LOGIN_REQUIRED: '유기견을 제보하려면 로그인이 필요합니다.',
  PET_NOT_FOUND: '반려견을 찾을 수 없습니다.',
  PET_NUMBER_DUPLICATE: '이미 같은 등록번호로 등록한 반려견이 있습니다.',
  PET_NUMBER_SHARED: '다른 보호자의 반려견이 이미 이 등록번호를 쓰고 있습니다. 등록번호를 다시 확인해 주세요.',
  PET_NUMBER_SHARED_ON_LEGACY:
    '다른 보호자의 반려견이 같은 등록번호를 쓰고 있어 이 반려견을 수정하거나 삭제할 수 없습니다. 관리자에게 문의해 주세요.',
  STRAY_NOT_LISTED: '입양 목록에 없는 유기견입니다.',
  STRAY_NOT_AVAILABLE: '지금은 입양을 신청할 수 없는 유기견입니다.',
  ADOPTION_REJECTED_BEFORE: '이 유기견에 대한 입양 신청은 이미 거절되었습니다.',
  APPLICATION_NOT_FOUND: '존재하지 않는 입양 신청입니다.',
  WITHDRAW_NOT_REQUESTED: '대기 중인 입양 신청만 취소할 수 있습니다.',
  WITHDRAW_UNSUPPORTED: '지금 연결된 서버에서는 입양 신청을 취소할 수 없습니다. 관리자에게 문의해 주세요.',
  APPROVE_NOT_REQUESTED: '대기 중인 입양 신청만 승인할 수 있습니다.',
  REJECT_NOT_REQUESTED: '대기 중인 입양 신청만 거절할 수 있습니다.',
  REJECT_UNSUPPORTED: '지금 연결된 서버에서는 입양 신청을 거절할 수 없습니다.',
  REPORT_NOT_FOUND: '존재하지 않는 제보입니다.',
  REPORT_ALREADY_REGISTERED: '이미 등록된 유기견입니다.',
  REPORT_PREDICTOR_DOWN: '품종 예측 서비스가 응답하지 않아 서버가 제보를 받지 않았습니다. 잠시 후 다시 시도해 주세요.',
  // The legacy hides the reason of these failures behind a redirect; the sentence says honestly what may be wrong.
  SIGNUP_FAILED: '회원가입을 완료하지 못했습니다. 이메일 인증을 마쳤는지, 이미 가입한 이메일이 아닌지 확인해 주세요.',
  EMAIL_SEND_FAILED: '인증 메일을 보내지 못했습니다. 이미 가입된 이메일이 아닌지 확인해 주세요.',
  MULTIPART_REQUIRED: 'multipart/form-data 형식으로 보내 주세요.',
  BODY_TOO_LARGE: '요청 본문이 너무 큽니다.',
  REQUEST_TIMEOUT: '요청이 제시간에 도착하지 않았습니다. 다시 시도해 주세요.',
  POST_NOT_FOUND: '게시글을 찾을 수 없습니다.',
  POST_AUTHOR_ONLY: '본인이 작성한 게시글만 수정하거나 삭제할 수 있습니다.',
  POST_CATEGORY_NOT_ALLOWED: '이 카테고리에 글을 쓸 권한이 없습니다.',
  COMMENT_LOGIN_REQUIRED: '로그인한 회원만 댓글을 쓸 수 있습니다.',
  PROFILE_UPDATE_UNSUPPORTED: '지금 연결된 서버에서는 회원 정보를 수정할 수 없습니다.',
  SHELTER_ANIMAL_NOT_FOUND: '보호소 공고를 찾을 수 없습니다.',
  SHELTER_IMAGE_UNAVAILABLE: '보호소 사진을 가져오지 못했습니다.',
  SHELTER_SYNC_RUNNING: '보호소 공고 동기화가 이미 진행 중입니다.',
  SHELTER_SYNC_UNCONFIGURED: '공공데이터 서비스 키가 설정되지 않아 보호소 공고를 동기화할 수 없습니다.',
  SHELTER_UNSUPPORTED: '지금 연결된 서버에서는 보호소 공고를 볼 수 없습니다.',
  DONATION_TARGET_UNRESOLVED:
    '이 유기견을 후원 대상으로 확실히 찾지 못해 후원을 받지 않았습니다. 이미 결제했다면 관리자에게 문의해 주세요.',
  DONATIONS_UNSUPPORTED: '지금은 후원을 받을 수 없습니다.',
  LEGACY_ACCOUNT_UNMATCHED: '지금 연결된 서버가 이 소셜 로그인 계정을 찾지 못해 처리하지 못했습니다. 관리자에게 문의해 주세요.',
};

/** Field-error codes only the server can decide (the rest are the shared VALIDATION_MESSAGES keys). */
export const SERVER_FIELD_ERROR_MESSAGES = {
  userIdTaken: DEFAULT_ERROR_MESSAGES.USER_ID_TAKEN,
  userIdConflict: DEFAULT_ERROR_MESSAGES.USER_ID_CONFLICT,
  emailAlreadyRegistered: DEFAULT_ERROR_MESSAGES.EMAIL_ALREADY_REGISTERED,
  emailNotVerified: DEFAULT_ERROR_MESSAGES.EMAIL_NOT_VERIFIED,
  emailSendFailed: ERROR_REASON_MESSAGES.EMAIL_SEND_FAILED,
  codeWrong: '인증 코드가 올바르지 않습니다.',
} as const satisfies Record<string, string>;
export type ServerFieldErrorCode = keyof typeof SERVER_FIELD_ERROR_MESSAGES;

/**
 * Success sentences of the BFF's `{ ok: true, message }` answers, one table so
 * no server code writes its own (the web shows its catalogue's words).
 */
export const OK_MESSAGES = {
  LOGGED_OUT: '로그아웃되었습니다.',
  SIGNED_UP: '회원가입이 완료되었습니다. 로그인해 주세요.',
  CODE_SENT: '인증 코드를 이메일로 보냈습니다. 메일함을 확인해 주세요.',
  EMAIL_VERIFIED: '이메일 인증이 완료되었습니다.',
  PET_DELETED: '반려견 정보가 삭제되었습니다.',
  STRAY_REPORTED: '유기견 제보가 접수되었습니다. 관리자가 확인한 뒤 입양 목록에 올라갑니다.',
  ADOPTION_APPLIED: '입양 신청이 접수되었습니다. 관리자가 확인한 뒤 알려 드립니다.',
  ADOPTION_WITHDRAWN: '입양 신청을 취소했습니다.',
  REPORT_REGISTERED: '유기견으로 등록했습니다. 이제 입양 목록에 보입니다.',
  ADOPTION_APPROVED: '입양을 승인했습니다.',
  ADOPTION_REJECTED: '입양 신청을 거절했습니다.',
  POST_DELETED: '게시글이 삭제되었습니다.',
  COMMENT_CREATED: '댓글이 등록되었습니다.',
} as const satisfies Record<string, string>;
export type OkMessageCode = keyof typeof OK_MESSAGES;
