import { LIMITS } from '@pawbridge/shared';
import { imageTypeOf, type ImageType } from './image-type';

/**
 * The multipart rules both server tiers apply to uploads (decision 0028): the parser's limits,
 * the 5 MB file size, the image type by content, and how a JSON part is read. Each tier registers
 * @fastify/multipart with MULTIPART_LIMITS, calls readMultipartBody and turns a MultipartFailure
 * into its own answer (the BFF's envelope codes, the api's legacy-shaped bodies).
 */

/** One byte over the file limit lets a reader tell "exactly 5 MB" (fine) from "more" (413). */
export const MULTIPART_LIMITS = {
  fileSize: LIMITS.imageMaxBytes + 1,
  files: 2,
  fields: 10,
  fieldSize: 64 * 1024,
  parts: 12,
} as const;

/** A JSON part sent as a file is read as text up to this size. */
export const JSON_PART_MAX_BYTES = 64 * 1024;

/** What went wrong, for the tier to word: its own status and code or sentence. */
export type MultipartFailureKind =
  | 'not-multipart'
  /** A file over LIMITS.imageMaxBytes. */
  | 'too-large'
  /** More files, fields or parts than MULTIPART_LIMITS. */
  | 'too-many-parts'
  /** A listed file that is not an image by content (only with `images: true`). */
  | 'not-an-image'
  /** A part typed application/json that is not JSON, when the route has no single JSON part to blame. */
  | 'invalid-json'
  /** Anything else the parser refused: a broken body, a missing boundary, a cut-off stream. */
  | 'malformed';

export class MultipartFailure extends Error {
  constructor(readonly kind: MultipartFailureKind) {
    super(`multipart: ${kind}`);
  }
}

/** A JSON part as it arrived: text to parse, a value the parser already parsed, or unusable. */
export type RawJsonPart = { text: string } | { value: unknown } | { malformed: true };

export interface UploadedFile {
  bytes: Buffer;
  /** By content; null unless the reader was asked to type images. */
  type: ImageType | null;
}

export interface MultipartBody {
  /** Plain text fields that are not listed JSON parts (an unlisted file part typed application/json lands here as text). */
  fields: Record<string, string>;
  /** The listed file parts (empty files are dropped). */
  files: Record<string, UploadedFile>;
  /** Read with `jsonPart`. */
  json: Record<string, RawJsonPart>;
}

export interface MultipartReadOptions {
  /** File parts to keep; any other file part is read and dropped. */
  files: readonly string[];
  /** JSON parts (Spring's `@RequestPart`), e.g. `pet` or `abandoned-pet`. */
  json?: readonly string[];
  /** Refuse a kept file that is not an image by content ('not-an-image') and give its type. */
  images?: boolean;
  /** This route's own parser limits over MULTIPART_LIMITS (lost-and-found posts take up to 5 photos). */
  limits?: { files?: number };
}

/** The parts of a request as @fastify/multipart gives them (typed here so server-kit needs no plugin). */
interface Part {
  type: 'file' | 'field';
  fieldname: string;
  mimetype?: string;
  value?: unknown;
  file?: { truncated: boolean };
  toBuffer?: () => Promise<Buffer>;
}
export interface MultipartRequest {
  isMultipart(): boolean;
  parts(options?: { limits: { files?: number } }): AsyncIterable<unknown>;
}

/**
 * Read a multipart request whole (small: ≤ 2 files of ≤ 5 MB) before anything is decided, so an
 * early answer never cuts off a client still uploading, and turn every parser failure into a
 * MultipartFailure instead of a 500 (errors of 500 and up that are not the parser's are rethrown).
 *
 * A JSON part may arrive in any of the three ways clients send one: a text field, a field typed
 * `application/json` (`curl -F 'pet={...};type=application/json'`, which @fastify/multipart hands
 * over already parsed — stringifying it gave "[object Object]") or a file/Blob part
 * (`curl -F pet=@pet.json`, a Blob in the browser's FormData).
 */
export async function readMultipartBody(request: MultipartRequest, opts: MultipartReadOptions): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new MultipartFailure('not-multipart');
  const jsonNames = opts.json ?? [];
  const body: MultipartBody = { fields: {}, files: {}, json: {} };
  try {
    for await (const raw of opts.limits ? request.parts({ limits: opts.limits }) : request.parts()) {
      const part = raw as Part;
      if (part.type === 'file') {
        const bytes = await part.toBuffer!();
        if (part.file?.truncated || bytes.length > LIMITS.imageMaxBytes) throw new MultipartFailure('too-large');
        if (jsonNames.includes(part.fieldname)) {
          body.json[part.fieldname] = bytes.length <= JSON_PART_MAX_BYTES ? { text: bytes.toString('utf8') } : { malformed: true };
        } else if (opts.files.includes(part.fieldname)) {
          if (bytes.length === 0) continue;
          const type = opts.images ? await imageTypeOf(bytes) : null;
          if (opts.images && !type) throw new MultipartFailure('not-an-image');
          body.files[part.fieldname] = { bytes, type };
        } else if (/^application\/json\b/i.test(part.mimetype ?? '') && bytes.length <= JSON_PART_MAX_BYTES) {
          body.fields[part.fieldname] = bytes.toString('utf8');
        }
      } else if (typeof part.value === 'string') {
        if (jsonNames.includes(part.fieldname)) body.json[part.fieldname] = { text: part.value };
        else body.fields[part.fieldname] = part.value;
      } else {
        // Already parsed because the part said application/json: keep the value, never stringify it back.
        body.json[part.fieldname] = { value: part.value };
      }
    }
  } catch (err) {
    if (err instanceof MultipartFailure) throw err;
    const code = (err as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new MultipartFailure('too-large');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new MultipartFailure('too-many-parts');
    if (code === 'FST_INVALID_JSON_FIELD_ERROR') {
      // A part typed application/json that is not JSON: blame the JSON part when the route has only one.
      const only = jsonNames.length === 1 ? jsonNames[0] : undefined;
      if (only === undefined) throw new MultipartFailure('invalid-json');
      body.json[only] = { malformed: true };
      return body;
    }
    // Prototype names, busboy's own errors ("Unexpected end of form", no boundary: no code), a cut-off stream.
    const status = (err as { statusCode?: unknown } | null)?.statusCode;
    if (typeof status !== 'number' || status < 500) throw new MultipartFailure('malformed');
    throw err;
  }
  return body;
}

export type JsonPartResult = { ok: true; value: unknown } | { ok: false; reason: 'missing' | 'malformed' };

/** The JSON part `name` in whichever form it came; each tier words "missing" and "malformed" its own way. */
export function jsonPart(body: Pick<MultipartBody, 'fields' | 'json'>, name: string): JsonPartResult {
  const raw: RawJsonPart | undefined = Object.hasOwn(body.json, name)
    ? body.json[name]
    : Object.hasOwn(body.fields, name)
      ? { text: body.fields[name]! }
      : undefined;
  if (raw === undefined) return { ok: false, reason: 'missing' };
  if ('malformed' in raw) return { ok: false, reason: 'malformed' };
  if ('value' in raw) return { ok: true, value: raw.value };
  try {
    return { ok: true, value: JSON.parse(raw.text) as unknown };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
}
