import crypto from 'node:crypto';
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import type { TestClient, TestResponse } from '../testing/test-bff';
import { expectEnvelope, photo, validPet } from './pets.suite';
import { validReport } from './strays.suite';

/** One upstream behind the BFF, as the hardening tests of issue 8 need it. */
export interface HardeningTarget {
  bffUrl(): string;
  member(): Promise<TestClient>;
  anonymous(): TestClient;
  /** Every call that reached the upstream so far, as `METHOD /path`. */
  upstreamCalls(): string[];
}

export interface RawPart {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart body written by hand: FormData cannot send a typed text field (`curl -F 'pet={...};type=application/json'`). */
export function rawMultipart(parts: RawPart[]): { body: Buffer; contentType: string } {
  const boundary = `----pawbridge${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n`;
    if (p.type) head += `Content-Type: ${p.type}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Send any body with the client's cookies and a same-origin Origin. */
export async function sendRaw(
  client: TestClient,
  baseUrl: string,
  method: string,
  path: string,
  body: Buffer | string | undefined,
  contentType?: string,
): Promise<TestResponse> {
  const headers: Record<string, string> = { accept: 'application/json', origin: new URL(baseUrl).origin };
  if (contentType) headers['content-type'] = contentType;
  if (client.cookies.size > 0) headers.cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const res = await fetch(new URL(path, baseUrl), {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : new Uint8Array(body),
    redirect: 'manual',
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, text, body: parsed, setCookies: res.headers.getSetCookie() };
}

/** Bytes on a bare socket, for requests no HTTP client would send (16 KB URLs and headers); resolves with the raw answer. */
export function rawHttp(baseUrl: string, request: string): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (err) => (chunks.length > 0 ? undefined : reject(err)));
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      resolve({ status: Number(text.slice(9, 12)), headers: text.slice(0, split), body: text.slice(split + 4) });
    });
  });
}

let seq = 0;
const uniquePetId = () => `410-${Date.now() % 1_000_000}-${(seq += 1)}`;
const jpegPart = async (name: string): Promise<RawPart> => ({ name, value: await photo(), filename: 'dog.jpg', type: 'image/jpeg' });

/** The three ways a client sends a JSON part: plain text field, typed field, file part. */
const jsonForms = (name: string, json: unknown): Record<string, RawPart> => ({
  'text field': { name, value: JSON.stringify(json) },
  'typed field (curl -F …;type=application/json)': { name, value: JSON.stringify(json), type: 'application/json' },
  'file part (Blob, curl -F name=@file.json)': { name, value: JSON.stringify(json), filename: 'part.json', type: 'application/json' },
});

/** Issue 8 items 1, 4, 14 and 18, the same through the BFF whichever upstream is behind it. */
export function hardeningSuite(t: HardeningTarget): void {
  describe('item 1: a JSON part is read in all three forms on every route that takes one', () => {
    for (const [form, part] of Object.entries(jsonForms('pet', {}))) {
      it(`POST /api/pet/register, pet as a ${form}`, async () => {
        const c = await t.member();
        const petId = uniquePetId();
        const p = jsonForms('pet', validPet({ petId, name: '콩이' }))[form] ?? part;
        const { body, contentType } = rawMultipart([p, await jpegPart('profile')]);
        const res = await sendRaw(c, t.bffUrl(), 'POST', '/api/pet/register', body, contentType);
        expect(res.status, res.text).toBe(201);
        expect(res.body).toMatchObject({ id: petId, name: '콩이', weight: 4.2 });
      });
    }
    for (const form of Object.keys(jsonForms('abandoned-pet', {}))) {
      it(`POST /api/abandoned/register, abandoned-pet as a ${form}`, async () => {
        const c = await t.member();
        const p = jsonForms('abandoned-pet', validReport({ foundDate: '2026-11-10' }))[form] as RawPart;
        const { body, contentType } = rawMultipart([p, await jpegPart('imageurl')]);
        const res = await sendRaw(c, t.bffUrl(), 'POST', '/api/abandoned/register', body, contentType);
        expect(res.status, res.text).toBe(201);
        expect(res.body.ok).toBe(true);
      });
    }
    it('a part typed application/json that is not JSON is a 400 on that part, not a 406 or 500', async () => {
      const c = await t.member();
      const { body, contentType } = rawMultipart([
        { name: 'pet', value: '{name: 콩이', type: 'application/json' },
        await jpegPart('profile'),
      ]);
      const res = await sendRaw(c, t.bffUrl(), 'POST', '/api/pet/register', body, contentType);
      expectEnvelope(res, 400, 'VALIDATION_FAILED');
      expect(res.body.error.fieldErrors).toEqual({ pet: '형식이 올바르지 않습니다.' });
    });
  });

  describe('item 4: real calendar dates and times', () => {
    it('search: 2025-13-45 and 25:99 are 400 before the upstream is asked', async () => {
      const before = t.upstreamCalls().length;
      for (const query of [{ foundDate: '2025-13-45' }, { foundDate: '2025-02-29' }, { foundTime: '25:99' }] as Record<string, string>[]) {
        const res = await t.anonymous().get('/api/abandoned/abandoned-pets/search', { query });
        expectEnvelope(res, 400, 'VALIDATION_FAILED');
      }
      expect(t.upstreamCalls().slice(before)).toEqual([]);
    });

    it('report: an impossible or future found date and an impossible time are 400; nothing is sent upstream', async () => {
      const c = await t.member();
      const reports = () => t.upstreamCalls().filter((s) => s === 'POST /api/abandoned/register').length;
      const before = reports();
      for (const [overrides, field, message] of [
        [{ foundDate: '2025-13-45' }, 'foundDate', '발견 날짜가 올바르지 않습니다.'],
        [{ foundDate: '2999-01-01' }, 'foundDate', '발견 날짜는 오늘 이후로 입력할 수 없습니다.'],
        [{ foundTime: '25:99' }, 'foundTime', '발견 시간이 올바르지 않습니다.'],
      ] as const) {
        const { body, contentType } = rawMultipart([
          { name: 'abandoned-pet', value: JSON.stringify(validReport(overrides)) },
          await jpegPart('imageurl'),
        ]);
        const res = await sendRaw(c, t.bffUrl(), 'POST', '/api/abandoned/register', body, contentType);
        expectEnvelope(res, 400, 'VALIDATION_FAILED');
        expect(res.body.error.fieldErrors[field]).toBe(message);
      }
      expect(reports()).toBe(before);
    });
  });

  describe('item 14: input that used to reach the upstream and fail there', () => {
    it('NUL bytes and invisible-only text are refused with field errors; nothing is written upstream', async () => {
      const c = await t.member();
      const writes = () => t.upstreamCalls().filter((s) => !s.startsWith('GET ')).length;
      const before = writes();
      const pet = async (overrides: Record<string, unknown>) => {
        const { body, contentType } = rawMultipart([
          { name: 'pet', value: JSON.stringify(validPet({ petId: uniquePetId(), ...overrides })) },
          await jpegPart('profile'),
        ]);
        return sendRaw(c, t.bffUrl(), 'POST', '/api/pet/register', body, contentType);
      };
      const nul = await pet({ name: '콩\u0000이' });
      expectEnvelope(nul, 400, 'VALIDATION_FAILED');
      expect(nul.body.error.fieldErrors.name).toBe('입력할 수 없는 문자(제어 문자)가 들어 있습니다.');
      expect((await pet({ name: '\u200B\u3164' })).body.error.fieldErrors.name).toBe('반려견 이름을 입력해 주세요.');
      expect((await pet({ weight: 1e-8 })).body.error.fieldErrors.weight).toBe('몸무게는 0.1kg 단위로 입력해 주세요.');
      expect((await pet({ weight: '0x1A' })).body.error.fieldErrors.weight).toBe('몸무게를 숫자로 입력해 주세요.');
      expect((await pet({ age: '+1' })).body.error.fieldErrors.age).toBe('나이를 숫자로 입력해 주세요.');
      const report = rawMultipart([
        { name: 'abandoned-pet', value: JSON.stringify(validReport({ description: 'a\u0000b', foundDate: '2026-11-10' })) },
        await jpegPart('imageurl'),
      ]);
      const r = await sendRaw(c, t.bffUrl(), 'POST', '/api/abandoned/register', report.body, report.contentType);
      expect(r.body.error.fieldErrors.description).toBe('입력할 수 없는 문자(제어 문자)가 들어 있습니다.');
      expectEnvelope(await t.anonymous().post('/api/users/login', { userId: 'ann\u0000', password: 'secret1' }), 400, 'VALIDATION_FAILED');
      expect(writes()).toBe(before);
      expectEnvelope(
        await t.anonymous().get('/api/abandoned/abandoned-pets/search', { query: { location: '서울\u0000' } }),
        400,
        'VALIDATION_FAILED',
      );
    });

    it('path ids are plain decimals: 0x1A, +1, 1e3 and 01 are 400, never an upstream call', async () => {
      // A member (a visitor hears 401 before any validation, issue 23 item 10): the session is asked, nothing else.
      const c = await t.member();
      const before = t.upstreamCalls().length;
      for (const id of ['0x1A', '0x1', '+1', '1e3', '01']) {
        expectEnvelope(await c.post(`/api/adopt/apply/${encodeURIComponent(id)}`), 400, 'VALIDATION_FAILED');
      }
      expect(
        t
          .upstreamCalls()
          .slice(before)
          .filter((call) => !call.endsWith('/api/users/check-session')),
      ).toEqual([]);
    });

    it('a JSESSIONID=%00 cookie is no session: public reads work, member reads are 401, never 502', async () => {
      const c = t.anonymous();
      c.cookies.set('JSESSIONID', '%00');
      const session = await c.get('/api/users/check-session');
      expect(session.status, session.text).toBe(200);
      expect(session.body).toEqual({ loggedIn: false });
      c.cookies.set('JSESSIONID', '%00');
      expect((await c.get('/api/abandoned/abandoned-pets')).status).toBe(200);
      c.cookies.set('JSESSIONID', 'a%00b');
      expectEnvelope(await c.get('/api/pet/profile/pets'), 401, 'UNAUTHENTICATED');
    });

    it('a malformed multipart body is a 400 envelope, not a 500', async () => {
      const c = await t.member();
      const boundary = 'xyz';
      const cut = `--${boundary}\r\nContent-Disposition: form-data; name="pet"\r\n\r\n{"name":"x"}\r\n--${boundary}\r\nContent-Disposition: form-da`;
      expectEnvelope(
        await sendRaw(c, t.bffUrl(), 'POST', '/api/pet/register', cut, `multipart/form-data; boundary=${boundary}`),
        400,
        'MALFORMED_REQUEST',
      );
      expectEnvelope(await sendRaw(c, t.bffUrl(), 'POST', '/api/pet/register', 'hello', 'multipart/form-data'), 400, 'MALFORMED_REQUEST');
      const garbage = `--${boundary}\r\nno headers at all\r\n\r\n--${boundary}--\r\n`;
      const res = await sendRaw(c, t.bffUrl(), 'POST', '/api/abandoned/register', garbage, `multipart/form-data; boundary=${boundary}`);
      expect(res.status, res.text).toBeLessThan(500);
      expect(res.body.error.requestId).toBe(res.headers.get('x-request-id'));
    });

    it('bad percent-encoding is 400, an over-long path parameter 414, both as the envelope', async () => {
      const c = t.anonymous();
      expectEnvelope(await c.get('/uploads/%E0%A4%A'), 400, 'MALFORMED_REQUEST');
      expectEnvelope(await c.get('/api/pet/%E0%A4%A'), 400, 'MALFORMED_REQUEST');
      expectEnvelope(await c.get(`/api/pet/${'1'.repeat(300)}`), 414, 'URI_TOO_LONG');
    });

    it('an over-long URL is 414 and over-long headers 431, as the envelope on the raw socket', async () => {
      const host = new URL(t.bffUrl()).host;
      const longUrl = await rawHttp(
        t.bffUrl(),
        `GET /api/abandoned/abandoned-pets?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: ${host}\r\n\r\n`,
      );
      expect(longUrl.status).toBe(414);
      expect(JSON.parse(longUrl.body).error).toMatchObject({ code: 'URI_TOO_LONG', message: '요청 주소가 너무 깁니다.' });
      const bigHeader = await rawHttp(
        t.bffUrl(),
        `GET /api/abandoned/abandoned-pets HTTP/1.1\r\nHost: ${host}\r\nCookie: junk=${'b'.repeat(20_000)}\r\n\r\n`,
      );
      expect(bigHeader.status).toBe(431);
      const envelope = JSON.parse(bigHeader.body).error;
      expect(envelope.code).toBe('HEADERS_TOO_LARGE');
      expect(bigHeader.headers.toLowerCase()).toContain(`x-request-id: ${envelope.requestId.toLowerCase()}`);
    });
  });

  describe('item 18: wrong content type and too many parts have their own code and words', () => {
    it('a JSON endpoint sent text or a form: 415 UNSUPPORTED_CONTENT_TYPE, not "only image files"', async () => {
      const c = t.anonymous();
      const res = await sendRaw(c, t.bffUrl(), 'POST', '/api/users/login', 'userId=ann&password=x', 'application/x-www-form-urlencoded');
      expectEnvelope(res, 415, 'UNSUPPORTED_CONTENT_TYPE');
      expect(res.body.error.message).not.toContain('이미지');
      const member = await t.member();
      const json = await member.post('/api/pet/register', validPet());
      expectEnvelope(json, 415, 'UNSUPPORTED_CONTENT_TYPE', 'multipart/form-data 형식으로 보내 주세요.');
    });

    it('too many multipart parts: 413 TOO_MANY_PARTS, not "5 MB or less"', async () => {
      const c = await t.member();
      const parts: RawPart[] = Array.from({ length: 14 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
      const { body, contentType } = rawMultipart([...parts, await jpegPart('profile')]);
      const res = await sendRaw(c, t.bffUrl(), 'POST', '/api/pet/register', body, contentType);
      expectEnvelope(res, 413, 'TOO_MANY_PARTS');
      expect(res.body.error.message).not.toContain('5MB');
    });
  });
}
