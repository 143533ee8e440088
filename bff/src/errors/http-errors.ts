import crypto from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_ERROR_MESSAGES, ERROR_REASON_MESSAGES, type ErrorCode } from '@pawbridge/shared';
import { BffError } from './bff-error';

/**
 * Errors raised by Fastify itself or by @fastify/multipart, each with its own
 * code and sentence: a JSON endpoint sent form data is not "only image files",
 * and too many multipart parts is not "5 MB or less". Undefined when the error
 * is not one of theirs.
 */
export function frameworkError(err: unknown): BffError | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new BffError(415, 'UNSUPPORTED_CONTENT_TYPE');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return BffError.because(413, 'PAYLOAD_TOO_LARGE', 'BODY_TOO_LARGE');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_INVALID_TYPE':
    case 'FST_ERR_BAD_URL':
    case 'FST_ERR_ASYNC_CONSTRAINT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new BffError(400, 'MALFORMED_REQUEST');
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return new BffError(414, 'URI_TOO_LONG');
    case 'FST_PARTS_LIMIT':
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new BffError(413, 'TOO_MANY_PARTS');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new BffError(413, 'PAYLOAD_TOO_LARGE');
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new BffError(400, 'VALIDATION_FAILED', DEFAULT_ERROR_MESSAGES.VALIDATION_FAILED);
    default:
      return undefined;
  }
}

const envelopeBody = (code: ErrorCode, requestId: string, message = DEFAULT_ERROR_MESSAGES[code]) =>
  JSON.stringify({ error: { code, message, requestId } });

/**
 * Fastify's `frameworkErrors`: a path with bad percent-encoding or an
 * over-long parameter never reaches a route, so it is answered here — still
 * the envelope, with an honest status.
 */
export function onFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const mapped = frameworkError(error) ?? new BffError(400, 'MALFORMED_REQUEST');
  void reply
    .code(mapped.status)
    .header('x-request-id', String(request.id))
    .type('application/json; charset=utf-8')
    .send(envelopeBody(mapped.code, String(request.id)));
}

/**
 * Node's `clientError`: the request could not even be parsed (headers or
 * request line over `maxHeaderSize`, broken HTTP). There is no request object,
 * so the envelope is written on the socket by hand, as Node itself would.
 */
export function onClientError(err: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let code: ErrorCode = 'MALFORMED_REQUEST';
  let message: string | undefined;
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    // Node counts the request line as header bytes: when the line never ended, the URL is what overflowed.
    const raw = Buffer.isBuffer(err.rawPacket) ? err.rawPacket : undefined;
    const lineEnd = raw ? raw.indexOf('\r\n') : -1;
    const urlTooLong = raw !== undefined && (lineEnd === -1 || lineEnd > raw.length / 2);
    status = urlTooLong ? 414 : 431;
    code = urlTooLong ? 'URI_TOO_LONG' : 'HEADERS_TOO_LARGE';
  } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    message = ERROR_REASON_MESSAGES.REQUEST_TIMEOUT;
  }
  if (socket.writable) {
    const requestId = crypto.randomUUID();
    const body = Buffer.from(envelopeBody(code, requestId, message), 'utf8');
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${body.length}\r\nX-Request-Id: ${requestId}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body);
  }
  socket.destroy(err);
}
