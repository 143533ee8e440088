// Browser journey for issue 15: home and my page. A visitor's home paints before the
// session check answers; a new member sees an empty home and empty my-page tabs with
// helpful empty states; after registering a dog, applying and donating (the embedded
// test gateway) each tab shows them; the member edits their phone and sees it after a
// reload; an admin sees the dashboard, not my page. Screenshots at 1280 and 390 px.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  createUser,
  httpClient,
  latestCode,
  launchBrowser,
  loginContext,
  newContext,
  screenshot,
  startStack,
  type Stack,
  type TestUser,
} from './harness';
import { dogPhoto, registeredStray } from './fixtures';

const TABS = [
  ['info', '내 정보'],
  ['pets', '내 반려견'],
  ['applications', '입양 신청'],
  ['donations', '후원 내역'],
] as const;

async function openTab(page: Page, tab: string): Promise<void> {
  await page.goto(`/mypage/${tab}`);
  await page.getByRole('heading', { level: 1, name: '마이페이지' }).waitFor();
}

const hanRiver = (type: string) => ({
  description: '뚝섬한강공원에서 만난 순한 강아지입니다.',
  type,
  colour: { r: 120, g: 160, b: 200 },
});

describe('home and my page', () => {
  let stack: Stack;
  let browser: Browser;
  let member: TestUser;

  before(async () => {
    // Its own stack: the home's carousel is counted (one stray, then five), and other journeys add strays to the shared one.
    stack = await startStack({}, { fresh: true });
    browser = await launchBrowser();
    member = await createUser(stack, 'mypage');
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it("a visitor's home paints before the session check answers", async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const context = await newContext(browser, stack, viewport);
      const page = await context.newPage();
      // Hold the session check until the shell is on screen: the page must not wait for it.
      let release: () => void = () => undefined;
      const held = new Promise<void>((r) => (release = r));
      await page.route('**/api/users/check-session', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto('/');
      await page.getByRole('heading', { level: 1, name: '유기견에게 새 가족을 찾아 주세요' }).waitFor();
      await page
        .getByRole('region', { name: '바로 가기' })
        .getByRole('link', { name: /유기견 제보/ })
        .waitFor();
      release();
      await page.getByRole('region', { name: '가족을 기다리는 아이들' }).waitFor();
      await page.getByRole('link', { name: '회원가입하고 함께하기' }).waitFor();
      await screenshot(page, `mypage-home-visitor-${name}`);
      await context.close();
    }
  });

  it('a new member: an empty home and empty my-page tabs, each with a way forward', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    await loginContext(context, stack, member.userId, member.password);
    const page = await context.newPage();
    await page.goto('/');
    const dogs = page.getByRole('region', { name: '내 반려견' });
    await dogs.getByText('아직 등록한 반려견이 없어요.', { exact: false }).waitFor();
    assert.equal(await dogs.getByRole('link', { name: '반려견 등록하기' }).getAttribute('href'), '/pet/register');
    await page
      .getByRole('region', { name: '바로 가기' })
      .getByRole('link', { name: /마이페이지/ })
      .waitFor();

    await page.goto('/mypage');
    await page.waitForURL((u) => u.pathname === '/mypage/info');
    await page.getByText(member.email).waitFor();
    await screenshot(page, 'mypage-info-empty-desktop');
    await page.getByRole('tab', { name: '내 반려견' }).click();
    await page.waitForURL((u) => u.pathname === '/mypage/pets');
    await page
      .getByRole('link', { name: /반려견 등록/ })
      .first()
      .waitFor();
    await screenshot(page, 'mypage-pets-empty-desktop');
    await page.getByRole('tab', { name: '입양 신청' }).click();
    await page.getByText('아직 입양 신청이 없어요.', { exact: false }).waitFor();
    assert.equal(await page.getByRole('link', { name: '입양할 아이 보기' }).getAttribute('href'), '/adopt');
    await screenshot(page, 'mypage-applications-empty-desktop');
    await page.getByRole('tab', { name: '후원 내역' }).click();
    await page.getByRole('region', { name: '내 후원 내역' }).waitFor();
    await screenshot(page, 'mypage-donations-empty-desktop');
    await context.close();
  });

  it('after a dog, an application and a donation, home and every tab show them', async () => {
    const strayId = await registeredStray(stack, await createUser(stack, 'finder'), hanRiver('진돗개'));
    const api = httpClient(stack);
    assert.equal((await api.post('/api/users/login', { userId: member.userId, password: member.password })).status, 200);
    const form = new FormData();
    form.append(
      'pet',
      JSON.stringify({
        name: '초코',
        type: '푸들',
        weight: 4.2,
        age: 3,
        size: 'SMALL',
        gender: 'MALE',
        adopt: false,
        petId: '410-2024-01515',
      }),
    );
    form.append('profile', new Blob([new Uint8Array(await dogPhoto({ r: 200, g: 150, b: 90 }))], { type: 'image/jpeg' }), 'choco.jpg');
    const pet = await api.postForm('/api/pet/register', form);
    assert.equal(pet.status, 201, JSON.stringify(pet.data));
    assert.equal((await api.post(`/api/adopt/apply/${strayId}`)).status, 200);

    const context = await newContext(browser, stack, DESKTOP);
    await loginContext(context, stack, member.userId, member.password);
    const page = await context.newPage();
    // Donate through the adopt card and the embedded test gateway.
    await page.goto('/adopt');
    const card = page.getByRole('article').filter({ hasText: '뚝섬한강공원' });
    await card.getByRole('button', { name: /에게 후원하기$/ }).click();
    await page
      .getByRole('dialog', { name: /후원하기$/ })
      .getByRole('button', { name: '10,000원' })
      .click();
    await page
      .getByRole('dialog', { name: /후원하기$/ })
      .getByRole('button', { name: '다음' })
      .click();
    await page.getByRole('dialog', { name: '후원 확인' }).getByRole('button', { name: '결제하기' }).click();
    await page.getByRole('dialog', { name: '테스트 결제' }).getByRole('button', { name: '결제 승인' }).click();
    await page.getByText(/10,000원을 후원했습니다/).waitFor();

    await page.goto('/');
    const carousel = page.getByRole('region', { name: '가족을 기다리는 아이들' });
    const strayCard = carousel.getByRole('link', { name: /진돗개 서울특별시/ });
    await strayCard.waitFor();
    assert.equal(await strayCard.getAttribute('href'), `/adopt/${strayId}`);
    // One stray: everything fits, so previous and next are disabled.
    assert.equal(await carousel.getByRole('button', { name: '다음 아이들' }).getAttribute('aria-disabled'), 'true');
    const dog = page.getByRole('region', { name: '내 반려견' }).getByRole('link', { name: /초코/ });
    await dog.waitFor();
    assert.match((await dog.getAttribute('href')) ?? '', /^\/pet\/profile\//);
    await screenshot(page, 'mypage-home-member-desktop');

    // Five strays no longer fit four to a view: next moves on, then previous comes back.
    const finder = await createUser(stack, 'finder');
    for (const type of ['푸들', '시바견', '말티즈', '비글']) await registeredStray(stack, finder, hanRiver(type));
    await page.reload();
    await carousel.getByRole('link', { name: /비글 서울특별시/ }).waitFor();
    const next = carousel.getByRole('button', { name: '다음 아이들' });
    const previous = carousel.getByRole('button', { name: '이전 아이들' });
    await page.waitForFunction(() => document.querySelector('[aria-label="다음 아이들"]')?.getAttribute('aria-disabled') === 'false');
    assert.equal(await previous.getAttribute('aria-disabled'), 'true');
    await next.click();
    await page.waitForFunction(() => document.querySelector('[aria-label="이전 아이들"]')?.getAttribute('aria-disabled') === 'false');
    await screenshot(page, 'mypage-home-carousel-desktop');

    await openTab(page, 'pets');
    await page.getByText('초코').first().waitFor();
    await openTab(page, 'applications');
    const application = page.getByRole('listitem').filter({ hasText: '대기 중' });
    await application.getByText('관리자 검토를 기다리고 있어요').waitFor();
    await application.getByRole('button', { name: /입양 신청 취소$/ }).waitFor();
    await openTab(page, 'donations');
    await page.getByRole('region', { name: '내 후원 내역' }).getByText('10,000원').waitFor();
    await page
      .getByRole('region', { name: '내 후원 내역' })
      .getByRole('button', { name: /자세히 보기$/ })
      .click();
    await page.getByRole('dialog', { name: '후원 상세' }).getByText('결제 완료').waitFor();
    await page.keyboard.press('Escape');
    await context.close();

    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const ctx = await newContext(browser, stack, viewport);
      await loginContext(ctx, stack, member.userId, member.password);
      const p = await ctx.newPage();
      for (const [tab, label] of TABS) {
        await openTab(p, tab);
        await p.getByRole('tab', { name: label, selected: true }).waitFor();
        await p.waitForLoadState('networkidle');
        await screenshot(p, `mypage-${tab}-${name}`);
      }
      if (name === 'phone') {
        await p.goto('/');
        await p.getByRole('region', { name: '내 반려견' }).getByRole('link', { name: /초코/ }).waitFor();
        await screenshot(p, 'mypage-home-member-phone');
      }
      await ctx.close();
    }
  });

  it('the member edits their phone number and sees it after a reload', async () => {
    const context = await newContext(browser, stack, PHONE);
    await loginContext(context, stack, member.userId, member.password);
    const page = await context.newPage();
    await openTab(page, 'info');
    await page.getByRole('button', { name: '정보 수정' }).click();
    const phone = page.getByLabel('휴대폰 번호');
    await phone.fill('abc');
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText('휴대폰 번호 형식이 올바르지 않습니다.', { exact: false }).waitFor();
    await phone.fill('010-5151-7272');
    await screenshot(page, 'mypage-info-edit-phone');
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText('내 정보를 수정했어요.').waitFor();
    await page.reload();
    await page.getByText('010-5151-7272').waitFor();

    // A new address goes through the signup's verification step before it can be saved.
    const newEmail = `new.${member.email}`;
    await page.getByRole('button', { name: '정보 수정' }).click();
    await page.getByRole('button', { name: '이메일 변경' }).click();
    await page.getByLabel('이메일', { exact: true }).fill(newEmail);
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText('새 이메일 인증을 먼저 완료해 주세요.').waitFor();
    await page.getByRole('button', { name: '인증 코드 보내기' }).click();
    // The code field appears once the api has answered, after the mail was written.
    await page.getByLabel('인증 코드').waitFor();
    await page.getByLabel('인증 코드').fill(latestCode(stack, newEmail));
    await page.getByRole('button', { name: '인증하기' }).click();
    await page
      .getByRole('button', { name: /인증 완료/ })
      .first()
      .waitFor();
    await screenshot(page, 'mypage-info-email-verified-phone');
    await page.getByRole('button', { name: '저장' }).click();
    await page.getByText('내 정보를 수정했어요.').waitFor();
    await page.reload();
    await page.getByText(newEmail).waitFor();
    await context.close();
  });

  it('an admin sees the dashboard on home and is sent away from my page', async () => {
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const context: BrowserContext = await newContext(browser, stack, viewport);
      await loginContext(context, stack, 'admin', stack.adminPassword);
      const page = await context.newPage();
      await page.goto('/mypage/info');
      await page.waitForURL((u) => u.pathname === '/');
      await page.getByText('마이페이지는 일반 회원 전용이에요.', { exact: false }).waitFor();
      await page
        .getByText(/실시간 연결됨|연결 중/)
        .first()
        .waitFor();
      assert.equal(await page.getByRole('region', { name: '내 반려견' }).count(), 0);
      await page.waitForLoadState('networkidle');
      await screenshot(page, `mypage-home-admin-${name}`);
      await context.close();
    }
  });
});
