import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { IMAGE_MIME_TYPES, LIMITS } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';

const JSON_PART_MAX_BYTES = 64 * 1024;

export interface UploadedImage {
  bytes: Buffer;
  mime: string;
  filename: string;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, UploadedImage>;
}

export const multipartPlugin = fp(
  async (app) => {
    // One byte over the limit lets us tell "exactly 5 MB" (fine) from "more" (413).
    await app.register(multipart, { limits: { fileSize: LIMITS.imageMaxBytes + 1, files: 2, fields: 10, fieldSize: 64 * 1024, parts: 12 } });
  },
  { name: 'multipart' },
);

/**
 * Read a multipart request whole (small: ≤ 2 files of ≤ 5 MB), checking every
 * file before anything goes upstream: size (413) and image type by content,
 * not by name or declared type (415). Only the listed file fields are accepted.
 */
export async function readMultipart(request: FastifyRequest, fileFields: readonly string[]): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new BffError(415, 'UNSUPPORTED_MEDIA_TYPE', 'multipart/form-data 형식으로 보내 주세요.');
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedImage> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.file.truncated || bytes.length > LIMITS.imageMaxBytes) throw new BffError(413, 'PAYLOAD_TOO_LARGE');
      if (!fileFields.includes(part.fieldname)) {
        // A JSON part may arrive as a file part (a Blob in FormData, `curl -F 'pet=@pet.json;type=application/json'`),
        // as the legacy front end sends it: read it like a text field.
        if (/^application\/json\b/i.test(part.mimetype) && bytes.length <= JSON_PART_MAX_BYTES) fields[part.fieldname] = bytes.toString('utf8');
        continue;
      }
      if (bytes.length === 0) continue;
      const type = await fileTypeFromBuffer(bytes);
      if (!type || !(IMAGE_MIME_TYPES as readonly string[]).includes(type.mime)) throw new BffError(415, 'UNSUPPORTED_MEDIA_TYPE');
      files[part.fieldname] = { bytes, mime: type.mime, filename: `upload.${type.ext}` };
    } else {
      fields[part.fieldname] = String(part.value);
    }
  }
  return { fields, files };
}

/** Parse a JSON text part; a malformed part is a 400 with a field error. */
export function jsonPart(fields: Record<string, string>, name: string): unknown {
  const raw = fields[name];
  if (raw === undefined) throw new BffError(400, 'VALIDATION_FAILED', undefined, { [name]: '필수 입력 항목입니다.' });
  try {
    return JSON.parse(raw);
  } catch {
    throw new BffError(400, 'VALIDATION_FAILED', undefined, { [name]: '형식이 올바르지 않습니다.' });
  }
}
