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
  'NICKNAME_TAKEN',
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
  'PAYMENT_STATE_UNKNOWN',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_BAD_RESPONSE',
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_BUSY',
  'UPSTREAM_UNSUPPORTED',
  'SERVICE_OVERLOADED',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCodeSchema>;

export const FieldErrorsSchema = z.record(z.string(), z.string());
export type FieldErrors = z.infer<typeof FieldErrorsSchema>;

/**
 * Why a request failed, finer than its code (several reasons share NOT_FOUND
 * or INVALID_STATE). Stable words a client may render from its own catalogue;
 * the envelope's `message` is ERROR_REASON_MESSAGES[reason] for curl users.
 */
export const ErrorReasonSchema = z.enum([
  'ADMIN_ONLY',
  'ADMIN_LOCAL_LOGIN_REQUIRED',
  'APPLY_LOGIN_REQUIRED',
  'REPORT_LOGIN_REQUIRED',
  'PET_NOT_FOUND',
  'PET_NUMBER_DUPLICATE',
  'PET_NUMBER_SHARED',
  'PET_NUMBER_SHARED_ON_LEGACY',
  'STRAY_NOT_LISTED',
  'STRAY_NOT_AVAILABLE',
  'ADOPTION_REJECTED_BEFORE',
  'APPLICATION_NOT_FOUND',
  'WITHDRAW_NOT_REQUESTED',
  'WITHDRAW_UNSUPPORTED',
  'APPROVE_NOT_REQUESTED',
  'REJECT_NOT_REQUESTED',
  'REJECT_UNSUPPORTED',
  'REPORT_NOT_FOUND',
  'REPORT_ALREADY_REGISTERED',
  'REPORT_PREDICTOR_DOWN',
  'SIGNUP_FAILED',
  'EMAIL_SEND_FAILED',
  'MULTIPART_REQUIRED',
  'BODY_TOO_LARGE',
  'REQUEST_TIMEOUT',
  'POST_NOT_FOUND',
  'POST_AUTHOR_ONLY',
  'POST_CATEGORY_NOT_ALLOWED',
  'COMMENT_LOGIN_REQUIRED',
  'PROFILE_UPDATE_UNSUPPORTED',
  'NICKNAME_UNSUPPORTED',
  'STRAY_NAME_UNSUPPORTED',
  'NAME_CHECK_UNSUPPORTED',
  'SHELTER_ANIMAL_NOT_FOUND',
  'SHELTER_IMAGE_UNAVAILABLE',
  'SHELTER_SYNC_RUNNING',
  'SHELTER_SYNC_UNCONFIGURED',
  'SHELTER_UNSUPPORTED',
  'DONATION_TARGET_UNRESOLVED',
  'DONATIONS_UNSUPPORTED',
  'LEGACY_ACCOUNT_UNMATCHED',
  'LOST_POST_NOT_FOUND',
  'LOST_AUTHOR_ONLY',
  'LOST_POST_CLOSED',
  'LOST_WRONG_KIND',
  'LOST_OPEN_LIMIT',
  'LOST_DAILY_LIMIT',
  'LOST_PHOTO_LIMIT',
  'LOST_OWN_POST',
  'LOST_ALREADY_FLAGGED',
  'LOST_ALREADY_REPORTED',
  'LOST_CONTACT_NOT_FOUND',
  'LOST_FLAG_NOT_FOUND',
  'LOST_UNSUPPORTED',
  'LOST_COMMENT_NOT_FOUND',
  'LOST_COMMENT_AUTHOR_ONLY',
  'LOST_COMMENT_LIMIT',
  'UNSUBSCRIBE_LINK_INVALID',
  'UNSUBSCRIBE_LINK_EXPIRED',
  'ALERTS_UNSUPPORTED',
  'FAVOURITE_ANIMAL_NOT_FOUND',
  'FAVOURITE_LIMIT',
  'SAVED_SEARCH_LIMIT',
  'SAVED_SEARCH_NOT_FOUND',
  'FAVOURITES_UNSUPPORTED',
]);
export type ErrorReason = z.infer<typeof ErrorReasonSchema>;

/**
 * Field-error codes: the shared schemas' validation keys (VALIDATION_MESSAGES:
 * `required`, `petNameRequired`, ...) plus the keys below for what only the
 * server can know. `fieldErrors` keeps a readable sentence per field (today's
 * web shows it); `fieldErrorCodes` carries the code for the web's catalogue.
 */
export const FieldErrorCodesSchema = z.record(z.string(), z.string());
export type FieldErrorCodes = z.infer<typeof FieldErrorCodesSchema>;

export const ErrorEnvelopeSchema = z.object({
  error: z.object({
    code: ErrorCodeSchema,
    reason: ErrorReasonSchema.optional(),
    message: z.string(),
    fieldErrors: FieldErrorsSchema.optional(),
    fieldErrorCodes: FieldErrorCodesSchema.optional(),
    requestId: z.string(),
  }),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelopeSchema>;

export { DEFAULT_ERROR_MESSAGES, ERROR_REASON_MESSAGES, SERVER_FIELD_ERROR_MESSAGES, OK_MESSAGES } from './sentences';
export type { ServerFieldErrorCode, OkMessageCode } from './sentences';
