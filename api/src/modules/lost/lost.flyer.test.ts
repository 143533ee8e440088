import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { call, createAdmin, createMember, jpegWithExif, type Member } from '../../testing/fixtures';
import { flyerFont } from './lost.flyer.font';
import { FLYER_WORDS, LOST_SCAM_WARNING } from './lost.flyer.words';
import { HERE, lostCalls, missingJson, sightingJson } from './lost.testing';

// The flyer (A4 PDF) and the square image of a missing report (issue 27, decision 0038).

let api: TestApi;
let owner: Member;
let admin: Member;
let lost: ReturnType<typeof lostCalls>;
let relayId: number;
let phoneId: number;

/** Where a look at the rendered pages goes (LOST_FLYER_SHOTS, else the temp directory). */
const shotsDir = process.env.LOST_FLYER_SHOTS ?? fs.mkdtempSync(path.join(os.tmpdir(), 'lost-flyer-'));
const hasPdftoppm = (() => {
  try {
    execFileSync('pdftoppm', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

const get = async (p: string, headers: Record<string, string> = {}) => {
  const res = await fetch(api.url + p, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
};

async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string }> {
  // pdfjs runs in a child process: its legacy build's core-js polyfills must not enter this worker (testing/pdf-text.mjs).
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'flyer-')), 'flyer.pdf');
  fs.writeFileSync(file, bytes);
  const out = execFileSync(process.execPath, [fileURLToPath(new URL('./testing/pdf-text.mjs', import.meta.url)), file], {
    encoding: 'utf8',
  });
  return JSON.parse(out) as { pages: number; text: string };
}

beforeAll(async () => {
  api = await startTestApi();
  lost = lostCalls(api);
  owner = await createMember(api, 'flyerowner', { name: '박주인' });
  admin = await createAdmin(api, 'flyeradmin');
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#8d5a2b' } })
    .jpeg()
    .toBuffer();
  const relay = await lost.postMissing(owner, missingJson({ name: '초코' }), [photo]);
  relayId = (relay.json as unknown as { id: number }).id;
  const phone = await lost.postMissing(owner, missingJson({ name: '두부', reward: null, contact: 'PHONE', phone: '010-2345-6789' }), [
    await jpegWithExif('#ddd'),
  ]);
  phoneId = (phone.json as unknown as { id: number }).id;
});
afterAll(() => api.close());

describe('the flyer PDF', () => {
  it('is one A4 page in Korean with the name, 찾습니다, the facts, the reward warning, the relay line and the post URL', async () => {
    const res = await get(`/api/lost/posts/${relayId}/flyer.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    fs.writeFileSync(path.join(shotsDir, 'flyer-relay.pdf'), res.bytes);
    const { pages, text } = await pdfText(res.bytes);
    expect(pages).toBe(1);
    const flat = text.replace(/\s+/g, '');
    for (const words of [
      '초코',
      '찾습니다',
      '실종',
      '푸들',
      '갈색곱슬',
      '빨간목줄',
      '망원동',
      '300,000원',
      FLYER_WORDS.relay,
      LOST_SCAM_WARNING,
    ])
      expect(flat).toContain(words.replace(/\s+/g, ''));
    expect(text).toContain(`${api.config.publicOrigin}/lost/${relayId}`);
    expect(text).not.toContain(String(HERE.lat));
    expect(text).not.toContain('010-');
  });

  it('embeds the Korean font as a subset (glyphs, not boxes) and never depends on the server’s fonts', async () => {
    const { bytes } = await get(`/api/lost/posts/${relayId}/flyer.pdf`);
    const raw = bytes.toString('latin1');
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+Pretendard/);
    expect(bytes.length).toBeLessThan(1_500_000);
    const font = flyerFont('black');
    for (const ch of `${FLYER_WORDS.heading}초코${LOST_SCAM_WARNING}`.replace(/\s/g, ''))
      expect(font.hasGlyphForCodePoint(ch.codePointAt(0)!)).toBe(true);
  });

  it('shows the phone only when the owner chose it, and no reward line without a reward', async () => {
    const { text } = await pdfText((await get(`/api/lost/posts/${phoneId}/flyer.pdf`)).bytes);
    expect(text).toContain('010-2345-6789');
    expect(text).not.toContain(LOST_SCAM_WARNING);
  });

  it.skipIf(!hasPdftoppm)('renders page 1 to a PNG with pdftoppm (skipped where poppler-utils is missing)', async () => {
    for (const [id, name] of [
      [relayId, 'flyer-relay'],
      [phoneId, 'flyer-phone'],
    ] as const) {
      const pdf = path.join(shotsDir, `${name}.pdf`);
      fs.writeFileSync(pdf, (await get(`/api/lost/posts/${id}/flyer.pdf`)).bytes);
      execFileSync('pdftoppm', ['-png', '-r', '100', '-f', '1', '-l', '1', '-singlefile', pdf, path.join(shotsDir, name)]);
      const meta = await sharp(path.join(shotsDir, `${name}.png`)).metadata();
      // A4 at 100 dpi: 827 × 1169–1170 (poppler rounds up).
      expect(meta.width).toBe(827);
      expect(Math.abs(meta.height! - 1169.3)).toBeLessThan(1);
      // The red heading band carries white letters.
      const band = await sharp(path.join(shotsDir, `${name}.png`))
        .extract({ left: 60, top: 20, width: 707, height: 100 })
        .raw()
        .toBuffer();
      let white = 0;
      for (let i = 0; i < band.length; i += 3) if (band[i]! > 240 && band[i + 1]! > 240 && band[i + 2]! > 240) white += 1;
      expect(white).toBeGreaterThan(2000);
    }
  });

  it('answers 304 to the same ETag, and a changed post gets a new one', async () => {
    const first = await get(`/api/lost/posts/${phoneId}/flyer.pdf`);
    const etag = first.headers.get('etag')!;
    expect((await get(`/api/lost/posts/${phoneId}/flyer.pdf`, { 'if-none-match': etag })).status).toBe(304);
    expect((await call(api, 'PUT', `/api/lost/posts/${phoneId}`, { cookie: owner.cookie, json: { reward: 50000 } })).status).toBe(200);
    const changed = await get(`/api/lost/posts/${phoneId}/flyer.pdf`, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
  });
});

describe('the square image', () => {
  it('is a 1080×1080 PNG with the heading drawn in letters', async () => {
    const res = await get(`/api/lost/posts/${relayId}/square.png`);
    expect([res.status, res.headers.get('content-type')]).toEqual([200, 'image/png']);
    fs.writeFileSync(path.join(shotsDir, 'square-relay.png'), res.bytes);
    const meta = await sharp(res.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1080, 1080]);
    const band = await sharp(res.bytes).removeAlpha().extract({ left: 100, top: 20, width: 880, height: 120 }).raw().toBuffer();
    let white = 0;
    for (let i = 0; i < band.length; i += 3) if (band[i]! > 240 && band[i + 1]! > 240 && band[i + 2]! > 240) white += 1;
    expect(white).toBeGreaterThan(8000);
    fs.writeFileSync(path.join(shotsDir, 'square-phone.png'), (await get(`/api/lost/posts/${phoneId}/square.png`)).bytes);
  });
});

describe('who gets one', () => {
  it('never for a hidden post, a sighting, a closed report or an unknown id', async () => {
    const m = await createMember(api, 'flyerfinder');
    const seen = await lost.postSighting(m, sightingJson());
    const seenId = (seen.json as unknown as { id: number }).id;
    const wrong = await get(`/api/lost/posts/${seenId}/flyer.pdf`);
    expect([wrong.status, JSON.parse(wrong.bytes.toString()).error.reason]).toEqual([409, 'LOST_WRONG_KIND']);
    expect((await get('/api/lost/posts/999999/square.png')).status).toBe(404);

    const hidden = await lost.postMissing(owner, missingJson({ name: '숨김' }), [await jpegWithExif('#111')]);
    const hiddenId = (hidden.json as unknown as { id: number }).id;
    await call(api, 'POST', `/api/admin/lost/posts/${hiddenId}/hide`, { cookie: admin.cookie, json: { hidden: true } });
    for (const file of ['flyer.pdf', 'square.png']) {
      expect((await get(`/api/lost/posts/${hiddenId}/${file}`)).status).toBe(404);
      expect((await get(`/api/lost/posts/${hiddenId}/${file}`, { cookie: admin.cookie })).status).toBe(404);
    }

    const closed = await lost.postMissing(owner, missingJson({ name: '돌아옴' }), [await jpegWithExif('#222')]);
    const closedId = (closed.json as unknown as { id: number }).id;
    await call(api, 'POST', `/api/lost/posts/${closedId}/close`, { cookie: owner.cookie, json: { status: 'REUNITED' } });
    const res = await get(`/api/lost/posts/${closedId}/flyer.pdf`);
    expect([res.status, JSON.parse(res.bytes.toString()).error.reason]).toEqual([409, 'LOST_POST_CLOSED']);
  });
});
