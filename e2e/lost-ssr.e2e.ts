// The lost-and-found pages arrive rendered (issues 26 and 27): /lost and a post hydrate with no React
// warning (the context fails on any console error; main.tsx logs every recoverable hydration error),
// nothing the server embedded is fetched again, nothing shifts (CLS 0) as a visitor or as the author,
// the pages read without JavaScript, and a crawler gets the preview tags with a photo that answers 200
// and no exact position or contact in any tag.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { seoulToday } from '@pawbridge/shared';
import { axeProblems } from './axe';
import { postMissingReport, serveTiles } from './fixtures';
import { openHydratedPage } from './hydration';
import {
  createUser,
  DESKTOP,
  httpClient,
  launchBrowser,
  loginContext,
  newContext,
  PHONE,
  startStack,
  type Stack,
  type TestUser,
} from './harness';

const ORIGIN = 'https://pawbridge.example';
const EXACT = { lat: 37.556123, lng: 126.901987 };
const PHONE_NO = '010-4321-8765';
const NAME = '모카';
const TITLE = '[실종] 모카 · 말티즈 — 서울특별시 마포구';

/** What the server embeds on these pages: the frame's session and config, the board, a post and its comments. */
const EMBEDDED = /^\/api\/(users\/check-session|config|lost\/posts(\/\d+(\/comments)?)?)$/;

// Screenshots only when asked for (like ssr.e2e.ts): nothing reads them back.
const SHOTS = process.env.SSR_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
};

const yesterday = () => {
  const d = new Date(`${seoulToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

describe('lost-and-found pages rendered by the BFF', () => {
  let stack: Stack;
  let browser: Browser;
  let owner: TestUser;
  let postPath = '';

  before(async () => {
    stack = await startStack({ PUBLIC_ORIGIN: ORIGIN }, { fresh: true });
    browser = await launchBrowser();
    owner = await createUser(stack, 'lostssr');
    const c = httpClient(stack);
    assert.equal((await c.post('/api/users/login', { userId: owner.userId, password: owner.password })).status, 200);
    const madeId = await postMissingReport(
      c,
      {
        name: NAME,
        breed: '말티즈',
        size: 'SMALL',
        gender: 'FEMALE',
        colour: '흰색',
        features: '분홍 리본, 오른쪽 귀가 접혀 있어요',
        onSight: '이름을 부르면 와요. 간식으로 다가가 주세요.',
        reward: 300000,
        contact: 'PHONE',
        phone: PHONE_NO,
        ...EXACT,
        address: '망원시장 2번 입구 앞',
        sigungu: '마포구',
        date: yesterday(),
        time: '18:30',
      },
      { r: 236, g: 230, b: 220 },
    );
    postPath = `/lost/${madeId}`;
    assert.equal((await c.post(`/api/lost/posts/${madeId}/comments`, { content: '어제 망원동에서 본 것 같아요' })).status, 201);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('/lost and a post hydrate without a warning, a refetch or a shift (visitor, desktop and phone), axe clean', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await newContext(browser, stack, viewport);
      await serveTiles(context);
      for (const url of ['/lost', '/lost?kind=MISSING', postPath]) {
        const { page, refetched, shift, shifted } = await openHydratedPage(context, url, EMBEDDED);
        assert.deepEqual(refetched, [], `${url}: the embedded data was fetched again`);
        assert.equal(shift, 0, `${url}: layout shift ${shift}\n${shifted}`);
        assert.deepEqual(await axeProblems(page), [], `${url} at ${viewport.width}px: axe`);
        const name = url === postPath ? 'post' : url === '/lost' ? 'board' : 'board-missing';
        await shot(page, `${name}-${viewport.width}-js`);
        await page.close();
      }
      // After hydration the board is the app: choosing the map loads it on demand.
      const { page } = await openHydratedPage(context, '/lost', EMBEDDED);
      await page.getByText('지도', { exact: true }).click();
      await page.waitForURL(/view=map/);
      await page.getByRole('region', { name: '실종·목격 지도' }).waitFor();
      await page.close();
      await context.close();
    }
  });

  it('the author’s page is theirs from the first paint (their actions, the bell) with no shift', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    await serveTiles(context);
    await loginContext(context, stack, owner.userId, owner.password);
    const { page, refetched, shift, shifted } = await openHydratedPage(context, postPath, EMBEDDED);
    assert.deepEqual(refetched, [], `${postPath}: the embedded data was fetched again`);
    assert.equal(shift, 0, `${postPath}: layout shift ${shift}\n${shifted}`);
    assert.ok(await page.getByRole('button', { name: '로그아웃' }).isVisible(), 'the member header');
    assert.ok(await page.getByRole('button', { name: '찾았어요' }).isVisible(), 'the owner’s actions');
    await shot(page, 'post-1280-owner');
    await page.close();
    await context.close();
  });

  it('reads /lost and a post with JavaScript off: the list links the post, the post shows its content', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await browser.newContext({ javaScriptEnabled: false, viewport, locale: 'ko-KR', baseURL: stack.baseUrl });
      const page = await context.newPage();
      const board = await page.goto('/lost');
      assert.equal(board?.status(), 200);
      assert.ok(await page.locator('main h1').first().isVisible(), '/lost: its title');
      const link = page.locator(`main a[href="${postPath}"]`).first();
      assert.ok(await link.isVisible(), '/lost links the post without scripts');
      assert.equal(await page.getByRole('alert').count(), 0, '/lost: the list came with the page');
      await shot(page, `board-${viewport.width}-nojs`);
      if (viewport === DESKTOP) {
        // The filters are a plain GET form the server render honours: 목격 only has no missing report.
        await page.getByLabel('글 종류', { exact: true }).selectOption('SEEN');
        await page.getByRole('button', { name: '찾기' }).click();
        await page.waitForURL(/\/lost\?kind=SEEN/);
        assert.equal(await page.locator(`main a[href="${postPath}"]`).count(), 0, 'the 목격 filter leaves the report out');
        assert.ok(await page.getByText('조건에 맞는 글이 없어요').isVisible(), 'the empty search state');
        await page.goto('/lost');
      }
      await page.locator(`main a[href="${postPath}"]`).first().click();
      await page.waitForURL(`**${postPath}`);
      assert.equal((await page.locator('main h1').first().textContent())?.trim(), NAME);
      for (const words of ['분홍 리본', '망원시장 2번 입구 앞', '300,000원', '돈을 먼저 보내지 마세요', '어제 망원동에서 본 것 같아요']) {
        assert.ok(await page.getByText(words).first().isVisible(), `${postPath}: ${words}`);
      }
      assert.ok(await page.locator('main img').first().isVisible(), `${postPath}: its photo`);
      assert.ok((await page.locator('main a[href="/lost"]').count()) > 0, `${postPath}: a way back to the board`);
      await shot(page, `post-${viewport.width}-nojs`);
      await context.close();
    }
  });

  it('answers a crawler with the preview tags; the photo answers 200; no exact position or contact in any tag', async () => {
    for (const ua of ['facebookexternalhit/1.1', 'kakaotalk-scrap/1.0']) {
      const res = await fetch(stack.baseUrl + postPath, { headers: { 'user-agent': ua } });
      assert.equal(res.status, 200);
      const html = await res.text();
      const head = html.slice(0, html.indexOf('</head>'));
      const meta = (p: string) => new RegExp(`<meta (?:property|name)="${p}" content="([^"]+)"`).exec(head)?.[1];
      assert.equal(meta('og:title'), TITLE);
      assert.equal(meta('twitter:title'), TITLE);
      assert.ok(meta('og:description'), 'og:description');
      assert.equal(meta('og:url'), `${ORIGIN}${postPath}`);
      assert.equal(meta('twitter:card'), 'summary_large_image');
      assert.match(head, new RegExp(`<link rel="canonical" href="${ORIGIN}${postPath}"`));
      const image = meta('og:image') ?? '';
      assert.ok(image.startsWith(`${ORIGIN}/`), `og:image absolute from PUBLIC_ORIGIN: ${image}`);
      const photo = await fetch(stack.baseUrl + new URL(image).pathname, { headers: { 'user-agent': ua } });
      assert.equal(photo.status, 200, image);
      assert.match(photo.headers.get('content-type') ?? '', /^image\//);
      const tags = [...head.matchAll(/<(?:meta|link) [^>]*>/g)].map((m) => m[0]).join('\n');
      for (const secret of [PHONE_NO, '망원시장', String(EXACT.lat), String(EXACT.lng)])
        assert.ok(!tags.includes(secret), `a tag holds ${secret}`);
      assert.ok(!html.includes(String(EXACT.lat)) && !html.includes(String(EXACT.lng)), 'the exact point is nowhere in the page');
    }
  });

  it('a post that is not there is a rendered 404 page with noindex', async () => {
    const res = await fetch(`${stack.baseUrl}/lost/987654321`);
    assert.equal(res.status, 404);
    const html = await res.text();
    assert.match(html, /<div id="root">.+<\/div>/s);
    assert.match(html, /<meta name="robots" content="noindex"/);
  });
});
