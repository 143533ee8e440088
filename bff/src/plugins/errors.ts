import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DEFAULT_ERROR_MESSAGES, VALIDATION_MESSAGES, type ErrorCode, type FieldErrors } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { frameworkError } from '../errors/http-errors';

function envelope(code: ErrorCode, message: string, requestId: string, fieldErrors?: FieldErrors) {
  return { error: { code, message, ...(fieldErrors ? { fieldErrors } : {}), requestId } };
}

/** The one place that writes error answers: the envelope with an honest status. */
export const errorsPlugin = fp(
  async (app) => {
    app.setErrorHandler((thrown, request, reply) => {
      const rid = String(request.id);
      const err = frameworkError(thrown) ?? thrown;
      if (err instanceof BffError) {
        if (err.status >= 500) request.log.warn({ code: err.code }, err.message);
        return reply.code(err.status).send(envelope(err.code, err.message, rid, err.fieldErrors));
      }
      if (hasZodFastifySchemaValidationErrors(err)) {
        const fieldErrors: FieldErrors = {};
        for (const v of err.validation) {
          const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
          if (fieldErrors[field] === undefined) fieldErrors[field] = (v.message ? VALIDATION_MESSAGES[v.message] : undefined) ?? VALIDATION_MESSAGES.invalid ?? 'invalid';
        }
        return reply.code(400).send(envelope('VALIDATION_FAILED', DEFAULT_ERROR_MESSAGES.VALIDATION_FAILED, rid, fieldErrors));
      }
      const status = (err as { statusCode?: number }).statusCode ?? 500;
      const code = (err as { code?: string }).code;
      if (status === 413 || code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT') return reply.code(413).send(envelope('PAYLOAD_TOO_LARGE', DEFAULT_ERROR_MESSAGES.PAYLOAD_TOO_LARGE, rid));
      if (status === 415) return reply.code(415).send(envelope('UNSUPPORTED_MEDIA_TYPE', DEFAULT_ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE, rid));
      if (status === 429) return reply.code(429).send(envelope('RATE_LIMITED', DEFAULT_ERROR_MESSAGES.RATE_LIMITED, rid));
      if (status >= 400 && status < 500) return reply.code(status === 404 ? 404 : 400).send(envelope(status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED', status === 404 ? DEFAULT_ERROR_MESSAGES.NOT_FOUND : DEFAULT_ERROR_MESSAGES.VALIDATION_FAILED, rid));
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send(envelope('INTERNAL', DEFAULT_ERROR_MESSAGES.INTERNAL, rid));
    });
    app.setNotFoundHandler((request, reply) => reply.code(404).send(envelope('NOT_FOUND', DEFAULT_ERROR_MESSAGES.NOT_FOUND, String(request.id))));
  },
  { name: 'errors' },
);
