import {
  DEFAULT_ERROR_MESSAGES,
  ERROR_REASON_MESSAGES,
  VALIDATION_MESSAGES,
  toFieldErrorKeys,
  type ErrorCode,
  type ErrorReason,
} from '@pawbridge/shared';
import type { z } from 'zod';
import { ApiHttpError } from '../../lib/errors';

/**
 * Lost and found is beyond the legacy contract, so its routes answer failures in the BFF's own
 * envelope shape (minus the request id the BFF adds): `{ error: { code, reason?, message,
 * fieldErrors?, fieldErrorCodes? } }`, the reason also in `x-pawbridge-reason`. The BFF passes the
 * code and reason on unchanged.
 */
export function lostError(status: number, code: ErrorCode, reason?: ErrorReason, fieldErrorCodes?: Record<string, string>): ApiHttpError {
  const message = reason ? ERROR_REASON_MESSAGES[reason] : DEFAULT_ERROR_MESSAGES[code];
  const fieldErrors = fieldErrorCodes
    ? Object.fromEntries(Object.entries(fieldErrorCodes).map(([f, c]) => [f, VALIDATION_MESSAGES[c] ?? VALIDATION_MESSAGES.invalid ?? c]))
    : undefined;
  return new ApiHttpError(
    status,
    { error: { code, ...(reason ? { reason } : {}), message, ...(fieldErrors ? { fieldErrors, fieldErrorCodes } : {}) } },
    reason,
  );
}

export const invalid = (error: z.ZodError) => {
  const keys = toFieldErrorKeys(error);
  const codes = Object.fromEntries(Object.entries(keys).map(([f, c]) => [f, Object.hasOwn(VALIDATION_MESSAGES, c) ? c : 'invalid']));
  return lostError(400, 'VALIDATION_FAILED', undefined, codes);
};

export const fieldError = (field: string, code: string) => lostError(400, 'VALIDATION_FAILED', undefined, { [field]: code });

export const notFound = () => lostError(404, 'NOT_FOUND', 'LOST_POST_NOT_FOUND');

/** cleanImage's refusals (413/415, by sentence) as coded envelopes. */
export function photoFailure(message: string): Record<string, unknown> {
  const code =
    (Object.keys(DEFAULT_ERROR_MESSAGES) as ErrorCode[]).find((c) => DEFAULT_ERROR_MESSAGES[c] === message) ?? 'UNSUPPORTED_MEDIA_TYPE';
  return { error: { code, message } };
}
