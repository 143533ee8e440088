import { expect } from 'vitest';
import type { TestClient } from '../testing/test-bff';

export const ORIGIN = 'https://pawbridge.example';

/** The robots.txt every upstream gets: public pages allowed, the API and member/admin screens not, the sitemap named. */
export async function expectRobots(c: TestClient): Promise<void> {
  const res = await c.get('/robots.txt');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  const groups = res.text.split('\n\n').map((g) => g.split('\n'));
  const lines = groups.find((g) => g[0] === 'User-agent: *') ?? [];
  expect(lines).toContain('User-agent: *');
  expect(lines).toContain('Allow: /');
  for (const path of ['/api/', '/admin', '/mypage', '/mypet', '/login', '/signup', '/abandoned/register'])
    expect(lines).toContain(`Disallow: ${path}`);
  for (const open of ['/adopt', '/shelter', '/community']) expect(lines).not.toContain(`Disallow: ${open}`);
  expect(lines).toContain('Disallow: /uploads/');
  // X's card fetcher: its own group allows the preview images and keeps every other rule.
  const twitter = groups.find((g) => g[0] === 'User-agent: Twitterbot') ?? [];
  expect(twitter).toContain('Allow: /uploads/');
  expect(twitter).not.toContain('Disallow: /uploads/');
  for (const p of lines.filter((l) => l.startsWith('Disallow: ') && l !== 'Disallow: /uploads/')) expect(twitter).toContain(p);
  expect(twitter.filter((l) => l.startsWith('Disallow: ')).length).toBeGreaterThan(5);
  expect(res.text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
}

/** The sitemap's addresses (absolute, from PUBLIC_ORIGIN). */
export async function sitemapUrls(c: TestClient): Promise<string[]> {
  const res = await c.get('/sitemap.xml');
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
  expect(res.text).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  const urls = [...res.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');
  expect(urls.every((u) => u.startsWith(`${ORIGIN}/`))).toBe(true);
  expect(urls).toEqual(expect.arrayContaining([`${ORIGIN}/`, `${ORIGIN}/adopt`, `${ORIGIN}/community`]));
  return urls;
}
