// Browser journey for issue 18: nationwide shelter animals in /adopt. With no service key
// the api syncs the generated sample through its in-process stand-in portal (demo mode).
// An admin starts the sync from the admin screen and sees its history row; a visitor then
// sees shelter cards (source label, D-day badge) beside a member's stray, searches one
// place across both sources and filters by region. axe on the list; desktop and phone shots.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, PHONE, createUser, launchBrowser, loginContext, newContext, screenshot, startStack, type Stack } from './harness';
import { registeredStray } from './fixtures';
import { axeProblems } from './axe';

const PLACE = '마포구 망원동 한강공원';
const shelterCards = (page: Page) => page.getByRole('article', { name: /^보호소 공고 / });
const memberCard = (page: Page) => page.getByRole('article').filter({ hasText: PLACE });

async function search(page: Page, place: string, region: string) {
  await page.getByRole('textbox', { name: '발견 장소' }).fill(place);
  await page.getByRole('combobox', { name: '지역(시·도)' }).selectOption(region);
  await page.getByRole('button', { name: '검색' }).click();
}

describe('shelter animals journey: admin sync → visitor sees, searches and filters both sources', () => {
  let stack: Stack;
  let browser: Browser;

  before(async () => {
    // Its own stack: the history must start empty, and the animal-page journey syncs the shared one.
    stack = await startStack({}, { fresh: true });
    browser = await launchBrowser();
    await registeredStray(stack, await createUser(stack, 'finder'), {
      description: `${PLACE}에서 만난 순한 강아지입니다.`,
      type: '진돗개',
      colour: { r: 190, g: 140, b: 80 },
      latitude: 37.55,
      longitude: 126.9,
      foundTime: '09:10',
    });
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('an admin starts a sync from the admin screen and sees the history row', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    await loginContext(context, stack, 'admin', stack.adminPassword);
    const page = await context.newPage();
    await page.goto('/admin/shelter-sync');
    await page.getByText('아직 동기화 기록이 없습니다.').waitFor();
    await page.getByRole('button', { name: '지금 동기화' }).click();
    const table = page.getByRole('table', { name: '동기화 기록' });
    const row = table.getByRole('row').nth(1);
    await row.getByText('관리자').waitFor();
    // Polled while running; the sample's 300 dogs and their pictures take a while.
    await row.getByText('성공').waitFor({ timeout: 120_000 });
    assert.equal(await page.getByRole('button', { name: '지금 동기화' }).isEnabled(), true);
    const cells = await row.getByRole('cell').allTextContents();
    assert.ok(Number(cells[6]) > 0, `new animals: ${cells.join(' | ')}`);
    assert.deepEqual(await axeProblems(page), []);
    await screenshot(page, 'shelter-admin-sync-desktop');
    await context.close();
  });

  it('a visitor sees shelter cards with the source label and D-day beside our stray, then searches and filters both sources', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    const page = await context.newPage();
    await page.goto('/adopt');
    await memberCard(page).waitFor();
    const first = shelterCards(page).first();
    await first.waitFor();
    await first.getByText('보호소 공고', { exact: true }).waitFor();
    assert.ok((await page.getByText(/^공고 종료 D-\d+$|^오늘 마감$/).count()) > 0, 'a notice D-day badge');
    assert.match((await first.getByRole('link', { name: /^보호소에 문의: / }).getAttribute('href')) ?? '', /^tel:\d+$/);
    assert.equal(await first.getByRole('button', { name: /입양 신청|후원/ }).count(), 0);
    // The picture comes through our proxy and loads.
    const img = first.getByRole('img');
    assert.match((await img.getAttribute('src')) ?? '', /^\/shelter-images\/[\w-]+\/1$/);
    await page.waitForFunction(() => [...document.querySelectorAll('article img')].some((i) => (i as HTMLImageElement).naturalWidth > 0));
    assert.deepEqual(await axeProblems(page), []);
    await screenshot(page, 'shelter-adopt-desktop');

    // One place, both sources.
    await search(page, '마포구', '');
    await page.getByText(/^검색 결과 \d+마리$/).waitFor();
    await memberCard(page).waitFor();
    await shelterCards(page).first().waitFor();
    for (const text of await shelterCards(page).allTextContents()) assert.match(text, /마포/);

    // A region: Busan's shelters only, our Seoul stray left out.
    await search(page, '', '부산광역시');
    await page.waitForFunction(() => ![...document.querySelectorAll('article')].some((a) => a.textContent?.includes('망원동')));
    await shelterCards(page).first().waitFor();
    // Our strays and the shelter notices are two answers: the notices may still be the 마포 ones for a moment.
    await page.waitForFunction(() => {
      const cards = [...document.querySelectorAll('article')].filter((a) => a.getAttribute('aria-label')?.startsWith('보호소 공고 '));
      return cards.length > 0 && cards.every((a) => !a.textContent?.includes('마포'));
    });
    for (const text of await shelterCards(page).allTextContents()) assert.match(text, /부산/);

    // Shelter notices only.
    await page.getByRole('button', { name: '초기화' }).click();
    await page.getByText('보호소 공고', { exact: true }).first().waitFor();
    await page
      .locator('label')
      .filter({ hasText: /^보호소 공고$/ })
      .click();
    await page.waitForFunction(() => ![...document.querySelectorAll('article')].some((a) => a.textContent?.includes('망원동')));
    await context.close();
  });

  it('reads on a phone (390 px) without sideways scrolling', async () => {
    const context = await newContext(browser, stack, PHONE);
    const page = await context.newPage();
    await page.goto('/adopt');
    await shelterCards(page).first().waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
    await screenshot(page, 'shelter-adopt-phone');
    await context.close();
  });
});
