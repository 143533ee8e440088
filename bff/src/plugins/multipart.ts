import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import {
  jsonPart as rawJsonPart,
  MULTIPART_LIMITS,
  MultipartFailure,
  readMultipartBody,
  type MultipartFailureKind,
  type RawJsonPart,
} from '@pawbridge/server-kit/multipart';
import { BffError, validationError } from '../errors/bff-error';
import { exceedsPixelLimit } from './image-pixels';

export interface UploadedImage {
  bytes: Buffer;
  mime: string;
  filename: string;
}

export interface MultipartBody {
  fields: Record<string, string>;
  /** JSON parts: listed ones however they came, and any part @fastify/multipart already parsed. */
  json: Record<string, RawJsonPart>;
  files: Record<string, UploadedImage>;
}

export const multipartPlugin = fp(
  async (app) => {
    // The upload limits both tiers share (server-kit/multipart).
    await app.register(multipart, { limits: MULTIPART_LIMITS });
  },
  { name: 'multipart' },
);

const FAILURE: Record<MultipartFailureKind, () => BffError> = {
  'not-multipart': () => BffError.because(415, 'UNSUPPORTED_CONTENT_TYPE', 'MULTIPART_REQUIRED'),
  'too-large': () => new BffError(413, 'PAYLOAD_TOO_LARGE'),
  'too-many-parts': () => new BffError(413, 'TOO_MANY_PARTS'),
  'not-an-image': () => new BffError(415, 'UNSUPPORTED_MEDIA_TYPE'),
  'invalid-json': () => new BffError(400, 'VALIDATION_FAILED'),
  malformed: () => new BffError(400, 'MALFORMED_REQUEST'),
};

/**
 * Read a multipart request whole with server-kit's reader (the rules the api applies too: limits,
 * 5 MB, image type by content, JSON parts in any of their three forms), checking every file
 * before anything goes upstream; then the BFF's own check in front of any upstream, the legacy one
 * included: a photo declaring too many pixels is a 413. Only the listed file fields are accepted.
 * Read a JSON part with `jsonPart`.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileFields: readonly string[],
  jsonFields: readonly string[] = [],
  limits?: { files?: number },
): Promise<MultipartBody> {
  let body;
  try {
    body = await readMultipartBody(request, { files: fileFields, json: jsonFields, images: true, ...(limits ? { limits } : {}) });
  } catch (err) {
    // Anything the multipart parser throws becomes the envelope: never a 500 for a broken body.
    throw err instanceof MultipartFailure ? FAILURE[err.kind]() : err;
  }
  const files: Record<string, UploadedImage> = {};
  for (const [name, { bytes, type }] of Object.entries(body.files)) {
    if (await exceedsPixelLimit(bytes)) throw new BffError(413, 'IMAGE_TOO_LARGE');
    files[name] = { bytes, mime: type!.mime, filename: `upload.${type!.ext}` };
  }
  return { fields: body.fields, json: body.json, files };
}

/** The JSON part `name` in whichever form it came; missing or malformed is a 400 with a field error. */
export function jsonPart(body: Pick<MultipartBody, 'fields' | 'json'>, name: string): unknown {
  const part = rawJsonPart(body, name);
  if (part.ok) return part.value;
  throw validationError({ [name]: part.reason === 'missing' ? 'required' : 'invalid' });
}
