import { z } from 'zod';

/** Every BFF failure has this one envelope (architecture.md, "The BFF's public contract"). */
export const ErrorCodeSchema = z.enum([
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'ALREADY_EXISTS',
  'ALREADY_APPLIED',
  'APPLICATION_LIMIT_REACHED',
  'INVALID_STATE',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_ALREADY_REGISTERED',
  'USER_ID_TAKEN',
  'INVALID_CODE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'IMAGE_TOO_LARGE',
  'UNSUPPORTED_CONTENT_TYPE',
  'TOO_MANY_PARTS',
  'MALFORMED_REQUEST',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'REGISTRATION_NUMBER_SHARED',
  'USER_ID_CONFLICT',
  'REPORT_FAILED',
  'RATE_LIMITED',
  'CROSS_ORIGIN_REJECTED',
  'PREDICTION_UNAVAILABLE',
  'PAYMENT_NOT_VERIFIED',
  'DONATION_ALREADY_RECORDED',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_UNSUPPORTED',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const FieldErrorsSchema = z.record(z.string(), z.string());
export type FieldErrors = z.infer<typeof FieldErrorsSchema>;

export const ErrorEnvelopeSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    message: z.string(),
    fieldErrors: FieldErrorsSchema.optional(),
    requestId: z.string(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

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
  APPLICATION_LIMIT_REACHED: '진행 중인 입양 신청은 최대 3건까지 할 수 있습니다. 다른 신청의 결과를 기다리거나 신청을 취소한 뒤 다시 시도해 주세요.',
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
  REGISTRATION_NUMBER_SHARED: '다른 보호자의 반려견이 같은 등록번호를 쓰고 있어 처리할 수 없습니다. 등록번호를 확인하거나 관리자에게 문의해 주세요.',
  USER_ID_CONFLICT: '이 아이디는 이미 다른 계정이 쓰고 있어 로그인할 수 없습니다. 관리자에게 문의해 주세요.',
  REPORT_FAILED: '제보를 등록하지 못했습니다.',
  RATE_LIMITED: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  CROSS_ORIGIN_REJECTED: '허용되지 않은 출처의 요청입니다.',
  PREDICTION_UNAVAILABLE: '품종 예측을 사용할 수 없습니다. 직접 입력해 주세요.',
  PAYMENT_NOT_VERIFIED: '결제를 확인하지 못해 후원을 기록하지 않았습니다.',
  DONATION_ALREADY_RECORDED: '이미 기록된 후원 결제입니다.',
  UPSTREAM_UNAVAILABLE: '서버에 연결할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  UPSTREAM_TIMEOUT: '서버 응답이 늦어지고 있습니다. 잠시 후 다시 시도해 주세요.',
  UPSTREAM_UNSUPPORTED: '지금 연결된 서버에서는 사용할 수 없는 기능입니다.',
  INTERNAL: '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.',
};
