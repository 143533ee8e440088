import {
  DEFAULT_ERROR_MESSAGES,
  ERROR_REASON_MESSAGES,
  SERVER_FIELD_ERROR_MESSAGES,
  VALIDATION_MESSAGES,
  type ErrorCode,
  type ErrorReason,
  type FieldErrorCodes,
  type FieldErrors,
} from '@pawbridge/shared';

export interface BffErrorDetails {
  /** Why, finer than the code; the message then comes from ERROR_REASON_MESSAGES. */
  reason?: ErrorReason;
  /** Per field, the code behind each `fieldErrors` sentence. */
  fieldErrorCodes?: FieldErrorCodes;
  /** Seconds a client should wait before trying again (sent as Retry-After). */
  retryAfterSeconds?: number;
  /** For the operator's log line only (English, never sent): what the upstream did. */
  upstream?: UpstreamFailure;
}

/** An upstream failure as logged: its status when it answered, the path called, the cause in English. */
export interface UpstreamFailure {
  status?: number;
  path?: string;
  cause: string;
}

/**
 * Thrown anywhere in the BFF; the one error handler turns it into the envelope.
 * BFF code never writes a sentence: the message is the code's default or the
 * reason's (both tables in `@pawbridge/shared` errors.ts). The free `message`
 * argument is for words the BFF cannot know in advance (the upstream's own).
 */
export class BffError extends Error {
  readonly reason?: ErrorReason;
  readonly fieldErrorCodes?: FieldErrorCodes;
  readonly retryAfterSeconds?: number;
  readonly upstream?: UpstreamFailure;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message?: string,
    readonly fieldErrors?: FieldErrors,
    details: BffErrorDetails = {},
  ) {
    super(message ?? (details.reason ? ERROR_REASON_MESSAGES[details.reason] : DEFAULT_ERROR_MESSAGES[code]));
    if (details.reason) this.reason = details.reason;
    if (details.fieldErrorCodes) this.fieldErrorCodes = details.fieldErrorCodes;
    if (details.retryAfterSeconds !== undefined) this.retryAfterSeconds = details.retryAfterSeconds;
    if (details.upstream) this.upstream = details.upstream;
  }

  /** A failure with a reason: its sentence comes from the shared table. */
  static because(status: number, code: ErrorCode, reason: ErrorReason): BffError {
    return new BffError(status, code, undefined, undefined, { reason });
  }
}

export const isFieldErrorCode = (code: string): boolean =>
  Object.hasOwn(VALIDATION_MESSAGES, code) || Object.hasOwn(SERVER_FIELD_ERROR_MESSAGES, code);

/** The readable sentence of a field-error code (the shared validation keys, then the server's own). */
export function fieldErrorMessage(code: string): string {
  return VALIDATION_MESSAGES[code] ?? (SERVER_FIELD_ERROR_MESSAGES as Record<string, string>)[code] ?? VALIDATION_MESSAGES.invalid ?? code;
}

/**
 * Field failures given by code: each field gets its code (`fieldErrorCodes`)
 * and, for clients that show the server's words, the sentence from the table.
 */
export function fieldFailure(
  status: number,
  code: ErrorCode,
  codes: FieldErrorCodes,
  details: Omit<BffErrorDetails, 'fieldErrorCodes'> = {},
): BffError {
  // A schema message that is no known code (zod's own English) is sent as `invalid`.
  const known = Object.fromEntries(Object.entries(codes).map(([field, c]) => [field, isFieldErrorCode(c) ? c : 'invalid']));
  const texts = Object.fromEntries(Object.entries(known).map(([field, c]) => [field, fieldErrorMessage(c)]));
  return new BffError(status, code, undefined, texts, { ...details, fieldErrorCodes: known });
}

/** 400 VALIDATION_FAILED with field-error codes. */
export const validationError = (codes: FieldErrorCodes) => fieldFailure(400, 'VALIDATION_FAILED', codes);
