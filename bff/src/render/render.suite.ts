import { expect } from 'vitest';
import type { TestClient, TestResponse } from '../testing/test-bff';

/*
 * The server-rendered public pages (issue 26, docs/decisions/0032, 0033), the same checks in
 * front of either upstream (render.api.test.ts, render.legacy.test.ts). Each page is fetched as a
 * browser or a crawler fetches it: one GET, no script run; the first HTML must carry everything.
 */

export const ORIGIN = 'https://pawbridge.example';
/** What link-preview crawlers send (Facebook/Instagram, KakaoTalk): no JavaScript, any Accept. */
export const CRAWLERS = ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'kakaotalk-scrap/1.0'];

/** The catalogue's sentences the pages' states show (web/src/messages). */
export const COPY = {
  animalNotFound: '찾을 수 없는 동물이에요',
  animalFailed: '이 동물의 정보를 불러오지 못했습니다.',
  homeFailed: '유기견 목록을 불러오지 못했어요.',
  postFailed: '게시글을 불러오지 못했습니다.',
  pageNotFound: '페이지를 찾을 수 없어요',
  lostBoardFailed: '실종·목격 글을 불러오지 못했어요.',
  lostPostFailed: '글을 불러오지 못했어요.',
  lostEmptySearch: '조건에 맞는 글이 없어요. 조건을 줄여 보세요.',
  scamTitle: '돈을 먼저 보내지 마세요',
};

export async function page(c: TestClient, path: string, userAgent?: string): Promise<TestResponse> {
  const res = await c.get(path, {
    headers: { accept: userAgent ? '*/*' : 'text/html', ...(userAgent ? { 'user-agent': userAgent } : {}) },
  });
  expect(res.headers.get('content-type'), `${path}: ${res.status}`).toMatch(/^text\/html/);
  return res;
}

/** A `<meta property|name="…" content="…">` tag's content, HTML entities undone (null when absent). */
export function metaOf(html: string, key: string): string | null {
  const m = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html);
  return m?.[1] === undefined ? null : unescapeHtml(m[1]);
}

export function canonicalOf(html: string): string | null {
  return /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null;
}

const unescapeHtml = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The page's embedded SWR cache (`#pb-ssr-data`), which must be there exactly once. */
export function embeddedOf(html: string): { origin: string; cache: Record<string, { data?: unknown; error?: unknown }> } {
  const all = [...html.matchAll(/<script type="application\/json" id="pb-ssr-data">([^<]*)<\/script>/g)];
  expect(all, 'the data is embedded once').toHaveLength(1);
  return JSON.parse(all[0]?.[1] ?? 'null') as ReturnType<typeof embeddedOf>;
}

/** The visible document without the embedded data: what a reader without scripts gets. */
export const bodyOf = (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '');

/** No exact position anywhere in the page (a stray's or a post's coordinates stay on the server). */
export function expectNoCoordinates(html: string, ...numbers: number[]): void {
  expect(html).not.toMatch(/"(latitude|longitude|lat|lng|lon)":\s*-?\d/);
  for (const n of numbers) expect(html).not.toContain(String(n));
}

/** Open Graph and Twitter card tags of a shareable page, with an absolute image URL from PUBLIC_ORIGIN. */
export function expectPreview(html: string, path: string, title: string): { image: string } {
  expect(metaOf(html, 'og:title')).toContain(title);
  expect(metaOf(html, 'og:description')?.length ?? 0).toBeGreaterThan(0);
  expect(metaOf(html, 'og:url')).toBe(`${ORIGIN}${path}`);
  expect(canonicalOf(html)).toBe(`${ORIGIN}${path}`);
  expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
  expect(metaOf(html, 'twitter:title')).toContain(title);
  const image = metaOf(html, 'og:image') ?? '';
  expect(image.startsWith(`${ORIGIN}/`), image).toBe(true);
  expect(metaOf(html, 'twitter:image')).toBe(image);
  return { image };
}

/** The preview photo answers 200 with an image when its PUBLIC_ORIGIN is this BFF. */
export async function expectImageServed(c: TestClient, absolute: string): Promise<void> {
  const u = new URL(absolute);
  const res = await c.get(u.pathname + u.search, { headers: { accept: 'image/*', 'user-agent': CRAWLERS[0] ?? '' } });
  expect(res.status, absolute).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^image\//);
}
