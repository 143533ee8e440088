import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@pawbridge/shared';
import { ApiHttpError } from '../../lib/errors';
import { failure } from './pets.service';

export interface PetMultipart {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

const TOO_LARGE = '파일 크기는 5MB 이하여야 합니다.';

/**
 * Read the whole multipart body (at most two parts of ≤ 5 MB) before deciding
 * anything, so an early answer never cuts off a client still uploading. The
 * JSON part arrives as a plain field or, from browsers appending a Blob, as a
 * file part; both are read as text.
 */
export async function readPetMultipart(request: FastifyRequest, jsonPart: string): Promise<PetMultipart> {
  if (!request.isMultipart()) throw new ApiHttpError(415, failure('multipart/form-data 형식이어야 합니다.'));
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated || bytes.length > LIMITS.imageMaxBytes) throw new ApiHttpError(413, failure(TOO_LARGE));
        if (part.fieldname === jsonPart) fields[jsonPart] = bytes.toString('utf8');
        else if (bytes.length > 0) files[part.fieldname] = bytes;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof ApiHttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiHttpError(413, failure(TOO_LARGE));
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new ApiHttpError(400, failure('요청 형식이 올바르지 않습니다.'));
    throw err;
  }
  return { fields, files };
}
