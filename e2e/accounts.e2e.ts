import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  createUser,
  expectConsole,
  latestCode,
  launchBrowser,
  loginContext,
  loginViaUi,
  newContext,
  screenshot,
  startStack,
  type Stack,
} from './harness';

/** Waits for the drawer's slide-in to finish, so a screenshot shows it in place (a cancelled animation counts as finished). */
const settled = (dialog: Locator) =>
  dialog.evaluate((el) =>
    Promise.all(el.ownerDocument.getAnimations().map((a) => a.finished.catch(() => undefined))).then(() => undefined),
  );

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
    await page.getByLabel('아이디', { exact: true }).fill('mina_e2e');
    await page.getByLabel('이메일').fill(email);
    await page.getByRole('button', { name: '인증 코드 보내기' }).click();
    await page.getByLabel('인증 코드').waitFor();
    await assert.doesNotReject(
      page
        .getByText(/[0-9]:[0-5][0-9]/)
        .first()
        .waitFor(),
    );
    const code = latestCode(stack, email);
    await page.getByLabel('인증 코드').fill(code);
    await page.getByRole('button', { name: '인증하기' }).click();
    await page.getByRole('button', { name: '인증 완료' }).waitFor();
    await page.getByLabel('비밀번호', { exact: true }).fill('secret12');
    await page.getByLabel('비밀번호 확인').fill('secret12');
    await page.getByLabel('생년월일').fill('1995-03-14');
    await page.getByLabel('휴대폰 번호').fill('010-2345-6789');
    await screenshot(page, 'accounts-signup-filled-desktop');
    await page.getByRole('button', { name: '가입하기' }).click();
    await page.waitForURL((u) => u.pathname === '/login');

    await page.waitForFunction((title) => document.title === title, '로그인 · 포브리지');

    // The very first login is a welcome; the next one says "good to see you again".
    await loginViaUi(page, 'mina_e2e', 'secret12');
    await page.getByText('김민아님, 안녕하세요').waitFor();
    await page.getByText('김민아님, 포브리지에 오신 것을 환영해요').waitFor();
    assert.equal(await page.getByText(/다시 만나서 반가워요/).count(), 0);
    await page.waitForFunction((title) => document.title === title, '포브리지');
    // Korean wraps between words, not inside them; over-long tokens still break.
    const wrapping = await page.getByText('발견한 유기견을 제보하고', { exact: false }).evaluate((el) => {
      const style = getComputedStyle(el);
      return [style.wordBreak, style.overflowWrap];
    });
    assert.deepEqual(wrapping, ['keep-all', 'anywhere']);
    const menu = page.getByRole('navigation', { name: '주 메뉴' });
    assert.deepEqual(await menu.getByRole('link').allTextContents(), [
      '반려견 등록',
      '내 반려견',
      '유기견 제보',
      '입양하기',
      '실종·목격',
      '커뮤니티',
      '마이페이지',
    ]);
    await screenshot(page, 'accounts-home-member-desktop');

    await page.getByRole('button', { name: '로그아웃' }).click();
    await page.getByRole('link', { name: '로그인' }).first().waitFor();
    assert.equal(await page.getByText('김민아님, 안녕하세요').count(), 0);
    // The home the visitor is left on reads its public parts again: the lost strip (it needs the public
    // config) comes back, and no list says it could not load.
    await page.getByRole('heading', { name: '가족을 찾고 있어요' }).waitFor();
    await menu.getByRole('link', { name: '실종·목격' }).waitFor();
    assert.equal(await page.getByText('불러오지 못했어요', { exact: false }).count(), 0);
    // Notifications sit below the header, never over it.
    const toast = await page.getByText('로그아웃되었습니다').boundingBox();
    const header = await page.locator('header').first().boundingBox();
    assert.ok(
      toast && header && toast.y >= header.y + header.height,
      `toast at ${toast?.y}, header ends at ${header ? header.y + header.height : '?'}`,
    );
    await loginViaUi(page, 'mina_e2e', 'secret12');
    await page.getByText('김민아님, 다시 만나서 반가워요').waitFor();
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
    await page.getByLabel('아이디', { exact: true }).fill('abc');
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

  it('lets the admin in with isAdmin, offers the three admin screens and hides my page', async () => {
    const context = await newContext(browser, stack, PHONE);
    const page = await context.newPage();
    await loginViaUi(page, 'admin', stack.adminPassword);
    // The admin's home is the live dashboard: leaving it while its socket still connects makes Chromium warn
    // ("closed before the connection is established"), so wait until it says it is live, as a person would.
    await page.locator('[role="status"][data-live="online"]').waitFor();
    const session = (await page.evaluate(async () => (await fetch('/api/users/check-session')).json())) as { isAdmin?: boolean };
    assert.equal(session.isAdmin, true);
    await page.getByRole('button', { name: '메뉴 열기' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: '입양하기' }).waitFor();
    assert.deepEqual(await drawer.getByRole('navigation', { name: '주 메뉴' }).getByRole('link').allTextContents(), [
      '반려견 등록',
      '유기견 제보',
      '입양하기',
      '실종·목격',
      '커뮤니티',
      '제보 관리',
      '입양 신청 관리',
      '보호소 공고 동기화',
    ]);
    assert.equal(await page.getByRole('link', { name: '마이페이지' }).count(), 0);
    await settled(drawer);
    await screenshot(page, 'accounts-admin-menu-phone');
    await drawer.getByRole('link', { name: '입양 신청 관리' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/adopt-applications');
    await page.waitForFunction((title) => document.title === title, '입양 신청 관리 · 포브리지');

    // My page typed by hand: an admin is sent home with a word why.
    await page.goto('/mypage');
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByText(/마이페이지는 일반 회원 전용이에요/).waitFor();

    await page.setViewportSize(DESKTOP);
    await page.reload();
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '제보 관리' }).waitFor();
    await screenshot(page, 'accounts-admin-header-desktop');
    await context.close();
  });

  it('sends a visitor who types /mypage to the login screen, saying why', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    const page = await context.newPage();
    await page.goto('/mypage');
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByText('로그인이 필요합니다.').waitFor();
    await context.close();
  });

  it('member menus at both widths', async () => {
    const member = await createUser(stack, 'menu');
    const context = await newContext(browser, stack, PHONE);
    await loginContext(context, stack, member.userId, member.password);
    const page = await context.newPage();
    await page.goto('/adopt');
    await page.getByRole('button', { name: '메뉴 열기' }).click();
    const drawer = page.getByRole('dialog');
    // The member's entries appear once the session check has answered.
    await drawer.getByRole('link', { name: '마이페이지' }).waitFor();
    assert.deepEqual(await drawer.getByRole('navigation', { name: '주 메뉴' }).getByRole('link').allTextContents(), [
      '반려견 등록',
      '내 반려견',
      '유기견 제보',
      '입양하기',
      '실종·목격',
      '커뮤니티',
      '마이페이지',
    ]);
    await settled(drawer);
    await screenshot(page, 'accounts-member-menu-phone');
    await drawer.getByRole('link', { name: '내 반려견' }).click();
    await page.waitForURL((u) => u.pathname === '/mypet');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '내 반려견' }).waitFor();
    await screenshot(page, 'accounts-member-header-desktop');
    await context.close();
  });

  it('when the server cannot be reached, a member is not shown as logged out: the failure is said and the check retried', async () => {
    const member = await createUser(stack, 'offline');
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const context = await newContext(browser, stack, viewport);
      // The cut connection below is on purpose; Chromium logs each refused call.
      expectConsole(context, /Failed to load resource: net::ERR_CONNECTION_REFUSED/);
      await loginContext(context, stack, member.userId, member.password);
      const page = await context.newPage();
      await page.route('**/api/users/check-session', (route) => route.abort('connectionrefused'));
      await page.goto('/pet/register');
      const alert = page.getByRole('alert').filter({ hasText: '서버에 연결하지 못했어요' });
      await alert.waitFor();
      assert.equal(await page.getByRole('link', { name: '로그인', exact: true }).count(), 0);
      assert.equal(await page.getByText('반려견을 등록하려면 로그인이 필요합니다').count(), 0);
      await screenshot(page, `accounts-connection-failed-${name}`);
      await page.unroute('**/api/users/check-session');
      await alert.getByRole('button', { name: '다시 연결' }).click();
      await page.getByRole('button', { name: '반려견 등록' }).waitFor();
      assert.equal(await alert.count(), 0);
      // Issue 25 item 4: once the server has confirmed the member, a reload during an outage keeps them a
      // member (bell, 로그아웃 / the phone menu's member entries) and the home offers no signup.
      await page.route('**/api/users/check-session', (route) => route.abort('connectionrefused'));
      await page.reload();
      await page.getByRole('alert').filter({ hasText: '서버에 연결하지 못했어요' }).waitFor();
      await page.getByRole('button', { name: /알림/ }).first().waitFor();
      if (name === 'desktop') await page.getByRole('button', { name: '로그아웃', exact: true }).waitFor();
      assert.equal(await page.getByRole('link', { name: '로그인', exact: true }).count(), 0);
      await screenshot(page, `accounts-reload-offline-member-${name}`);
      // The home is rendered by the BFF with the session it checked (issue 26): the browser makes no session
      // call of its own, so the blocked one changes nothing — still the member's header, no signup offer.
      await page.goto('/');
      await page.getByRole('button', { name: /알림/ }).first().waitFor();
      if (name === 'desktop') await page.getByRole('button', { name: '로그아웃', exact: true }).waitFor();
      assert.equal(await page.getByRole('link', { name: '회원가입하고 함께하기' }).count(), 0);
      assert.equal(await page.getByRole('link', { name: '로그인', exact: true }).count(), 0);
      await page.unroute('**/api/users/check-session');
      await context.close();
    }
  });
});
