import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { openHydratedPage } from './hydration';
import { DESKTOP, PHONE, createUser, launchBrowser, loginContext, newContext, startStack, type Stack, type TestUser } from './harness';

/*
 * Issue 26: public pages arrive rendered by the BFF. Each page hydrates with no React warning
 * (the context fails on any console error, main.tsx logs every recoverable hydration error),
 * the first screen's data is not fetched again, nothing shifts (as visitor and as member), and
 * with JavaScript off the pages still show their content and links.
 */

const SHOTS = process.env.SSR_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
};

/** The data the server embedded: the browser must not ask for it again after hydration. */
const EMBEDDED =
  /^\/api\/(users\/check-session|config|abandoned\/abandoned-pets(\/\d+)?|abandoned\/donation\/totals|shelter-animals(\/[^/]+)?|community\/posts|community\/description\/\d+)$/;
const openHydrated = (context: BrowserContext, url: string) => openHydratedPage(context, url, EMBEDDED);

describe('server-rendered public pages (issue 26)', () => {
  let stack: Stack;
  let browser: Browser;
  let member: TestUser;
  let postPath = '';
  /** A stray's page and, when the demo data has one, a shelter animal's (the per-animal pages, decision 0033). */
  const animalPaths: string[] = [];
  let strayName = '';

  before(async () => {
    stack = await startStack({ SEED_DEMO_DATA: 'true', PUBLIC_ORIGIN: 'https://pawbridge.example' }, { fresh: true });
    browser = await launchBrowser();
    member = await createUser(stack, 'ssr');
    const posts = (await (await fetch(`${stack.baseUrl}/api/community/posts`)).json()) as { id: number }[];
    assert.ok(posts.length > 0, 'the demo data has posts');
    postPath = `/community/${posts[0]!.id}`;
    const strays = (await (await fetch(`${stack.baseUrl}/api/abandoned/abandoned-pets`)).json()) as { id: number; name: string }[];
    assert.ok(strays.length > 0, 'the demo data has strays');
    animalPaths.push(`/adopt/${strays[0]!.id}`);
    strayName = strays[0]!.name;
    const shelter = (await (await fetch(`${stack.baseUrl}/api/shelter-animals`)).json()) as { desertionNo: string }[];
    if (shelter[0]) animalPaths.push(`/shelter/${encodeURIComponent(shelter[0].desertionNo)}`);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('hydrates /, /adopt, /community, a post and the animal pages without a warning, a refetch or a shift (visitor, desktop and phone)', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await newContext(browser, stack, viewport);
      for (const url of ['/', '/adopt', '/community', postPath, ...animalPaths]) {
        const { page, refetched, shift, shifted } = await openHydrated(context, url);
        assert.deepEqual(refetched, [], `${url}: the embedded data was fetched again`);
        assert.equal(shift, 0, `${url}: layout shift ${shift}\n${shifted}`);
        await shot(page, `${url === '/' ? 'home' : url.slice(1).replace(/\//g, '-')}-${viewport.width}-js`);
        await page.close();
      }
      await context.close();
    }
  });

  it("a member's header and home are the member's from the first paint: no shift, no session check", async () => {
    const context = await newContext(browser, stack, DESKTOP);
    await loginContext(context, stack, member.userId, member.password);
    for (const url of ['/', '/adopt', '/community', ...animalPaths]) {
      const { page, refetched, shift, shifted } = await openHydrated(context, url);
      assert.deepEqual(refetched, [], `${url}: the embedded data was fetched again`);
      assert.equal(shift, 0, `${url}: layout shift ${shift}\n${shifted}`);
      assert.ok(await page.getByRole('button', { name: '로그아웃' }).isVisible(), `${url}: the member header`);
      if (url === '/') {
        // The lost strip is one height whatever it holds, the height reserved before it came
        // (web/src/features/lost/forms/home-strip-size.ts): with reports, without, or still loading.
        const strip = await page.locator('section[aria-labelledby="home-lost-title"]').boundingBox();
        assert.equal(Math.round(strip?.height ?? 0), 390, `the home's lost strip: ${strip?.height}`);
      }
      await page.close();
    }
    await context.close();
  });

  it('the app works after hydration: the adopt search asks the server and the address keeps the criteria', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    const { page } = await openHydrated(context, '/adopt');
    await page.getByLabel('지역').selectOption('서울특별시');
    const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/abandoned/abandoned-pets/search');
    await page.getByRole('button', { name: '검색' }).click();
    await searched;
    assert.match(page.url(), /region=/);
    await context.close();
  });

  it('reads /, /adopt (with its GET form), /community, a post and an animal page with JavaScript off', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport, locale: 'ko-KR', baseURL: stack.baseUrl });
      const page = await context.newPage();
      await page.goto('/');
      assert.ok(await page.locator('main a[href="/adopt"]').first().isVisible(), `/ at ${viewport.width}px links the adopt page`);
      assert.ok((await page.locator('#home-strays-title').textContent())?.length);
      assert.equal(await page.getByRole('alert').count(), 0, '/: the strays came with the page');
      await shot(page, `home-${viewport.width}-nojs`);

      await page.goto('/adopt');
      const cards = await page.locator('main img, main [class*="Card"]').count();
      assert.ok(cards > 0, '/adopt shows its animals without scripts');
      await shot(page, `adopt-${viewport.width}-nojs`);
      // The search is a plain GET form the server render honours.
      // Exact: once searched, the "필터 빼기: 지역(시·도) …" chip is labelled with the criterion too.
      const region = page.getByLabel('지역(시·도)', { exact: true });
      // On a phone the form is folded behind 필터, a label of a checkbox: it opens without scripts.
      if (viewport === PHONE)
        await page
          .locator('label', { hasText: /^필터$/ })
          .first()
          .click();
      await region.selectOption('서울특별시');
      await page.getByRole('button', { name: '검색' }).click();
      await page.waitForURL(/\/adopt\?.*region=/);
      assert.equal(await region.inputValue(), '서울특별시');

      await page.goto('/community');
      const firstPost = page.locator(`a[href="${postPath}"]`).first();
      assert.ok((await firstPost.count()) > 0, '/community links its posts');
      await shot(page, `community-${viewport.width}-nojs`);

      await page.goto(postPath);
      assert.ok(await page.locator('article h1').isVisible(), 'the post shows without scripts');
      await shot(page, `post-${viewport.width}-nojs`);

      // The adopt list links each animal's page; the page shows the animal without scripts.
      const animal = animalPaths[0]!;
      await page.goto('/adopt');
      assert.ok((await page.locator(`main a[href="${animal}"]`).count()) > 0, `/adopt links ${animal}`);
      await page.goto(animal);
      assert.equal((await page.locator('main h1').first().textContent())?.trim(), strayName, `${animal}: the stray's name`);
      assert.ok(await page.locator('main img').first().isVisible(), `${animal}: its photo`);
      assert.ok((await page.locator('a[href="/adopt"]').count()) > 0, `${animal}: a way back to the list`);
      await shot(page, `animal-${viewport.width}-nojs`);
      for (const other of animalPaths.slice(1)) {
        await page.goto(other);
        assert.ok(await page.locator('main h1').first().isVisible(), `${other} shows without scripts`);
        await shot(page, `shelter-animal-${viewport.width}-nojs`);
      }
      await context.close();
    }
  });

  it('answers a crawler with preview tags and a canonical address on a post page', async () => {
    const res = await fetch(stack.baseUrl + postPath, { headers: { 'user-agent': 'facebookexternalhit/1.1' } });
    assert.equal(res.status, 200);
    const html = await res.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const meta = (p: string) => new RegExp(`<meta property="${p}" content="([^"]+)"`).exec(head)?.[1];
    assert.ok(meta('og:title'), 'og:title');
    assert.ok(meta('og:description'), 'og:description');
    assert.equal(meta('og:url'), `https://pawbridge.example${postPath}`);
    assert.match(head, new RegExp(`<link rel="canonical" href="https://pawbridge.example${postPath}"`));
  });

  it('answers a crawler with preview tags on an animal page; its photo URL answers 200 with an image', async () => {
    for (const ua of ['facebookexternalhit/1.1', 'kakaotalk-scrap/1.0']) {
      const animal = animalPaths[0]!;
      const res = await fetch(stack.baseUrl + animal, { headers: { 'user-agent': ua } });
      assert.equal(res.status, 200);
      const head = (await res.text()).split('</head>')[0] ?? '';
      const meta = (p: string) => new RegExp(`<meta (?:property|name)="${p}" content="([^"]+)"`).exec(head)?.[1];
      assert.ok(meta('og:title')?.includes(strayName), 'og:title');
      assert.ok(meta('og:description'), 'og:description');
      assert.equal(meta('twitter:card'), 'summary_large_image');
      const image = meta('og:image') ?? '';
      assert.ok(image.startsWith('https://pawbridge.example/'), `og:image absolute from PUBLIC_ORIGIN: ${image}`);
      // PUBLIC_ORIGIN stands for this stack: the same path must answer the crawler with an image.
      const u = new URL(image.replace(/&amp;/g, '&'));
      const photo = await fetch(stack.baseUrl + u.pathname + u.search, { headers: { 'user-agent': ua } });
      assert.equal(photo.status, 200, image);
      assert.match(photo.headers.get('content-type') ?? '', /^image\//);
    }
  });

  it('a post that is not there is a rendered 404 page, not the JSON envelope', async () => {
    const res = await fetch(`${stack.baseUrl}/community/987654321`);
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.match(await res.text(), /<div id="root">.+<\/div>/s);
  });
});
