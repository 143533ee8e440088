// Favourites and saved searches (issue 28) at 390 px, with desktop shots: a member hearts a shelter dog and
// one of our strays on /adopt, finds both in 관심 목록 on my page, saves a search (서울특별시), and when a
// matching new dog arrives (a stray the admin makes public, from the test) the bell says so, live.
// The sweep runs every 2 s here (FAVOURITES_SWEEP_CRON) instead of every 10 minutes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { axeProblems } from './axe';
import { gotoReady, registeredStray, registerReport, reportStray } from './fixtures';
import {
  createUser,
  DESKTOP,
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

const shelterCards = (page: Page) => page.getByRole('article', { name: /^보호소 공고 / });

async function assertTouchTarget(page: Page, name: string | RegExp) {
  const box = await page.getByRole('button', { name }).first().boundingBox();
  assert.ok(box && box.height >= 44 && box.width >= 44, `${String(name)} is ${box?.width ?? 0}×${box?.height ?? 0} px`);
}

describe('favourites and saved searches', () => {
  let stack: Stack;
  let browser: Browser;
  let member: TestUser;
  let finder: TestUser;
  let strayName: string;

  before(async () => {
    stack = await startStack({ FAVOURITES_SWEEP_CRON: '*/2 * * * * *' });
    browser = await launchBrowser();
    finder = await createUser(stack, 'favfinder');
    member = await createUser(stack, 'favmember');
    const strayId = await registeredStray(stack, finder, { description: '망원동 공원에서 만난 갈색 강아지', type: '푸들' });
    strayName = ((await httpClient(stack).get(`/api/abandoned/abandoned-pets/${strayId}`)).data as { name: string }).name;
    // The generated shelter sample through the local stand-in portal, as an admin would start it.
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

  it('a visitor’s heart leads to login', async () => {
    const context = await newContext(browser, stack, PHONE);
    const page = await context.newPage();
    await gotoReady(page, '/adopt');
    const heart = page.getByRole('button', { name: `${strayName} 관심 목록에 추가` });
    assert.equal(await heart.getAttribute('aria-pressed'), 'false');
    await heart.click();
    await page.waitForURL((u) => u.pathname === '/login' && u.searchParams.get('next') === '/adopt');
    await context.close();
  });

  it('phone: a member hearts a stray and a shelter dog, sees them in 관심 목록, saves a search and hears of a new dog', async () => {
    const context = await newContext(browser, stack, PHONE);
    await loginContext(context, stack, member.userId, member.password);
    const page = await context.newPage();
    await gotoReady(page, '/adopt');

    const strayHeart = page.getByRole('button', { name: `${strayName} 관심 목록에 추가` });
    await strayHeart.click();
    await page.getByRole('button', { name: `${strayName} 관심 목록에서 빼기`, pressed: true }).waitFor();
    const shelterCard = shelterCards(page).first();
    await shelterCard.waitFor();
    const shelterHeart = shelterCard.getByRole('button', { name: / 관심 목록에 추가$/ });
    const shelterLabel = ((await shelterHeart.getAttribute('aria-label')) ?? '').replace(/ 관심 목록에 추가$/, '');
    await shelterHeart.click();
    await shelterCard.getByRole('button', { name: `${shelterLabel} 관심 목록에서 빼기`, pressed: true }).waitFor();
    await assertTouchTarget(page, `${strayName} 관심 목록에서 빼기`);
    assert.deepEqual(await axeProblems(page), []);
    await screenshot(page, 'favourites-adopt-phone');

    await gotoReady(page, '/mypage/favourites');
    const list = page.getByRole('list', { name: '관심 목록에 담은 아이들' });
    await list.getByRole('link', { name: `${strayName} 자세히 보기` }).waitFor();
    await list.getByRole('link', { name: `${shelterLabel} 자세히 보기` }).waitFor();
    assert.equal(await list.getByRole('listitem').count(), 2);
    assert.deepEqual(await axeProblems(page), []);
    await screenshot(page, 'favourites-mypage-phone');

    // Save a search: 서울특별시, from the folded filter form.
    await gotoReady(page, '/adopt');
    const region = page.getByRole('combobox', { name: '지역(시·도)' });
    if (!(await region.isVisible())) await page.locator('label:visible', { hasText: /^필터/ }).first().click();
    await region.selectOption('서울특별시');
    await page.getByRole('button', { name: '검색' }).click();
    await page.waitForURL((u) => u.searchParams.get('region') === '서울특별시');
    await page.getByRole('button', { name: '이 조건 저장' }).click();
    await page.getByText('검색 조건을 저장했어요: 서울특별시').waitFor();
    await assertTouchTarget(page, '이 조건 저장');
    await screenshot(page, 'favourites-saved-search-phone');

    // A matching new dog arrives: a member reports one in 서울특별시 and the admin makes it public.
    await page.getByRole('button', { name: /^알림/ }).first().waitFor();
    await registerReport(stack, await reportStray(stack, finder, { description: '합정역 근처에서 발견한 하얀 강아지', type: '말티즈' }));
    const bell = page.getByRole('button', { name: /^알림, 읽지 않은 알림 \d+개/ }).first();
    await bell.waitFor({ timeout: 30_000 });
    await bell.click();
    await page
      .getByRole('dialog', { name: '알림' })
      .getByText('저장한 검색 조건에 맞는 새 아이가 1마리 왔어요')
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'favourites-bell-phone');

    // My page lists the saved search by its name in words, deletable.
    await gotoReady(page, '/mypage/favourites');
    await page.getByRole('list', { name: '저장한 검색 조건' }).getByRole('link', { name: '서울특별시 조건으로 입양 목록 보기' }).waitFor();
    await context.close();
  });

  it('desktop: the hearts and 관심 목록 look right', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    await loginContext(context, stack, member.userId, member.password);
    const page = await context.newPage();
    await gotoReady(page, '/adopt');
    await page.getByRole('button', { name: `${strayName} 관심 목록에서 빼기`, pressed: true }).waitFor();
    await screenshot(page, 'favourites-adopt-desktop');
    await gotoReady(page, '/mypage/favourites');
    await page.getByRole('list', { name: '관심 목록에 담은 아이들' }).waitFor();
    assert.deepEqual(await axeProblems(page), []);
    await screenshot(page, 'favourites-mypage-desktop');
    await context.close();
  });
});
