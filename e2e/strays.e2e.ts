// Browser journey for issue 4: a stray from report to adoption, through the
// real api + BFF + built SPA, with screenshots at desktop and phone widths.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { adoptPlaceField, cutTiles, dogPhoto, serveTiles, toTop } from './fixtures';
import {
  DESKTOP,
  PHONE,
  createUser,
  launchBrowser,
  loginContext,
  newContext,
  screenshot,
  startStack,
  type Stack,
  type TestUser,
} from './harness';

// A place word that appears only in this report, so the place search must find exactly it.
const PLACE = '해운대공원';
const DESCRIPTION = `${PLACE} 산책로 벤치 아래에서 떨고 있던 갈색 중형견입니다. 빨간 목줄을 하고 있고 사람을 잘 따릅니다.`;

const strayCard = (page: Page) => page.getByRole('article').filter({ hasText: PLACE });

describe('strays journey: report → review → adopt list → apply → approve', () => {
  let stack: Stack;
  let browser: Browser;
  let reporter: TestUser;
  let adopter: TestUser;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    [reporter, adopter] = [await createUser(stack, 'reporter'), await createUser(stack, 'adopter')];
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('visitors are asked to log in before reporting', async () => {
    const context = await newContext(browser, stack, PHONE);
    const page = await context.newPage();
    await page.goto('/abandoned/register');
    await page.getByText('유기견을 제보하려면 로그인이 필요합니다').waitFor();
    assert.equal(await page.getByRole('link', { name: '로그인하러 가기' }).getAttribute('href'), '/login');
    await screenshot(page, 'strays-report-visitor-phone');
    await context.close();
  });

  it('a member reports a stray with a map click and a photo', async () => {
    const context = await newContext(browser, stack, PHONE);
    await serveTiles(context);
    await loginContext(context, stack, reporter.userId, reporter.password);
    const page = await context.newPage();
    let registerCalls = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/abandoned/register')) registerCalls += 1;
    });
    await page.goto('/abandoned/register');
    await page.locator('.leaflet-container').waitFor();

    // Nothing filled: every message, nothing sent.
    await page.getByRole('button', { name: '제보하기' }).click();
    for (const message of [
      '지도를 눌러 발견 위치를 다시 선택해 주세요',
      '유기견 사진은 필수입니다',
      '유기견에 대한 설명을 입력해 주세요',
      '발견한 지역을 선택해 주세요',
      '발견 날짜를 입력해 주세요',
      '발견 시간을 입력해 주세요',
    ])
      await page.getByText(message).waitFor();
    assert.equal(registerCalls, 0);
    await toTop(page);
    await screenshot(page, 'strays-report-errors-phone');

    // Choosing the region moves the map there, so the click lands in Busan, not Seoul.
    await page.getByLabel(/^발견 지역/).selectOption('부산광역시');
    const map = page.getByRole('region', { name: '발견 위치' });
    await map.scrollIntoViewIfNeeded();
    await map.click({ position: { x: 120, y: 100 } });
    await page.getByText(/^선택한 위치: 부산광역시 부근$/).waitFor();
    assert.equal(await page.locator('.leaflet-interactive').count(), 1, 'one marker on the map');

    // A text file named .jpg is refused on the field at once, before any upload.
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('산책 기록: 해운대 3km, 물 2병') });
    await page.getByText('이미지 파일만 업로드할 수 있습니다').waitFor();
    assert.equal(await page.getByRole('img', { name: '선택한 사진 미리보기' }).count(), 0, 'no broken preview');
    await page.getByText('이미지 파일만 업로드할 수 있습니다').scrollIntoViewIfNeeded();
    await screenshot(page, 'strays-report-bad-file-phone', { fullPage: false });

    await page.locator('input[type="file"]').setInputFiles({ name: 'found-dog.jpg', mimeType: 'image/jpeg', buffer: await dogPhoto() });
    await page.getByRole('img', { name: '선택한 사진 미리보기' }).waitFor();
    assert.equal(await page.getByText('이미지 파일만 업로드할 수 있습니다').count(), 0);
    // No predictor is configured in this stack: no AI step, one quiet line instead of a failure.
    await page.getByText('품종은 직접 입력해 주세요. 모르면 비워 두어도 됩니다.').waitFor();
    assert.equal(await page.getByText('AI 품종 예측').count(), 0);
    assert.equal(await page.getByText('품종 예측에 실패했습니다').count(), 0);
    await page.getByLabel('품종', { exact: true }).fill('진돗개 믹스');
    await page.getByLabel('성별', { exact: true }).selectOption('MALE');
    await page.getByLabel(/^발견 날짜/).fill('2026-11-20');
    await page.getByLabel(/^발견 시간/).fill('14:30');
    await page.getByLabel(/^설명/).fill(DESCRIPTION);
    await toTop(page);
    await screenshot(page, 'strays-report-filled-phone');

    await page.getByRole('button', { name: '제보하기' }).click();
    await page.getByText('제보해 주셔서 고맙습니다').waitFor();
    assert.equal(registerCalls, 1);
    await screenshot(page, 'strays-report-done-phone');

    // Members are not admins: the admin screens send them home with the spec's message.
    for (const adminPath of ['/admin/abandoned-pets', '/admin/adopt-applications']) {
      await page.goto(adminPath);
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByText('관리자만 접근할 수 있습니다.').first().waitFor();
    }
    await context.close();
  });

  it('the report form at desktop width: a region far from the pin is questioned', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    await serveTiles(context);
    await loginContext(context, stack, reporter.userId, reporter.password);
    const page = await context.newPage();
    await page.goto('/abandoned/register');
    await page.locator('.leaflet-container').waitFor();
    await page.getByLabel(/^발견 지역/).selectOption('제주특별자치도');
    await page.getByRole('region', { name: '발견 위치' }).click({ position: { x: 300, y: 160 } });
    await page.getByText(/^선택한 위치: 제주특별자치도 부근/).waitFor();
    await screenshot(page, 'strays-report-desktop');

    await page.getByLabel(/^발견 지역/).selectOption('서울특별시');
    await page.getByText('지도에서 고른 위치가 서울특별시 밖에 있어요. 어느 쪽이 맞나요?').waitFor();
    await page.getByText(/밖에 있어요/).scrollIntoViewIfNeeded();
    await screenshot(page, 'strays-report-region-mismatch-desktop', { fullPage: false });
    await page.getByRole('button', { name: '지역을 제주특별자치도로 바꾸기' }).click();
    assert.equal(await page.getByLabel(/^발견 지역/).inputValue(), '제주특별자치도');
    assert.equal(await page.getByText(/밖에 있어요/).count(), 0);
    await context.close();
  });

  it('offline, the map says it could not load and the point can still be chosen and read', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const context = await newContext(browser, stack, viewport);
      await cutTiles(context);
      await context.grantPermissions(['geolocation']);
      await context.setGeolocation({ latitude: 33.4996, longitude: 126.5312 });
      await loginContext(context, stack, reporter.userId, reporter.password);
      const page = await context.newPage();
      await page.goto('/abandoned/register');
      await page.getByRole('status').filter({ hasText: '지도를 불러오지 못했습니다. 아래 버튼으로 위치를 선택할 수 있습니다.' }).waitFor();

      // "My location" still works and fills the region from the point.
      await page.getByRole('button', { name: '내 위치 사용' }).click();
      await page.getByText(/^선택한 위치: 제주특별자치도 부근$/).waitFor();
      assert.equal(await page.getByLabel(/^발견 지역/).inputValue(), '제주특별자치도');
      await toTop(page);
      await screenshot(page, `strays-report-offline-${name}`);

      // Choosing another region questions the pin; picking again there takes that region's centre.
      await page.getByLabel(/^발견 지역/).selectOption('대구광역시');
      await page.getByRole('button', { name: '대구광역시에서 위치 다시 고르기' }).click();
      await page.getByText('아직 위치를 선택하지 않았습니다.').waitFor();
      await page.getByRole('button', { name: '지도 중앙을 위치로 선택' }).click();
      await page.getByText(/^선택한 위치: 대구광역시 부근/).waitFor();
      await context.close();
    }
  });

  it('the admin sees the report pending, opens it and registers the stray', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    await serveTiles(context);
    await loginContext(context, stack, 'admin', stack.adminPassword);
    const page = await context.newPage();
    await page.goto('/admin/abandoned-pets');
    const row = page.getByRole('row').filter({ hasText: PLACE });
    await row.waitFor();
    await row.getByText('검토 대기').waitFor();
    // The table shows 50 characters and an ellipsis.
    await row.getByText(`${Array.from(DESCRIPTION).slice(0, 50).join('')}…`).waitFor();
    await screenshot(page, 'strays-admin-list-desktop');

    await row.getByRole('button', { name: /상세 보기/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('img', { name: /제보된 유기견 사진/ }).waitFor();
    await dialog.locator('.leaflet-container').waitFor();
    await dialog.getByText('부산광역시', { exact: true }).waitFor();
    // The point in words, in the region the form moved the map to.
    await dialog.getByText(/^부산광역시 부근$/).waitFor();
    // At 1280×900 the actions are in view without scrolling: the body scrolls, not the buttons away.
    const registerBox = await dialog.getByRole('button', { name: '유기견으로 등록' }).boundingBox();
    assert.ok(
      registerBox && registerBox.y + registerBox.height <= DESKTOP.height,
      `register button in view (${JSON.stringify(registerBox)})`,
    );
    await screenshot(page, 'strays-admin-modal-desktop', { fullPage: false });
    await dialog.getByRole('button', { name: '유기견으로 등록' }).click();
    await page.getByText('보호 중인 유기견으로 등록했습니다.').waitFor();
    const done = dialog.getByRole('button', { name: '이미 등록됨' });
    await done.waitFor();
    assert.equal(await done.isDisabled(), true);
    await dialog.getByRole('button', { name: '닫기' }).first().click();
    await row.getByText('보호 중').waitFor();
    await context.close();

    const phone = await newContext(browser, stack, PHONE);
    await serveTiles(phone);
    await loginContext(phone, stack, 'admin', stack.adminPassword);
    const phonePage = await phone.newPage();
    await phonePage.goto('/admin/abandoned-pets');
    await phonePage.getByRole('article').filter({ hasText: '부산광역시' }).first().waitFor();
    await screenshot(phonePage, 'strays-admin-list-phone');
    await phonePage
      .getByRole('button', { name: /상세 보기/ })
      .first()
      .click();
    await phonePage.getByRole('dialog').locator('.leaflet-container').waitFor();
    const registered = phonePage.getByRole('dialog').getByRole('button', { name: '이미 등록됨' });
    assert.equal(await registered.isDisabled(), true);
    const doneBox = await registered.boundingBox();
    assert.ok(doneBox && doneBox.y + doneBox.height <= PHONE.height, 'the actions stay in view on a phone');
    await screenshot(phonePage, 'strays-admin-modal-phone', { fullPage: false });
    await phone.close();
  });

  it('a visitor finds the stray by place, without downloading the map', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const context = await newContext(browser, stack, viewport);
      const page = await context.newPage();
      const mapRequests: string[] = [];
      page.on('request', (r) => {
        if (/leaflet|dapi\.kakao/.test(r.url())) mapRequests.push(r.url());
      });
      await page.goto('/adopt');
      await (await adoptPlaceField(page)).fill(PLACE);
      await page.getByRole('button', { name: '검색' }).click();
      await page.getByText('검색 결과 1마리').waitFor();
      const card = strayCard(page);
      await card.getByText('보호 중').waitFor();
      await card.getByRole('img').waitFor();
      assert.equal(await card.getByRole('button', { name: /입양 신청/ }).isEnabled(), true);
      assert.deepEqual(mapRequests, [], 'the adopt list loads no map code');
      await screenshot(page, `strays-adopt-search-${name}`);

      // A place that matches nothing, then reset back to everything.
      await (await adoptPlaceField(page)).fill('없는장소xyz');
      await page.getByRole('button', { name: '검색' }).click();
      await page.getByText('조건에 맞는 유기견이 없습니다.').waitFor();
      await adoptPlaceField(page); // 초기화 is in the fold too
      await page.getByRole('button', { name: '초기화' }).click();
      await strayCard(page).waitFor();
      await context.close();
    }
  });

  it('a member applies; a second application gets the 409 message', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    await loginContext(context, stack, adopter.userId, adopter.password);
    const first = await context.newPage();
    const stale = await context.newPage();
    for (const page of [first, stale]) {
      await page.goto('/adopt');
      await strayCard(page)
        .getByRole('button', { name: /입양 신청/ })
        .waitFor();
    }

    await strayCard(first)
      .getByRole('button', { name: /입양 신청/ })
      .click();
    await first.getByRole('dialog').getByRole('button', { name: '신청하기' }).click();
    await first.getByText('입양 신청이 접수되었습니다. 관리자의 승인을 기다려 주세요.').waitFor();
    await strayCard(first).getByRole('button', { name: '대기 중' }).waitFor();
    await strayCard(first).getByText('입양 대기').waitFor();

    // The second tab still shows the stray as available: the server refuses the repeat.
    await strayCard(stale)
      .getByRole('button', { name: /입양 신청/ })
      .click();
    await stale.getByRole('dialog').getByRole('button', { name: '신청하기' }).click();
    await stale.getByText('이미 입양을 신청한 유기견입니다').waitFor();
    await screenshot(stale, 'strays-adopt-already-applied-desktop');
    await context.close();
  });

  it('the admin approves and the badge shows "입양 완료"', async () => {
    const context = await newContext(browser, stack, PHONE);
    await loginContext(context, stack, 'admin', stack.adminPassword);
    const page = await context.newPage();
    await page.goto('/admin/adopt-applications');
    const card = page.getByRole('article').filter({ hasText: adopter.userId });
    await card.getByText('승인 대기').waitFor();
    await screenshot(page, 'strays-admin-applications-phone');
    await card.getByRole('button', { name: /입양 신청 승인/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: '승인' }).click();
    await card.getByText('승인됨').waitFor();
    await card.getByText('승인일').waitFor();
    assert.equal(await card.getByRole('button').count(), 0, 'no approve button once approved');
    await screenshot(page, 'strays-admin-applications-approved-phone');
    await context.close();

    const desktop = await newContext(browser, stack, DESKTOP);
    const visitor = await desktop.newPage();
    await visitor.goto('/adopt');
    const adopted = strayCard(visitor);
    await adopted.locator('.mantine-Badge-label', { hasText: '입양 완료' }).waitFor();
    const button = adopted.getByRole('button', { name: '입양 완료' });
    assert.equal(await button.isDisabled(), true);
    await screenshot(visitor, 'strays-adopt-adopted-desktop');
    await desktop.close();
  });
});
