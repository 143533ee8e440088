import { DEFAULT_ERROR_MESSAGES, type ErrorCode, type FieldErrors } from '@pawbridge/shared';

/** Thrown anywhere in the BFF; the one error handler turns it into the envelope. */
export class BffError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message?: string,
    readonly fieldErrors?: FieldErrors,
  ) {
    super(message ?? DEFAULT_ERROR_MESSAGES[code]);
  }
}

export const validationError = (fieldErrors: FieldErrors, message?: string) => new BffError(400, 'VALIDATION_FAILED', message, fieldErrors);
