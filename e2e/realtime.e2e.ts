// Browser journey for issue 11: live notifications and the admin's live dashboard.
// A member has the home page open while the admin approves their application in
// another browser: the bell's badge rises without a reload and the bell shows the
// message. The admin's dashboard counts a new stray report as it happens and the
// activity feed says so. Screenshots: the bell open and the dashboard, at 1280 and 390 px.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
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
  type TestUser,
} from './harness';
import { liveSubscriptions, reportStray } from './fixtures';

const PLACE = '연남동 경의선숲길';

const brownDog = (place: string) => ({
  description: `${place}에서 혼자 있던 갈색 강아지입니다.`,
  gender: 'FEMALE' as const,
  colour: { r: 150, g: 110, b: 70 },
  daysAgo: 1,
  foundTime: '09:10',
});

describe('realtime journey: the bell and the admin dashboard, live', () => {
  let stack: Stack;
  let browser: Browser;
  let adopter: TestUser;
  let reporter: TestUser;
  let strayId: number;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    [adopter, reporter] = [await createUser(stack, 'liveadopter'), await createUser(stack, 'livereporter')];
    strayId = await reportStray(stack, reporter, brownDog(PLACE));
    const admin = httpClient(stack);
    assert.equal((await admin.post('/api/users/login', { userId: 'admin', password: stack.adminPassword })).status, 200);
    assert.equal((await admin.post(`/api/admin/reports/${strayId}/register`)).status, 200);
    const c = httpClient(stack);
    await c.post('/api/users/login', { userId: adopter.userId, password: adopter.password });
    assert.equal((await c.post(`/api/adopt/apply/${strayId}`)).status, 200);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it("the member's badge rises when the admin approves in another browser, and the bell shows the message", async () => {
    const memberContext = await newContext(browser, stack, DESKTOP);
    await loginContext(memberContext, stack, adopter.userId, adopter.password);
    const page = await memberContext.newPage();
    const subscribed = liveSubscriptions(page, [`/topic/user/${adopter.userId}/adoption`]);
    await page.goto('/');
    await page.getByRole('button', { name: '알림', exact: true }).waitFor();
    await subscribed;

    const adminContext = await newContext(browser, stack, DESKTOP);
    await loginContext(adminContext, stack, 'admin', stack.adminPassword);
    const admin = await adminContext.newPage();
    await admin.goto('/admin/adopt-applications');
    const application = admin.getByRole('article').filter({ hasText: adopter.userId });
    await application.getByRole('button', { name: /입양 신청 승인/ }).click();
    await admin.getByRole('dialog').getByRole('button', { name: '승인' }).click();
    const approvedAt = Date.now();
    await admin.getByText('입양 신청을 승인했습니다.').waitFor();

    // No reload: the badge comes over the live connection (the spec's "within a second" is logged, not asserted).
    const bell = page.getByRole('button', { name: '알림, 읽지 않은 알림 1개' });
    await bell.waitFor();
    console.log(`[realtime] badge rose ${Date.now() - approvedAt} ms after the approval was sent`);
    await bell.click();
    const dropdown = page.getByRole('dialog', { name: '알림' });
    await dropdown.getByText('입양 신청 결과').waitFor();
    await dropdown.getByText('방금 전').waitFor();
    await page.getByRole('button', { name: '알림', exact: true }).waitFor();
    await screenshot(page, 'realtime-bell-open-desktop');
    await adminContext.close();
    await memberContext.close();

    const phone = await newContext(browser, stack, PHONE);
    await loginContext(phone, stack, adopter.userId, adopter.password);
    const small = await phone.newPage();
    const phoneSubscribed = liveSubscriptions(small, [`/topic/user/abandoned/${adopter.userId}`]);
    await small.goto('/');
    await phoneSubscribed;
    // Marked read on the desktop, so the list starts empty; then the member's own report is registered.
    const ownReport = await reportStray(stack, adopter, brownDog('상암동 하늘공원'));
    const admin2 = httpClient(stack);
    await admin2.post('/api/users/login', { userId: 'admin', password: stack.adminPassword });
    assert.equal((await admin2.post(`/api/admin/reports/${ownReport}/register`)).status, 200);
    await small.getByRole('button', { name: '알림, 읽지 않은 알림 1개' }).click();
    await small.getByRole('dialog', { name: '알림' }).getByText('제보 등록 완료').waitFor();
    await screenshot(small, 'realtime-bell-open-phone');
    await phone.close();
  });

  it("the admin's dashboard counts a member's new report as it happens, and the feed says so", async () => {
    const contexts: BrowserContext[] = [];
    const pages: Page[] = [];
    for (const viewport of [DESKTOP, PHONE]) {
      const context = await newContext(browser, stack, viewport);
      await loginContext(context, stack, 'admin', stack.adminPassword);
      const page = await context.newPage();
      await page.goto('/');
      await page.getByRole('heading', { name: '관리자 대시보드' }).waitFor();
      contexts.push(context);
      pages.push(page);
    }
    const [desk] = pages as [Page, Page];
    const reportsCard = desk.getByRole('article', { name: '유기견 제보' });
    const before = Number((await reportsCard.getByTestId('stat-유기견 제보').innerText()).replace(/\D/g, ''));
    // Live end to end (the BFF's upstream connection included) before the member reports.
    for (const page of pages) await page.getByRole('status').filter({ hasText: '실시간 연결됨' }).waitFor();

    await reportStray(stack, reporter, brownDog('망원동 골목'));
    await reportsCard
      .getByTestId('stat-유기견 제보')
      .filter({ hasText: String(before + 1) })
      .waitFor();
    for (const page of pages) await page.getByTestId('activity-feed').getByText('새 유기견 제보가 접수되었어요').first().waitFor();
    await reportsCard.getByText(/처리 대기 \d+건/).waitFor();

    await screenshot(desk, 'realtime-admin-dashboard-desktop');
    await screenshot(pages[1]!, 'realtime-admin-dashboard-phone');
    for (const c of contexts) await c.close();
  });
});
