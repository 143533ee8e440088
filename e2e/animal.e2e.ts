// A page per animal (issue 26) at 390 px: from an adopt card to the stray's page and back, a shelter
// animal's page with its photos to swipe and the 전화하기 link, share falling back to a copied link.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { DESKTOP, httpClient, launchBrowser, loginContext, newContext, PHONE, screenshot, startStack, type Stack } from './harness';

describe('a page per animal', () => {
  let stack: Stack;
  let browser: Browser;
  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    // The generated shelter sample through the local stand-in portal (demo mode), as an admin would start it.
    const admin = httpClient(stack);
    await admin.post('/api/users/login', { userId: 'admin', password: stack.adminPassword });
    await admin.post('/api/admin/shelter-sync');
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

  it('phone: an adopt card opens the stray page; share without the Web Share API copies the link', async () => {
    const context = await newContext(browser, stack, PHONE);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.baseUrl });
    const page = await context.newPage();
    await page.addInitScript(() => Object.defineProperty(navigator, 'share', { value: undefined }));
    await page.goto('/adopt');
    await screenshot(page, 'adopt-390');
    const link = page.getByRole('link', { name: /자세히 보기$/ }).first();
    const href = await link.getAttribute('href');
    assert.match(href ?? '', /^\/(adopt|shelter)\/[^/]+$/);
    await page.goto(href?.startsWith('/adopt/') ? href : '/adopt');
    const stray = page.locator('a[href^="/adopt/"]').first();
    if (!href?.startsWith('/adopt/')) await stray.click();
    await page.getByRole('link', { name: '입양 목록으로' }).waitFor();
    assert.match(new URL(page.url()).pathname, /^\/adopt\/\d+$/);
    assert.equal(await page.getByText(/위도|경도/).count(), 0);
    await page.getByRole('button', { name: '공유하기' }).click();
    await page.getByText('링크를 복사했어요.').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), page.url());
    assert.ok(await page.locator('meta[property="og:image"]').getAttribute('content'));
    await screenshot(page, 'stray-page-390');
    await context.close();
  });

  it('phone: a shelter animal page swipes its photos and calls the shelter with a tel: link', async () => {
    const context = await newContext(browser, stack, PHONE);
    const page = await context.newPage();
    await page.goto('/adopt');
    const shelterLink = page.locator('a[href^="/shelter/"]').first();
    await shelterLink.waitFor();
    await shelterLink.click();
    await page.getByRole('link', { name: '입양 목록으로' }).waitFor();
    const call = page.getByRole('link', { name: /전화하기/ });
    if ((await call.count()) > 0) assert.match((await call.getAttribute('href')) ?? '', /^tel:[\d+]+$/);
    const next = page.getByRole('button', { name: '다음 사진' });
    if ((await next.count()) > 0) {
      await next.click();
      await page.getByRole('img', { name: /사진 2\/2/ }).waitFor();
    }
    await screenshot(page, 'shelter-page-390');
    await context.close();
  });

  it('desktop screenshots of both pages and the list', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    await loginContext(context, stack, 'admin', stack.adminPassword);
    const page = await context.newPage();
    await page.goto('/adopt');
    await page.locator('a[href^="/adopt/"]').first().waitFor();
    await screenshot(page, 'adopt-1280');
    await page.locator('a[href^="/adopt/"]').first().click();
    await page.getByRole('link', { name: '입양 목록으로' }).waitFor();
    await screenshot(page, 'stray-page-1280');
    await page.goto('/adopt');
    await page.locator('a[href^="/shelter/"]').first().click();
    await page.getByRole('link', { name: '입양 목록으로' }).waitFor();
    await screenshot(page, 'shelter-page-1280');
    await context.close();
  });
});
