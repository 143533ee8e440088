import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { seriousViolations, type Violation } from './axe';
import { DESKTOP, PHONE, launchBrowser, loginContext, newContext, startStack, type Stack } from './harness';

const describeViolations = (vs: Violation[]) =>
  vs
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} → ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 4)
          .join(' | ')}`,
    )
    .join('\n');

describe('accessibility (axe-core, WCAG 2.1 AA, serious and critical)', () => {
  let stack: Stack;
  let browser: Browser;
  before(async () => {
    stack = await startStack({ SEED_DEMO_DATA: 'true' });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  // /community/1 is the first seeded demo post (with a cover image, a comment and a like).
  const visitorPages = ['/', '/login', '/signup', '/adopt', '/abandoned/register', '/community', '/community/1'];
  for (const viewport of [DESKTOP, PHONE]) {
    it(`visitor screens at ${viewport.width} px`, async () => {
      const context = await newContext(browser, stack, viewport);
      const page = await context.newPage();
      for (const path of visitorPages) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        const vs = await seriousViolations(page);
        assert.equal(vs.length, 0, `${path}:\n${describeViolations(vs)}`);
      }
      await context.close();
    });
  }

  it('member and admin screens', async () => {
    const member = await newContext(browser, stack, PHONE);
    await loginContext(member, stack, 'demo', 'demo1234');
    const page = await member.newPage();
    for (const path of [
      '/',
      '/mypet',
      '/pet/register',
      '/abandoned/register',
      '/adopt',
      '/community',
      '/community/1',
      '/community/createPost',
      '/mypage/info',
      '/mypage/pets',
      '/mypage/applications',
      '/mypage/donations',
    ]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const vs = await seriousViolations(page);
      assert.equal(vs.length, 0, `${path}:\n${describeViolations(vs)}`);
    }
    // The notification bell, open.
    await page.goto('/');
    await page.getByRole('button', { name: /^알림/ }).click();
    await page.getByRole('dialog', { name: '알림' }).waitFor();
    const bell = await seriousViolations(page);
    assert.equal(bell.length, 0, `bell:\n${describeViolations(bell)}`);
    await member.close();
    const admin = await newContext(browser, stack, DESKTOP);
    await loginContext(admin, stack, 'admin', stack.adminPassword);
    const a = await admin.newPage();
    for (const path of ['/', '/admin/abandoned-pets', '/admin/adopt-applications']) {
      await a.goto(path);
      await a.waitForLoadState('networkidle');
      // Admins' home is the live dashboard: checked with its charts drawn.
      if (path === '/') await a.getByRole('figure', { name: '유기견 상태 분포' }).waitFor();
      const vs = await seriousViolations(a);
      assert.equal(vs.length, 0, `${path}:\n${describeViolations(vs)}`);
    }
    await admin.close();
  });
});
