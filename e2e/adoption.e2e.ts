// Browser journey for issue 8 item 13 and issue 9 items 15-16: nobody can freeze an
// adoption. A member applies, withdraws and applies again; the admin (who sees the
// applicant's name and contact) rejects; the stray is 보호 중 again and listed first.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
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
  type TestUser,
} from './harness';
import { registeredStray } from './fixtures';

const FREE = '망원한강공원';
const TAKEN = '서울숲 은행나무길';

const card = (page: Page, place: string) => page.getByRole('article').filter({ hasText: place });
const toTop = (page: Page) => page.evaluate('window.scrollTo(0, 0)');

const adoptable = (place: string) => ({
  description: `${place} 근처에서 만난 순한 강아지입니다.`,
  latitude: 37.55,
  longitude: 126.9,
  daysAgo: 3,
  foundTime: '10:30',
});

describe('adoption journey: apply → withdraw → apply again → admin rejects → adoptable again', () => {
  let stack: Stack;
  let browser: Browser;
  let adopter: TestUser;
  let other: TestUser;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    [adopter, other] = [await createUser(stack, 'adopter'), await createUser(stack, 'other')];
    // The dog someone else is waiting for, reported first so database order alone would list it first.
    const taken = await registeredStray(stack, other, { ...adoptable(TAKEN), colour: { r: 90, g: 90, b: 160 } });
    await registeredStray(stack, other, { ...adoptable(FREE), colour: { r: 176, g: 120, b: 72 } });
    const c = httpClient(stack);
    await c.post('/api/users/login', { userId: other.userId, password: other.password });
    assert.equal((await c.post(`/api/adopt/apply/${taken}`)).status, 200);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('a member applies, withdraws from "내 입양 신청", and applies again', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    await loginContext(context, stack, adopter.userId, adopter.password);
    const page = await context.newPage();
    await page.goto('/adopt');
    await card(page, FREE)
      .getByRole('button', { name: /입양 신청/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: '신청하기' }).click();
    await page.getByText('입양 신청이 접수되었습니다. 관리자의 승인을 기다려 주세요.').waitFor();
    await card(page, FREE).getByText('입양 대기').waitFor();

    const mine = page.getByRole('region', { name: '내 입양 신청' });
    await mine.getByText('진행 중 1/3건').waitFor();
    await mine.getByText('검토 중').waitFor();
    await toTop(page);
    await screenshot(page, 'adoption-my-applications-desktop');

    await mine.getByRole('button', { name: /입양 신청 취소/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/입양 신청을 취소할까요/).waitFor();
    await dialog.getByRole('button', { name: '신청 취소' }).click();
    await page.getByText('입양 신청을 취소했습니다.').waitFor();
    await mine.waitFor({ state: 'detached' });
    await card(page, FREE).getByText('보호 중').waitFor();
    assert.equal(
      await card(page, FREE)
        .getByRole('button', { name: /입양 신청/ })
        .isEnabled(),
      true,
      'the dog is adoptable again',
    );

    await card(page, FREE)
      .getByRole('button', { name: /입양 신청/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: '신청하기' }).click();
    await mine.getByText('검토 중').waitFor();
    await card(page, FREE).getByText('입양 대기').waitFor();
    await context.close();

    const phone = await newContext(browser, stack, PHONE);
    await loginContext(phone, stack, adopter.userId, adopter.password);
    const small = await phone.newPage();
    await small.goto('/adopt');
    await small
      .getByRole('region', { name: '내 입양 신청' })
      .getByRole('button', { name: /입양 신청 취소/ })
      .waitFor();
    await screenshot(small, 'adoption-my-applications-phone');
    await phone.close();
  });

  it('the admin sees the applicant’s name and contact, and rejects with a confirmation', async () => {
    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      const context = await newContext(browser, stack, viewport);
      await loginContext(context, stack, 'admin', stack.adminPassword);
      const page = await context.newPage();
      await page.goto('/admin/adopt-applications');
      const application = page.getByRole('article').filter({ hasText: adopter.userId });
      await application.getByText('승인 대기').waitFor();
      await application.getByText(`${adopter.name} (${adopter.userId})`).waitFor();
      assert.equal(await application.getByRole('link', { name: adopter.email }).getAttribute('href'), `mailto:${adopter.email}`);
      await application.getByRole('link', { name: '010-1234-5678' }).waitFor();
      assert.equal(await application.getByText(/\(번호 \d+\)/).count(), 0, 'a clean title without "(번호 N)"');
      await application.getByRole('button', { name: /입양 신청 거절/ }).waitFor();
      await screenshot(page, `adoption-admin-applications-${name}`);
      if (name === 'desktop') {
        await application.getByRole('button', { name: /입양 신청 거절/ }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText(`${adopter.name}님의`, { exact: false }).waitFor();
        await dialog.getByRole('button', { name: '거절' }).click();
        await page.getByText('입양 신청을 거절했습니다.').waitFor();
        await application.getByText('거절됨').waitFor();
        assert.equal(await application.getByRole('button').count(), 0, 'no decision buttons once rejected');
      }
      await context.close();
    }
  });

  it('the stray is 보호 중 again, listed before the dog someone is waiting for; the member sees 거절됨', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    const page = await context.newPage();
    await page.goto('/adopt');
    await card(page, FREE).getByText('보호 중').waitFor();
    await card(page, TAKEN).getByText('입양 대기').waitFor();
    const places = await page.getByRole('article').allInnerTexts();
    const free = places.findIndex((p) => p.includes(FREE));
    const taken = places.findIndex((p) => p.includes(TAKEN));
    assert.ok(free >= 0 && taken >= 0 && free < taken, `adoptable first (got ${free} and ${taken})`);
    await screenshot(page, 'adoption-adopt-list-after-reject-desktop');
    await context.close();

    const member = await newContext(browser, stack, PHONE);
    await loginContext(member, stack, adopter.userId, adopter.password);
    const mine = await member.newPage();
    await mine.goto('/adopt');
    const section = mine.getByRole('region', { name: '내 입양 신청' });
    await section.getByText('거절됨').waitFor();
    await section.getByText('진행 중 0/3건').waitFor();
    assert.equal(await section.getByRole('button').count(), 0);
    await member.close();
  });
});
