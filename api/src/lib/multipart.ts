import type { FastifyRequest } from 'fastify';
import { LIMITS } from '@pawbridge/shared';
import { ApiHttpError } from './errors';

const JSON_PART_MAX_BYTES = 64 * 1024;

export const MULTIPART_MESSAGES = {
  notMultipart: 'multipart/form-data 형식으로 보내 주세요.',
  tooLarge: '파일 크기는 5MB 이하여야 합니다.',
  malformed: '요청 형식이 올바르지 않습니다.',
} as const;

/** A JSON part as it arrived: text to parse, a value the parser already parsed, or unusable. */
type RawJsonPart = { text: string } | { value: unknown } | { malformed: true };

export interface MultipartBody {
  /** Plain text fields that are not JSON parts. */
  fields: Record<string, string>;
  /** The listed file parts (empty files are dropped). */
  files: Record<string, Buffer>;
  /** Read with `jsonPart`. */
  json: Record<string, RawJsonPart>;
}

export interface MultipartOptions {
  /** File parts to keep; any other file part is read and dropped. */
  files: readonly string[];
  /** JSON parts (Spring's `@RequestPart`), e.g. `pet` or `abandoned-pet`. */
  json?: readonly string[];
  /** The route's legacy-shaped error body for a message. */
  fail: (message: string) => string | Record<string, unknown>;
  /** The 415 sentence when the body is not multipart (the predict route keeps the legacy's own). */
  notMultipart?: string;
}

/**
 * The one multipart reader of every upload route. It reads the whole body
 * (≤ 2 files of ≤ 5 MB) before anything is decided, so an early answer never
 * cuts off a client still uploading, and turns every parser failure into a
 * legacy-shaped 4xx instead of a 500.
 *
 * A JSON part may arrive in any of the three ways clients send one, as in the
 * BFF's reader (bff/src/plugins/multipart.ts): a text field, a field typed
 * `application/json` (`curl -F 'pet={...};type=application/json'`, which
 * @fastify/multipart hands over already parsed — stringifying it gave
 * "[object Object]") or a file/Blob part (`curl -F pet=@pet.json`, a Blob in
 * the browser's FormData).
 */
export async function readMultipart(request: FastifyRequest, opts: MultipartOptions): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new ApiHttpError(415, opts.fail(opts.notMultipart ?? MULTIPART_MESSAGES.notMultipart));
  const jsonNames = opts.json ?? [];
  const body: MultipartBody = { fields: {}, files: {}, json: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.file.truncated || bytes.length > LIMITS.imageMaxBytes) throw new ApiHttpError(413, opts.fail(MULTIPART_MESSAGES.tooLarge));
        if (jsonNames.includes(part.fieldname))
          body.json[part.fieldname] = bytes.length <= JSON_PART_MAX_BYTES ? { text: bytes.toString('utf8') } : { malformed: true };
        else if (opts.files.includes(part.fieldname) && bytes.length > 0) body.files[part.fieldname] = bytes;
      } else if (jsonNames.includes(part.fieldname)) {
        body.json[part.fieldname] = typeof part.value === 'string' ? { text: part.value } : { value: part.value };
      } else if (typeof part.value === 'string') {
        body.fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof ApiHttpError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ApiHttpError(413, opts.fail(MULTIPART_MESSAGES.tooLarge));
    // A part typed application/json that is not JSON: blame the JSON part when the route has only one.
    const only = jsonNames.length === 1 ? jsonNames[0] : undefined;
    if (code === 'FST_INVALID_JSON_FIELD_ERROR' && only !== undefined) {
      body.json[only] = { malformed: true };
      return body;
    }
    // Part limits, prototype names, busboy's own errors ("Unexpected end of form", no boundary: no code).
    const status = (err as { statusCode?: number }).statusCode;
    if (status === undefined || status < 500) throw new ApiHttpError(400, opts.fail(MULTIPART_MESSAGES.malformed));
    throw err;
  }
  return body;
}

export type JsonPartResult = { ok: true; value: unknown } | { ok: false; reason: 'missing' | 'malformed' };

/** The JSON part `name` in whichever form it came; the route words "missing" and "malformed" its own way. */
export function jsonPart(body: MultipartBody, name: string): JsonPartResult {
  const raw = Object.hasOwn(body.json, name) ? body.json[name] : undefined;
  if (raw === undefined) return { ok: false, reason: 'missing' };
  if ('malformed' in raw) return { ok: false, reason: 'malformed' };
  if ('value' in raw) return { ok: true, value: raw.value };
  try {
    return { ok: true, value: JSON.parse(raw.text) as unknown };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
}
