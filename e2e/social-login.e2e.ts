import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { OAuthStandin } from '@pawbridge/api/testing/oauth-standin';
import { DESKTOP, PHONE, freePort, launchBrowser, newContext, screenshot, startStack, type Stack } from './harness';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core (WCAG 2.1 AA) serious and critical findings on the screens only this journey can show (brand buttons, social boxes). */
async function assertAccessible(page: Page): Promise<void> {
  await page.evaluate(AXE_SOURCE);
  const found = (await page.evaluate(async () => {
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
    // Modals fade in and out: measure colours once every transition has ended (a half-faded modal fails contrast).
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ending = document.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.race([
      Promise.all(ending.map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  })) as string[];
  assert.deepEqual(found, [], `${page.url()}:\n${found.join('\n')}`);
}

/** Social login end to end: the browser goes through the local OAuth stand-in and back. */
describe('social login journey', () => {
  let standin: OAuthStandin;
  let stack: Stack;
  let browser: Browser;

  before(async () => {
    standin = await OAuthStandin.start();
    // The api builds redirect URIs on the public origin, so the BFF's port is fixed up front.
    const port = await freePort();
    stack = await startStack({ ...standin.env(), PORT: String(port), PUBLIC_ORIGIN: `http://127.0.0.1:${port}` });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
    await standin?.close();
  });

  it('logs in with Kakao through the provider and lands on / with the badge and the info box (1280)', async () => {
    standin.setPerson('kakao', { id: '3141592653', email: 'kakao.e2e@example.com', name: '카카오보호자' });
    const context = await newContext(browser, stack, DESKTOP);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: '카카오로 로그인' }).waitFor();
    for (const name of ['Google로 로그인', '네이버로 로그인']) assert.equal(await page.getByRole('link', { name }).count(), 1);
    await screenshot(page, 'social-login-buttons-desktop');
    await assertAccessible(page);

    await page.getByRole('link', { name: '카카오로 로그인' }).click();
    // Back from the provider on /?socialLogin=success; after the re-check the flag is gone.
    await page.waitForURL((u) => u.pathname === '/' && u.search === '');
    const header = page.getByRole('banner');
    await header.getByText('카카오보호자님, 안녕하세요').waitFor();
    await header.getByText('소셜 로그인', { exact: true }).waitFor();
    const box = page.getByRole('alert').filter({ hasText: '소셜 계정으로 로그인했어요' });
    // The provider and the words, never the raw social or user ids (issue 25 item 8).
    await box.getByText('소셜 계정으로 로그인 중', { exact: true }).waitFor();
    await box.getByText('카카오', { exact: true }).waitFor();
    assert.match((await box.textContent()) ?? '', /카카오 계정으로 로그인했습니다/);
    assert.doesNotMatch((await box.textContent()) ?? '', /3141592653/);
    await screenshot(page, 'social-login-home-desktop');
    await assertAccessible(page);

    await page.goto('/pet/register');
    const registration = page.getByRole('alert').filter({ hasText: '소셜 로그인 정보' });
    await registration.getByText('소셜 계정으로 로그인 중', { exact: true }).waitFor();
    await registration.getByRole('button', { name: '세션 새로고침' }).waitFor();
    assert.doesNotMatch((await registration.textContent()) ?? '', /3141592653/);
    await screenshot(page, 'social-login-pet-register-desktop');
    await assertAccessible(page);
    await context.close();
  });

  it('a denied login shows the message once and clears the address; then Google works on a phone (390)', async () => {
    const context = await newContext(browser, stack, PHONE);
    const page = await context.newPage();
    standin.failNext('naver', 'deny');
    await page.goto('/login');
    await page.getByRole('link', { name: '네이버로 로그인' }).click();
    const message = page.getByText('소셜 로그인 실패: 로그인을 취소했습니다');
    await message.waitFor();
    await page.waitForURL((u) => u.pathname === '/login' && u.search === '');
    assert.equal(await message.count(), 1);
    await screenshot(page, 'social-login-denied-phone');

    standin.setPerson('google', { id: '1098765432', email: 'google.e2e@example.com', name: '구글보호자' });
    await page.getByRole('link', { name: 'Google로 로그인' }).click();
    await page.waitForURL((u) => u.pathname === '/' && u.search === '');
    const box = page.getByRole('alert').filter({ hasText: '소셜 계정으로 로그인했어요' });
    await box.getByText('소셜 계정으로 로그인 중', { exact: true }).waitFor();
    await box.getByText('Google', { exact: true }).waitFor();
    assert.doesNotMatch((await page.evaluate(() => document.body.innerText)) ?? '', /1098765432/);
    // The denial's message does not come back after the round trip.
    assert.equal(await page.getByText('소셜 로그인 실패: 로그인을 취소했습니다').count(), 0);
    await screenshot(page, 'social-login-home-phone');
    await context.close();
  });
});
