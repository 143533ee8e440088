import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { DESKTOP, PHONE, latestCode, launchBrowser, loginViaUi, newContext, screenshot, startStack, type Stack } from './harness';

describe('accounts journey', () => {
  let stack: Stack;
  let browser: Browser;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('signs up with the mailed code, logs in, greets by name, logs out', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    const page = await context.newPage();
    const email = `mina${Date.now()}@example.com`;
    await page.goto('/signup');
    await screenshot(page, 'accounts-signup-empty-desktop');
    await page.getByLabel('이름').fill('김민아');
    await page.getByLabel('아이디').fill('mina_e2e');
    await page.getByLabel('이메일').fill(email);
    await page.getByRole('button', { name: '인증 코드 보내기' }).click();
    await page.getByLabel('인증 코드').waitFor();
    await assert.doesNotReject(page.getByText(/[0-9]:[0-5][0-9]/).first().waitFor());
    const code = latestCode(stack, email);
    await page.getByLabel('인증 코드').fill(code);
    await page.getByRole('button', { name: '인증하기' }).click();
    await page.getByRole('button', { name: '인증 완료' }).waitFor();
    await page.getByLabel('비밀번호', { exact: true }).fill('secret12');
    await page.getByLabel('비밀번호 확인').fill('secret12');
    await page.getByLabel('생년월일').fill('1995-03-14');
    await page.getByLabel('전화번호').fill('010-2345-6789');
    await screenshot(page, 'accounts-signup-filled-desktop');
    await page.getByRole('button', { name: '가입하기' }).click();
    await page.waitForURL((u) => u.pathname === '/login');

    await loginViaUi(page, 'mina_e2e', 'secret12');
    await page.getByText('김민아님, 안녕하세요').waitFor();
    assert.equal(await page.getByRole('link', { name: '마이페이지' }).count() > 0, true);
    await screenshot(page, 'accounts-home-member-desktop');

    await page.getByRole('button', { name: '로그아웃' }).click();
    await page.getByRole('link', { name: '로그인' }).first().waitFor();
    assert.equal(await page.getByText('김민아님, 안녕하세요').count(), 0);
    await context.close();
  });

  it('shows the right Korean messages for invalid input and sends nothing', async () => {
    const context = await newContext(browser, stack, PHONE);
    const page = await context.newPage();
    let signupCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/users/signup')) signupCalls += 1;
    });
    await page.goto('/signup');
    await page.getByLabel('아이디').fill('abc');
    await page.getByLabel('이메일').fill('not-an-email');
    await page.getByLabel('비밀번호', { exact: true }).fill('123');
    await page.getByLabel('비밀번호 확인').fill('1234');
    await page.getByRole('button', { name: '가입하기' }).click();
    await page.getByText('이름을 입력해 주세요.').waitFor();
    await page.getByText('아이디는 4자 이상이어야 합니다.').waitFor();
    await page.getByText('비밀번호는 6자 이상이어야 합니다.').waitFor();
    await page.getByText('비밀번호가 일치하지 않습니다.').waitFor();
    assert.equal(signupCalls, 0);
    await screenshot(page, 'accounts-signup-errors-phone');

    await page.goto('/login');
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await page.getByText('아이디를 입력해 주세요.').waitFor();
    await page.getByLabel('아이디').fill('nobody');
    await page.getByLabel('비밀번호').fill('wrong-password');
    await page.getByRole('button', { name: '로그인', exact: true }).click();
    await page.getByText(/로그인 실패/).waitFor();
    await screenshot(page, 'accounts-login-failed-phone');
    await context.close();
  });

  it('lets the admin in with isAdmin and hides my page', async () => {
    const context = await newContext(browser, stack, PHONE);
    const page = await context.newPage();
    await loginViaUi(page, 'admin', stack.adminPassword);
    const session = (await page.evaluate(async () => (await fetch('/api/users/check-session')).json())) as { isAdmin?: boolean };
    assert.equal(session.isAdmin, true);
    await page.getByRole('button', { name: '메뉴 열기' }).click();
    await page.getByRole('link', { name: '입양하기' }).first().waitFor();
    assert.equal(await page.getByRole('link', { name: '마이페이지' }).count(), 0);
    await screenshot(page, 'accounts-admin-menu-phone');
    await context.close();
  });
});
