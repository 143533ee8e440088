// A page per animal (issue 26) at 390 px: from an adopt card to our stray's page (apply, donate, share
// falling back to a copied link), a shelter animal's page (photos to swipe, D-day, 전화하기 tel: link),
// the not-found state for an unknown id, the cards' image loading hints, and desktop shots of all three.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { registeredStray, toTop } from './fixtures';
import {
  createUser,
  DESKTOP,
  expectConsole,
  httpClient,
  launchBrowser,
  loginContext,
  newContext,
  PHONE,
  screenshot,
  startStack,
  type Stack,
  type TestUser,
} from './harness';

const DESCRIPTION = '망원한강공원 산책로에서 만난 순한 강아지예요. 사람을 잘 따르고 산책을 좋아합니다.';

/** Swipe the photo strip right-to-left with a touch-like pointer drag (Embla follows pointer events). */
async function swipeLeft(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  assert.ok(box, 'the photo strip is on the screen');
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.85, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; i += 1) await page.mouse.move(box.x + box.width * (0.85 - i * 0.09), y);
  await page.mouse.up();
}

/** A thumb can hit it: at least 44 px tall (the page's actions and its way back). */
async function assertTouchTarget(page: Page, name: string | RegExp, role: 'button' | 'link' = 'button') {
  const box = await page.getByRole(role, { name }).first().boundingBox();
  assert.ok(box && box.height >= 44, `${String(name)} is ${box?.height ?? 0} px tall`);
}

describe('a page per animal', () => {
  let stack: Stack;
  let browser: Browser;
  let finder: TestUser;
  let strayId: number;
  let strayName: string;
  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    finder = await createUser(stack, 'animal');
    // Our own stray, newest on the list (a fresh stack has none).
    strayId = await registeredStray(stack, finder, { description: DESCRIPTION, type: '진돗개', colour: { r: 200, g: 150, b: 90 } });
    const visitor = httpClient(stack);
    const one = await visitor.get(`/api/abandoned/abandoned-pets/${strayId}`);
    assert.equal(one.status, 200, JSON.stringify(one.data));
    strayName = (one.data as { name: string }).name;
    // The generated shelter sample through the local stand-in portal (demo mode), as an admin would start it.
    const admin = httpClient(stack);
    await admin.post('/api/users/login', { userId: 'admin', password: stack.adminPassword });
    assert.equal((await admin.post('/api/admin/shelter-sync')).status < 300, true);
    for (let i = 0; i < 240; i += 1) {
      const runs = await admin.get('/api/admin/shelter-sync/runs');
      if (Array.isArray(runs.data) && (runs.data as { status: string }[])[0]?.status !== 'running') break;
      await new Promise((r) => setTimeout(r, 500));
    }
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('phone: adopt cards load the first photo first and the rest lazily, with their size set', async () => {
    const context = await newContext(browser, stack, PHONE);
    const page = await context.newPage();
    await page.goto('/adopt');
    await page.locator('a[href^="/shelter/"]').first().waitFor();
    const photos = page.locator('article img');
    const hints = await photos.evaluateAll((imgs) =>
      imgs.map((img) => ({
        priority: img.getAttribute('fetchpriority'),
        loading: img.getAttribute('loading'),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
      })),
    );
    assert.ok(hints.length > 2, `cards with photos: ${hints.length}`);
    const [first, ...rest] = hints;
    assert.equal(first?.priority, 'high');
    assert.notEqual(first?.loading, 'lazy');
    for (const h of rest) {
      assert.equal(h.loading, 'lazy');
      assert.notEqual(h.priority, 'high');
    }
    for (const h of hints) assert.ok(Number(h.width) > 0 && Number(h.height) > 0, JSON.stringify(h));
    // Our stray's card photo is its 480 px thumbnail.
    const ours = page.getByRole('article', { name: strayName }).locator('img');
    assert.match((await ours.getAttribute('src')) ?? '', /^\/uploads\/[a-f0-9]{32}\.thumb\.webp$/);
    await screenshot(page, 'adopt-390');
    await context.close();
  });

  it('phone: an adopt card opens our stray page; apply asks a visitor to log in; share without the Web Share API copies the link', async () => {
    const context = await newContext(browser, stack, PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    const page = await context.newPage();
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.goto('/adopt');
    await page.getByRole('link', { name: `${strayName} 자세히 보기` }).click();
    await page.getByRole('heading', { level: 1, name: strayName }).waitFor();
    assert.equal(new URL(page.url()).pathname, `/adopt/${strayId}`);
    await page.getByText(DESCRIPTION).waitFor();
    await page.getByText('진돗개').first().waitFor();
    assert.equal(await page.getByText(/위도|경도/).count(), 0);
    // The full photo, not the card's thumbnail.
    const photo = page.getByRole('img', { name: `${strayName} 사진 1/1` });
    assert.match((await photo.getAttribute('src')) ?? '', /^\/uploads\/[a-f0-9]{32}\.(jpg|png|webp)$/);
    // Apply and donate are offered; a visitor is asked to log in first.
    await page.getByRole('button', { name: `${strayName}에게 후원하기` }).waitFor();
    for (const name of [`${strayName}에게 후원하기`, `${strayName} 입양 신청`, '공유하기']) await assertTouchTarget(page, name);
    await assertTouchTarget(page, '입양 목록으로', 'link');
    await page.getByRole('button', { name: `${strayName} 입양 신청` }).click();
    await page.getByRole('link', { name: '로그인하기' }).waitFor();
    await page.getByRole('button', { name: '공유하기' }).click();
    await page.getByText('링크를 복사했어요.').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());
    assert.match((await page.locator('meta[property="og:image"]').getAttribute('content')) ?? '', /^https?:\/\/.+\/uploads\//);
    assert.equal(await page.locator('link[rel="canonical"]').getAttribute('href'), page.url());
    await toTop(page);
    await screenshot(page, 'stray-page-390');
    await context.close();
  });

  it('phone: a member applies from the stray page', async () => {
    const member = await createUser(stack, 'adopter');
    const context = await newContext(browser, stack, PHONE);
    await loginContext(context, stack, member.userId, member.password);
    const page = await context.newPage();
    await page.goto(`/adopt/${strayId}`);
    await page.getByRole('button', { name: `${strayName} 입양 신청` }).click();
    await page.getByRole('dialog').getByRole('button', { name: '신청하기' }).click();
    await page.getByText('입양 신청이 접수되었습니다. 관리자의 승인을 기다려 주세요.').waitFor();
    await context.close();
  });

  it('phone: a shelter animal page swipes its photos, shows its D-day and calls the shelter with a tel: link', async () => {
    const context = await newContext(browser, stack, PHONE);
    const page = await context.newPage();
    await page.goto('/adopt');
    // A shelter animal with more than one photo to swipe, found through the public list.
    const list = await httpClient(stack).get('/api/shelter-animals?size=100');
    assert.equal(list.status, 200, JSON.stringify(list.data));
    const items = (Array.isArray(list.data) ? list.data : []) as {
      desertionNo: string;
      imageUrls: string[];
      shelter: { tel: string | null };
    }[];
    const many = items.find((a) => a.imageUrls.length > 1 && a.shelter.tel);
    assert.ok(many, 'the sample has an animal with several photos and a shelter phone');
    // From a card when that animal is on the first screen, else straight to its address.
    const card = page.locator(`a[href="/shelter/${many.desertionNo}"]`);
    await page.locator('a[href^="/shelter/"]').first().waitFor();
    if ((await card.count()) > 0) await card.first().click();
    else await page.goto(`/shelter/${many.desertionNo}`);
    await page.getByRole('link', { name: '입양 목록으로' }).waitFor();
    const call = page.getByRole('link', { name: /전화하기/ });
    assert.match((await call.getAttribute('href')) ?? '', /^tel:[\d+]+$/);
    const callBox = await call.boundingBox();
    assert.ok(callBox && callBox.height >= 44, `the call button is a thumb's size: ${JSON.stringify(callBox)}`);
    await page
      .getByText(/공고 종료 D-\d+|오늘 마감|공고 종료/)
      .first()
      .waitFor();
    // The second photo waits outside the photo frame, to its right; a swipe brings it into the frame.
    const secondAt = (where: 'outside' | 'shown') =>
      page.waitForFunction(
        ([name, w]) => {
          const img = [...document.querySelectorAll('img')].find((i) => i.alt.endsWith(name));
          const frame = document.querySelector('[aria-label="사진"]')?.getBoundingClientRect();
          if (!img || !frame) return false;
          const x = img.getBoundingClientRect().x;
          return w === 'outside' ? x >= frame.right - 1 : Math.abs(x - frame.left) < 2;
        },
        [`사진 2/${many.imageUrls.length}`, where] as const,
      );
    await secondAt('outside');
    await swipeLeft(page, '[aria-label="사진"]');
    await secondAt('shown');
    await toTop(page);
    await screenshot(page, 'shelter-page-390');
    await context.close();
  });

  it('phone: an unknown animal shows the not-found state, kept out of search indexes', async () => {
    const context = await newContext(browser, stack, PHONE);
    // The server renders the not-found page with 404 (issue 26); Chromium logs the document's status.
    expectConsole(context, /^Failed to load resource: the server responded with a status of 404 \(Not Found\)$/);
    const page = await context.newPage();
    for (const path of ['/adopt/987654321', '/shelter/000000000000000']) {
      const res = await page.goto(path);
      assert.equal(res?.status(), 404, `${path}: the not-found page answers 404`);
      await page.getByRole('heading', { name: '찾을 수 없는 동물이에요' }).waitFor();
      assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');
    }
    await assertTouchTarget(page, '입양 목록으로', 'link');
    await screenshot(page, 'not-found-390');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'not-found-1280');
    await context.close();
  });

  it('desktop screenshots of both pages and the list', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    await loginContext(context, stack, finder.userId, finder.password);
    const page = await context.newPage();
    await page.goto('/adopt');
    await page.locator('a[href^="/shelter/"]').first().waitFor();
    await screenshot(page, 'adopt-1280');
    await page.getByRole('link', { name: `${strayName} 자세히 보기` }).click();
    await page.getByRole('heading', { level: 1, name: strayName }).waitFor();
    await screenshot(page, 'stray-page-1280');
    await page.goto('/adopt');
    await page.locator('a[href^="/shelter/"]').first().click();
    await page.getByRole('link', { name: /전화하기/ }).waitFor();
    await screenshot(page, 'shelter-page-1280');
    await context.close();
  });
});
