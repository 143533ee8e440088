import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '@pawbridge/api/testing';
import { seoulToday } from '@pawbridge/shared';
import { LostPostDetailSchema } from '@pawbridge/shared/lost.schema';
import { apiMember, type Member } from '../testing/fixtures';
import { serverBundleEnv } from '../testing/server-bundle';
import { createClient, startTestBff, type TestBff } from '../testing/test-bff';
import {
  bodyOf,
  COPY,
  CRAWLERS,
  embeddedOf,
  expectImageServed,
  expectNoCoordinates,
  expectPreview,
  metaOf,
  ORIGIN,
  page,
} from './render.suite';

// The lost-and-found pages (issue 27) rendered by the BFF in front of our api: the board and a post in the first HTML,
// read as a browser and as a link-preview crawler (no script run), never an exact position or a contact in a tag.
let api: TestApi;
let bff: TestBff;
let down: TestBff;
let owner: Member;
let admin: Member;
beforeAll(async () => {
  const env = { ...serverBundleEnv(), PUBLIC_ORIGIN: ORIGIN };
  api = await startTestApi();
  bff = await startTestBff(api.url, env);
  down = await startTestBff('http://127.0.0.1:9', env);
  owner = await apiMember(api, bff.url, { name: '박주인', phoneNm: '010-2222-3333' });
  admin = await apiMember(api, bff.url, { role: 'ADMIN' });
}, 600_000);
afterAll(async () => {
  await down?.close();
  await bff?.close();
  await api?.close();
});

const EXACT = { lat: 37.565137, lng: 126.989514 };
const PHONE = '010-2222-3333';
const yesterday = () => {
  const d = new Date(`${seoulToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};
const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#c96' } })
    .jpeg()
    .toBuffer();

/** A missing report by the owner (contact by phone, a reward), through the BFF as the form sends it. */
async function seedMissing(overrides: Record<string, unknown> = {}): Promise<number> {
  const f = new FormData();
  const missing = {
    name: '모카',
    breed: '말티즈',
    colour: '흰색',
    features: '빨간 목줄',
    onSight: '산책 중에 줄이 풀려 달아났어요',
    contact: 'PHONE',
    phone: PHONE,
    reward: 300000,
    ...EXACT,
    address: '을지로3가역 4번 출구 앞',
    sigungu: '중구',
    date: yesterday(),
    time: '09:15',
    ...overrides,
  };
  f.append('missing', JSON.stringify(missing));
  f.append('photo1', new Blob([new Uint8Array(await photo())], { type: 'image/jpeg' }), 'p.jpg');
  const made = await owner.client.postForm('/api/lost/missing', f);
  expect(made.status, made.text).toBe(201);
  return made.body.id as number;
}

/** The posts' public (rounded, ~300 m) positions are public by design; everything else must hold no coordinate. */
const withoutPublicPositions = (html: string) => html.replace(/"position":\{"lat":-?[\d.]+,"lng":-?[\d.]+\}/g, '');

/** Every `<meta>` tag's content and the canonical link: what a preview shows wherever the link is pasted. */
const tagsOf = (html: string) => [...html.matchAll(/<(?:meta|link) [^>]*>/g)].map((m) => m[0]).join('\n');

describe('lost-and-found pages rendered by the BFF, upstream = our api', () => {
  let id: number;
  beforeAll(async () => {
    id = await seedMissing();
  });

  it('/lost: the board’s first page in the HTML with links to the posts, embedded once under the list’s key; filters from the address', async () => {
    const res = await page(createClient(bff.url), '/lost');
    expect(res.status).toBe(200);
    expect(bodyOf(res.text)).toContain('모카');
    expect(bodyOf(res.text)).toContain(`href="/lost/${id}"`);
    const { cache } = embeddedOf(res.text);
    expect(Object.keys(cache).some((k) => k.includes('/api/lost/posts'))).toBe(true);
    expectNoCoordinates(withoutPublicPositions(res.text), EXACT.lat, EXACT.lng);

    const missingOnly = await page(createClient(bff.url), '/lost?kind=MISSING&sido=%EC%84%9C%EC%9A%B8%ED%8A%B9%EB%B3%84%EC%8B%9C');
    expect(missingOnly.status).toBe(200);
    expect(bodyOf(missingOnly.text)).toContain(`href="/lost/${id}"`);
    expect(Object.keys(embeddedOf(missingOnly.text).cache).some((k) => k.includes('/api/lost/posts?kind=MISSING&sido='))).toBe(true);
    const seenOnly = await page(createClient(bff.url), '/lost?kind=SEEN');
    expect(seenOnly.status).toBe(200);
    expect(bodyOf(seenOnly.text)).not.toContain(`href="/lost/${id}"`);
    expect(bodyOf(seenOnly.text)).toContain(COPY.lostEmptySearch);
  });

  it('a post read as a crawler: its content, preview tags (region, not the address) with an absolute photo URL that answers 200', async () => {
    for (const ua of CRAWLERS) {
      const res = await page(createClient(bff.url), `/lost/${id}`, ua);
      expect(res.status).toBe(200);
      const body = bodyOf(res.text);
      for (const words of ['모카', '빨간 목줄', '산책 중에 줄이 풀려 달아났어요', '을지로3가역 4번 출구 앞', '300,000원', COPY.scamTitle]) {
        expect(body, words).toContain(words);
      }
      const { image } = expectPreview(res.text, `/lost/${id}`, '[실종] 모카 · 말티즈 — 서울특별시 중구');
      expect(metaOf(res.text, 'og:type')).toBe('article');
      await expectImageServed(createClient(bff.url), image);
      const cached = LostPostDetailSchema.parse(embeddedOf(res.text).cache[`/api/lost/posts/${id}`]?.data);
      expect(cached).toMatchObject({ id, exactPosition: null, mine: false });
      // No exact position anywhere; no contact, typed address or rounded position in any tag.
      expectNoCoordinates(withoutPublicPositions(res.text), EXACT.lat, EXACT.lng);
      const tags = tagsOf(res.text);
      expect(tags).not.toContain(PHONE);
      expect(tags).not.toContain('을지로3가역');
      expect(tags).not.toContain(String(cached.position.lat));
      expect(tags).not.toMatch(/@example\.com/);
    }
  });

  it('the author’s own view is rendered for them (their exact pin stays theirs), members fill nothing in twice', async () => {
    const res = await page(owner.client, `/lost/${id}`);
    expect(res.status).toBe(200);
    expect(LostPostDetailSchema.parse(embeddedOf(res.text).cache[`/api/lost/posts/${id}`]?.data)).toMatchObject({ mine: true });
    // The comments come with the page (no shift after hydration), under the list's key.
    expect(Object.keys(embeddedOf(res.text).cache).some((k) => k.includes(`/api/lost/posts/${id}/comments`))).toBe(true);
  });

  it('a post not there, hidden, or a malformed id: the not-found page with 404 and noindex', async () => {
    const hidden = await seedMissing({ name: '숨김이' });
    const hide = await admin.client.post(`/api/admin/lost/posts/${hidden}/hide`, { hidden: true });
    expect(hide.status, hide.text).toBe(200);
    for (const path of ['/lost/999999', `/lost/${hidden}`, '/lost/abc', '/lost/0']) {
      const res = await page(createClient(bff.url), path);
      expect(res.status, path).toBe(404);
      expect(bodyOf(res.text), path).toContain(COPY.pageNotFound);
      expect(metaOf(res.text, 'robots'), path).toBe('noindex');
      expect(bodyOf(res.text), path).not.toContain('숨김이');
    }
    const board = await page(createClient(bff.url), '/lost');
    expect(bodyOf(board.text)).not.toContain('숨김이');
    // The write forms beside the post's route are not taken for a post.
    expect((await page(owner.client, '/lost/new/missing')).status).toBe(200);
  });

  it('upstream down: the board and a post still render, with their error states and 502', async () => {
    for (const [path, sentence] of [
      ['/lost', COPY.lostBoardFailed],
      [`/lost/${id}`, COPY.lostPostFailed],
    ] as const) {
      const res = await page(createClient(down.url), path);
      expect(res.status, path).toBe(502);
      expect(bodyOf(res.text), path).toContain(sentence);
    }
  });
});
