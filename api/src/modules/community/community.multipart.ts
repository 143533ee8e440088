import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@pawbridge/shared';
import { ApiHttpError } from '../../lib/errors';

export interface PostMultipart {
  fields: Record<string, string>;
  files: Record<string, Buffer>;
}

const TOO_LARGE = '파일 크기는 5MB 이하여야 합니다.';

/**
 * The whole multipart body (the JSON part and at most one ≤ 5 MB image) read
 * before anything is decided. The JSON part may come as a text field or, from
 * browsers appending a Blob, as a file part; both are read as text.
 */
export async function readPostMultipart(request: FastifyRequest, jsonPart: string, body: (m: string) => Record<string, unknown>): Promise<PostMultipart> {
  if (!request.isMultipart()) throw new ApiHttpError(415, body('multipart/form-data 형식이어야 합니다.'));
  const fields: Record<string, string> = {};
  const files: Record<string, Buffer> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated || bytes.length > LIMITS.imageMaxBytes) throw new ApiHttpError(413, body(TOO_LARGE));
        if (part.fieldname === jsonPart) fields[jsonPart] = bytes.toString('utf8');
        else if (bytes.length > 0) files[part.fieldname] = bytes;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof ApiHttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiHttpError(413, body(TOO_LARGE));
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw new ApiHttpError(400, body('요청 형식이 올바르지 않습니다.'));
    throw err;
  }
  return { fields, files };
}
