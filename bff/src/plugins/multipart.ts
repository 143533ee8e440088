import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_MIME_TYPES, LIMITS } from '@pawbridge/shared';
import { BffError, validationError } from '../errors/bff-error';
import { frameworkError } from '../errors/http-errors';
import { exceedsPixelLimit } from './image-pixels';

const JSON_PART_MAX_BYTES = 64 * 1024;

export interface UploadedImage {
  bytes: Buffer;
  mime: string;
  filename: string;
}

export interface MultipartBody {
  fields: Record<string, string>;
  /** JSON parts @fastify/multipart already parsed (a field sent with `type=application/json`). */
  json: Record<string, unknown>;
  files: Record<string, UploadedImage>;
}

export const multipartPlugin = fp(
  async (app) => {
    // One byte over the limit lets us tell "exactly 5 MB" (fine) from "more" (413).
    await app.register(multipart, {
      limits: { fileSize: LIMITS.imageMaxBytes + 1, files: 2, fields: 10, fieldSize: 64 * 1024, parts: 12 },
    });
  },
  { name: 'multipart' },
);

/**
 * Read a multipart request whole (small: ≤ 2 files of ≤ 5 MB), checking every
 * file before anything goes upstream: size (413) and image type by content,
 * not by name or declared type (415). Only the listed file fields are accepted.
 *
 * A JSON part (`jsonFields`, e.g. Spring's `@RequestPart("pet")`) may come in
 * any of the three ways clients send one: a text field, a field typed
 * `application/json` (`curl -F 'pet={...};type=application/json'`; the library
 * hands it over parsed) or a file/Blob part (`curl -F pet=@pet.json`, a Blob
 * in FormData). Read it with `jsonPart`.
 */
export async function readMultipart(
  request: FastifyRequest,
  fileFields: readonly string[],
  jsonFields: readonly string[] = [],
): Promise<MultipartBody> {
  if (!request.isMultipart()) throw BffError.because(415, 'UNSUPPORTED_CONTENT_TYPE', 'MULTIPART_REQUIRED');
  const body: MultipartBody = { fields: {}, json: {}, files: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated || bytes.length > LIMITS.imageMaxBytes) throw new BffError(413, 'PAYLOAD_TOO_LARGE');
        if (!fileFields.includes(part.fieldname)) {
          const isJson = jsonFields.includes(part.fieldname) || /^application\/json\b/i.test(part.mimetype);
          if (isJson && bytes.length <= JSON_PART_MAX_BYTES) body.fields[part.fieldname] = bytes.toString('utf8');
          continue;
        }
        if (bytes.length === 0) continue;
        const type = await fileTypeFromBuffer(bytes);
        if (!type || !(IMAGE_MIME_TYPES as readonly string[]).includes(type.mime)) throw new BffError(415, 'UNSUPPORTED_MEDIA_TYPE');
        if (await exceedsPixelLimit(bytes)) throw new BffError(413, 'IMAGE_TOO_LARGE');
        body.files[part.fieldname] = { bytes, mime: type.mime, filename: `upload.${type.ext}` };
      } else if (typeof part.value === 'string') {
        body.fields[part.fieldname] = part.value;
      } else {
        // Already parsed because the part said application/json: keep the value, never stringify it back.
        body.json[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    throw multipartFailure(err, jsonFields);
  }
  return body;
}

/** Anything the multipart parser throws becomes the envelope: never a 500 for a broken body. */
function multipartFailure(err: unknown, jsonFields: readonly string[]): BffError {
  if (err instanceof BffError) return err;
  const mapped = frameworkError(err);
  if (mapped?.code === 'VALIDATION_FAILED') {
    // A part typed application/json that is not JSON: blame the JSON part when there is only one.
    const only = jsonFields.length === 1 ? jsonFields[0] : undefined;
    return only ? validationError({ [only]: 'invalid' }) : new BffError(400, 'VALIDATION_FAILED');
  }
  // busboy's own errors ("Unexpected end of form", "Malformed part header", no boundary) carry no code.
  return mapped ?? new BffError(400, 'MALFORMED_REQUEST');
}

/** The JSON part `name` in whichever form it came; missing or malformed is a 400 with a field error. */
export function jsonPart(body: Pick<MultipartBody, 'fields' | 'json'>, name: string): unknown {
  if (Object.hasOwn(body.json, name)) return body.json[name];
  const raw = body.fields[name];
  if (raw === undefined) throw validationError({ [name]: 'required' });
  try {
    return JSON.parse(raw);
  } catch {
    throw validationError({ [name]: 'invalid' });
  }
}
