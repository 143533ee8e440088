import type { FastifyRequest } from 'fastify';
import {
  MultipartFailure,
  readMultipartBody,
  type MultipartBody as KitBody,
  type MultipartFailureKind,
  type MultipartReadOptions,
} from '@pawbridge/server-kit/multipart';
import { ApiHttpError } from './errors';
import { DEFAULT_ERROR_MESSAGES, ERROR_REASON_MESSAGES } from '@pawbridge/shared';

export { jsonPart } from '@pawbridge/server-kit/multipart';

export const MULTIPART_MESSAGES = {
  notMultipart: ERROR_REASON_MESSAGES.MULTIPART_REQUIRED,
  tooLarge: DEFAULT_ERROR_MESSAGES.PAYLOAD_TOO_LARGE,
  malformed: '요청 형식이 올바르지 않습니다.',
} as const;

/** server-kit's body with each kept file as its bytes (cleanImage decides the type later). */
export type MultipartBody = Omit<KitBody, 'files'> & { files: Record<string, Buffer> };

export type MultipartOptions = Pick<MultipartReadOptions, 'files' | 'json' | 'limits'> & {
  /** The route's legacy-shaped error body for a message. */
  fail: (message: string) => string | Record<string, unknown>;
  /** The 415 sentence when the body is not multipart (the predict route keeps the legacy's own). */
  notMultipart?: string;
};

const STATUS: Record<MultipartFailureKind, number> = {
  'not-multipart': 415,
  'too-large': 413,
  'not-an-image': 415,
  'too-many-parts': 400,
  'invalid-json': 400,
  malformed: 400,
};

/**
 * The one multipart reader of every upload route: server-kit's (the rules the BFF applies too),
 * with each failure turned into the route's legacy-shaped 4xx.
 */
export async function readMultipart(request: FastifyRequest, opts: MultipartOptions): Promise<MultipartBody> {
  try {
    const body = await readMultipartBody(request, {
      files: opts.files,
      json: opts.json ?? [],
      ...(opts.limits ? { limits: opts.limits } : {}),
    });
    return { fields: body.fields, json: body.json, files: Object.fromEntries(Object.entries(body.files).map(([k, f]) => [k, f.bytes])) };
  } catch (err) {
    if (!(err instanceof MultipartFailure)) throw err;
    const message =
      err.kind === 'not-multipart'
        ? (opts.notMultipart ?? MULTIPART_MESSAGES.notMultipart)
        : err.kind === 'too-large'
          ? MULTIPART_MESSAGES.tooLarge
          : MULTIPART_MESSAGES.malformed;
    throw new ApiHttpError(STATUS[err.kind], opts.fail(message));
  }
}
