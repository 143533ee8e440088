import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  DEFAULT_ERROR_MESSAGES,
  VALIDATION_MESSAGES,
  type ErrorCode,
  type ErrorReason,
  type FieldErrorCodes,
  type FieldErrors,
} from '@pawbridge/shared';
import { BffError, fieldErrorMessage } from '../errors/bff-error';
import { frameworkError } from '../errors/http-errors';

interface EnvelopeExtras {
  reason?: ErrorReason | undefined;
  fieldErrors?: FieldErrors | undefined;
  fieldErrorCodes?: FieldErrorCodes | undefined;
}

function envelope(code: ErrorCode, message: string, requestId: string, extras: EnvelopeExtras = {}) {
  const { reason, fieldErrors, fieldErrorCodes } = extras;
  return {
    error: {
      code,
      ...(reason ? { reason } : {}),
      message,
      ...(fieldErrors ? { fieldErrors } : {}),
      ...(fieldErrorCodes ? { fieldErrorCodes } : {}),
      requestId,
    },
  };
}

/** The one place that writes error answers: the envelope with an honest status. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((thrown, request, reply) => {
      const rid = String(request.id);
      const err = frameworkError(thrown) ?? thrown;
      if (err instanceof BffError) {
        // English for operators (the Korean sentence is the client's): the code, the route, and what the upstream did.
        if (err.status >= 500)
          request.log.warn(
            {
              code: err.code,
              status: err.status,
              method: request.method,
              path: request.url.split('?')[0],
              upstreamStatus: err.upstream?.status,
              upstreamPath: err.upstream?.path,
              cause: err.upstream?.cause,
            },
            `${err.code}: ${err.upstream?.cause ?? 'request failed'}`,
          );
        if (err.retryAfterSeconds !== undefined) reply.header('retry-after', String(err.retryAfterSeconds));
        return reply.code(err.status).send(
          envelope(err.code, err.message, rid, {
            reason: err.reason,
            fieldErrors: err.fieldErrors,
            fieldErrorCodes: err.fieldErrorCodes,
          }),
        );
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        // The shared schemas' messages are field-error codes (validation keys); unknown ones are `invalid`.
        const fieldErrorCodes: FieldErrorCodes = {};
        for (const v of err.validation) {
          const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
          if (fieldErrorCodes[field] === undefined)
            fieldErrorCodes[field] = v.message && VALIDATION_MESSAGES[v.message] !== undefined ? v.message : 'invalid';
        }
        const fieldErrors = Object.fromEntries(Object.entries(fieldErrorCodes).map(([field, code]) => [field, fieldErrorMessage(code)]));
        return reply
          .code(400)
          .send(envelope('VALIDATION_FAILED', DEFAULT_ERROR_MESSAGES.VALIDATION_FAILED, rid, { fieldErrors, fieldErrorCodes }));
      }
      const status = (err as { statusCode?: number }).statusCode ?? 500;
      const code = (err as { code?: string }).code;
      if (status === 413 || code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT')
        return reply.code(413).send(envelope('PAYLOAD_TOO_LARGE', DEFAULT_ERROR_MESSAGES.PAYLOAD_TOO_LARGE, rid));
      if (status === 415)
        return reply.code(415).send(envelope('UNSUPPORTED_MEDIA_TYPE', DEFAULT_ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE, rid));
      if (status === 429) return reply.code(429).send(envelope('RATE_LIMITED', DEFAULT_ERROR_MESSAGES.RATE_LIMITED, rid));
      if (status >= 400 && status < 500)
        return reply
          .code(status === 404 ? 404 : 400)
          .send(
            envelope(
              status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED',
              status === 404 ? DEFAULT_ERROR_MESSAGES.NOT_FOUND : DEFAULT_ERROR_MESSAGES.VALIDATION_FAILED,
              rid,
            ),
          );
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send(envelope('INTERNAL', DEFAULT_ERROR_MESSAGES.INTERNAL, rid));
    });
    app.setNotFoundHandler((request, reply) =>
      reply.code(404).send(envelope('NOT_FOUND', DEFAULT_ERROR_MESSAGES.NOT_FOUND, String(request.id))),
    );
  },
  { name: 'errors' },
);
