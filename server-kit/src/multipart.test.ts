import { describe, expect, it } from 'vitest';
import { LIMITS } from '@pawbridge/shared';
import { jsonPart, MultipartFailure, readMultipartBody, type MultipartFailureKind, type MultipartReadOptions } from './multipart';

// The smallest PNG header file-type recognises (signature + IHDR chunk start).
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

type FakePart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; mimetype: string; bytes: Buffer; truncated?: boolean };

/** A request as @fastify/multipart presents one: parts in order, or the parser's error after them. */
const request = (parts: FakePart[], error?: unknown, multipart = true) => ({
  isMultipart: () => multipart,
  async *parts() {
    for (const p of parts)
      yield p.type === 'field' ? p : { ...p, file: { truncated: p.truncated ?? false }, toBuffer: async () => p.bytes };
    if (error) throw error;
  },
});

const failure = async (req: ReturnType<typeof request>, opts: MultipartReadOptions): Promise<MultipartFailureKind | 'none'> => {
  try {
    await readMultipartBody(req, opts);
    return 'none';
  } catch (err) {
    if (err instanceof MultipartFailure) return err.kind;
    throw err;
  }
};

describe('readMultipartBody (the upload rules of both tiers)', () => {
  it('keeps listed files (dropping empty ones and unlisted ones), text fields, and types images by content when asked', async () => {
    const body = await readMultipartBody(
      request([
        { type: 'file', fieldname: 'photo', mimetype: 'text/plain', bytes: PNG },
        { type: 'file', fieldname: 'second', mimetype: 'image/png', bytes: Buffer.alloc(0) },
        { type: 'file', fieldname: 'other', mimetype: 'image/png', bytes: PNG },
        { type: 'field', fieldname: 'note', value: 'plain' },
      ]),
      { files: ['photo', 'second'], images: true },
    );
    expect(body.fields).toEqual({ note: 'plain' });
    expect(Object.keys(body.files)).toEqual(['photo']);
    expect(body.files.photo!.type).toEqual({ mime: 'image/png', ext: 'png' });
  });

  it('refuses a listed file that is not an image by content (named and typed as one) only when images are asked for', async () => {
    const fake = () => request([{ type: 'file', fieldname: 'photo', mimetype: 'image/jpeg', bytes: Buffer.from('not an image') }]);
    expect(await failure(fake(), { files: ['photo'], images: true })).toBe('not-an-image');
    expect(await failure(fake(), { files: ['photo'] })).toBe('none');
  });

  it('5 MB is fine, one byte more (or a truncated stream, or the parser’s own limit) is too large', async () => {
    const file = (size: number, truncated = false) =>
      request([{ type: 'file', fieldname: 'photo', mimetype: 'image/png', bytes: Buffer.alloc(size), truncated }]);
    expect(await failure(file(LIMITS.imageMaxBytes), { files: ['photo'] })).toBe('none');
    expect(await failure(file(LIMITS.imageMaxBytes + 1), { files: ['photo'] })).toBe('too-large');
    expect(await failure(file(10, true), { files: ['photo'] })).toBe('too-large');
    expect(await failure(request([], { code: 'FST_REQ_FILE_TOO_LARGE', statusCode: 413 }), { files: [] })).toBe('too-large');
  });

  it('reads a JSON part from a text field, an already-parsed field or a file part, and an unlisted JSON file as text', async () => {
    const opts = { files: [], json: ['pet'] };
    const asText = await readMultipartBody(request([{ type: 'field', fieldname: 'pet', value: '{"name":"콩이"}' }]), opts);
    const parsed = await readMultipartBody(request([{ type: 'field', fieldname: 'pet', value: { name: '콩이' } }]), opts);
    const asFile = await readMultipartBody(
      request([{ type: 'file', fieldname: 'pet', mimetype: 'application/octet-stream', bytes: Buffer.from('{"name":"콩이"}') }]),
      opts,
    );
    for (const body of [asText, parsed, asFile]) expect(jsonPart(body, 'pet')).toEqual({ ok: true, value: { name: '콩이' } });
    const unlisted = await readMultipartBody(
      request([{ type: 'file', fieldname: 'meta', mimetype: 'application/json', bytes: Buffer.from('{"a":1}') }]),
      { files: [] },
    );
    expect(unlisted.fields).toEqual({ meta: '{"a":1}' });
    expect(jsonPart(unlisted, 'meta')).toEqual({ ok: true, value: { a: 1 } });
    expect(jsonPart(unlisted, 'pet')).toEqual({ ok: false, reason: 'missing' });
    expect(jsonPart({ fields: {}, json: { pet: { text: '{' } } }, 'pet')).toEqual({ ok: false, reason: 'malformed' });
  });

  it('a typed part that is not JSON marks the only JSON part malformed, or fails as invalid-json when there is not one', async () => {
    const err = { code: 'FST_INVALID_JSON_FIELD_ERROR', statusCode: 400 };
    const body = await readMultipartBody(request([], err), { files: [], json: ['pet'] });
    expect(jsonPart(body, 'pet')).toEqual({ ok: false, reason: 'malformed' });
    expect(await failure(request([], err), { files: [], json: ['a', 'b'] })).toBe('invalid-json');
  });

  it('turns parser failures into kinds: not multipart, too many parts, malformed; a server error stays itself', async () => {
    expect(await failure(request([], undefined, false), { files: [] })).toBe('not-multipart');
    for (const code of ['FST_PARTS_LIMIT', 'FST_FILES_LIMIT', 'FST_FIELDS_LIMIT'])
      expect(await failure(request([], { code, statusCode: 413 }), { files: [] })).toBe('too-many-parts');
    expect(await failure(request([], new Error('Unexpected end of form')), { files: [] })).toBe('malformed');
    expect(await failure(request([], { code: 'FST_PROTO_VIOLATION', statusCode: 400 }), { files: [] })).toBe('malformed');
    const boom = Object.assign(new Error('disk'), { statusCode: 500 });
    await expect(readMultipartBody(request([], boom), { files: [] })).rejects.toBe(boom);
  });
});
