// Browser journey for issue 18: nationwide shelter animals in /adopt. With no service key
// the api syncs the generated sample through its in-process stand-in portal (demo mode).
// An admin starts the sync from the admin screen and sees its history row; a visitor then
// sees shelter cards (source label, D-day badge) beside a member's stray, searches one
// place across both sources and filters by region. axe on the list; desktop and phone shots.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  createUser,
  httpClient,
  launchBrowser,
  loginContext,
  newContext,
  screenshot,
  startStack,
  type Stack,
} from './harness';

const PLACE = '마포구 망원동 한강공원';
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious or critical WCAG 2.1 AA violations on the page as it is now (axe over the DevTools protocol: the CSP refuses script tags). */
async function axeProblems(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ending = document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.race([
      Promise.all(ending.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
    return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })).violations;
  })) as { id: string; impact: string | null; nodes: { target: string[] }[] }[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

/** A member's report in Seoul, registered by the admin: a PROTECTING stray on the adopt list. */
async function memberStray(stack: Stack): Promise<void> {
  const reporter = await createUser(stack, 'finder');
  const member = httpClient(stack);
  assert.equal((await member.post('/api/users/login', { userId: reporter.userId, password: reporter.password })).status, 200);
  const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  const form = new FormData();
  form.append(
    'abandoned-pet',
    JSON.stringify({
      latitude: 37.55,
      longitude: 126.9,
      gender: 'MALE',
      description: `${PLACE}에서 만난 순한 강아지입니다.`,
      location: '서울특별시',
      type: '진돗개',
      foundDate: day,
      foundTime: '09:10',
    }),
  );
  const jpeg = await sharp({ create: { width: 480, height: 360, channels: 3, background: { r: 190, g: 140, b: 80 } } })
    .jpeg()
    .toBuffer();
  form.append('imageurl', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'dog.jpg');
  const report = await member.postForm('/api/abandoned/register', form);
  assert.equal(report.status, 201, JSON.stringify(report.data));
  const admin = httpClient(stack);
  assert.equal((await admin.post('/api/users/login', { userId: 'admin', password: stack.adminPassword })).status, 200);
  assert.equal((await admin.post(`/api/admin/reports/${(report.data as { id: number }).id}/register`)).status, 200);
}

const shelterCards = (page: Page) => page.getByRole('article', { name: /^보호소 공고 / });
const memberCard = (page: Page) => page.getByRole('article').filter({ hasText: PLACE });

async function search(page: Page, place: string, region: string) {
  await page.getByLabel('발견 장소').fill(place);
  await page.getByLabel('지역(시·도)').selectOption(region);
  await page.getByRole('button', { name: '검색' }).click();
}

describe('shelter animals journey: admin sync → visitor sees, searches and filters both sources', () => {
  let stack: Stack;
  let browser: Browser;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    await memberStray(stack);
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
