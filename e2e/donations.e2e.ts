// Browser journey for issue 12: a member donates 10,000원 to a stray through the
// embedded test gateway ("테스트 결제"); the card shows the total, 내 후원 내역 shows
// the donation with its detail modal; a replay of the same payment is refused and
// nothing is recorded twice. Desktop and phone screenshots; axe on the open modals.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
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
import { axeProblems } from './axe';

const PLACE = '연남동 경의선숲길';
interface HistoryItem {
  abandonedPetId: number | null;
  amount: number;
  impUid: string;
  merchantUid: string;
}

describe('donation journey: 10,000원 through the test gateway, history with details, replay refused', () => {
  let stack: Stack;
  let browser: Browser;
  let donor: TestUser;
  let strayId: number;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    donor = await createUser(stack, 'donor');
    strayId = await registeredStray(stack, await createUser(stack, 'finder'), {
      description: `${PLACE}에서 만난 얌전한 강아지입니다.`,
      gender: 'FEMALE',
      colour: { r: 200, g: 150, b: 90 },
      foundTime: '08:15',
    });
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('a member donates 10,000원 from the adopt card; the card and 내 후원 내역 show it; the detail modal has the payment', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    await loginContext(context, stack, donor.userId, donor.password);
    const page = await context.newPage();
    await page.goto('/adopt');
    const card = page.getByRole('article').filter({ hasText: PLACE });
    await card.getByText('아직 후원이 없어요').waitFor();
    await card.getByRole('button', { name: /에게 후원하기$/ }).click();

    const amount = page.getByRole('dialog', { name: /후원하기$/ });
    await amount.getByRole('button', { name: '10,000원' }).click();
    assert.deepEqual(await axeProblems(page), [], 'the amount modal passes axe');
    await screenshot(page, 'donations-amount-desktop');
    await amount.getByRole('button', { name: '다음' }).click();

    const confirm = page.getByRole('dialog', { name: '후원 확인' });
    await confirm.getByText(/10,000원을 후원할까요/).waitFor();
    await confirm.getByRole('button', { name: '결제하기' }).click();
    // The confirm modal fades out while the checkout opens: check the checkout once it is alone.
    await confirm.waitFor({ state: 'detached' });

    const checkout = page.getByRole('dialog', { name: '테스트 결제' });
    await checkout.getByText('실제로 돈이 오가지 않는 테스트 결제입니다.', { exact: false }).waitFor();
    await checkout.getByText(donor.email, { exact: false }).waitFor();
    assert.deepEqual(await axeProblems(page), [], 'the test checkout passes axe');
    await screenshot(page, 'donations-test-checkout-desktop');
    await checkout.getByRole('button', { name: '결제 승인' }).click();

    await page.getByText(/10,000원을 후원했습니다\. 고맙습니다!/).waitFor();
    await card.getByText('지금까지 10,000원 후원받았어요').waitFor();
    const history = page.getByRole('region', { name: '내 후원 내역' });
    await history.getByText('10,000원').waitFor();
    await history.getByRole('button', { name: /자세히 보기$/ }).click();
    const detail = page.getByRole('dialog', { name: '후원 상세' });
    await detail.getByText('결제 완료').waitFor();
    await detail.getByText(/^imp_test_/).waitFor();
    await detail.getByText(/^donation_\d+$/).waitFor();
    assert.deepEqual(await axeProblems(page), [], 'the detail modal passes axe');
    await screenshot(page, 'donations-detail-desktop');
    await context.close();
  });

  it('a replay of the same payment is refused with 409 and nothing is recorded twice', async () => {
    const member = httpClient(stack);
    assert.equal((await member.post('/api/users/login', { userId: donor.userId, password: donor.password })).status, 200);
    const before = (await member.get('/api/abandoned/donation/my-donations')).data as HistoryItem[];
    assert.equal(before.length, 1);
    const [paid] = before as [HistoryItem];
    assert.equal(paid.abandonedPetId, strayId);
    assert.equal(paid.amount, 10_000);
    const body = {
      impUid: paid.impUid,
      merchantUid: paid.merchantUid,
      amount: paid.amount,
      paymentMethod: 'card',
      abandonedPetId: strayId,
    };
    const replay = await member.post(`/api/abandoned/donation/${paid.impUid}`, body);
    assert.equal(replay.status, 409);
    assert.equal((replay.data as { error: { code: string } }).error.code, 'DONATION_ALREADY_RECORDED');
    // Someone else replaying the member's payment is refused too (not their order).
    const stranger = httpClient(stack);
    const other = await createUser(stack, 'stranger');
    await stranger.post('/api/users/login', { userId: other.userId, password: other.password });
    assert.equal((await stranger.post(`/api/abandoned/donation/${paid.impUid}`, body)).status, 400);
    assert.equal(((await member.get('/api/abandoned/donation/my-donations')).data as HistoryItem[]).length, 1);
    const totals = (await member.get('/api/abandoned/donation/totals')).data as {
      totals: { abandonedPetId: number; totalAmount: number }[];
    };
    assert.equal(totals.totals.find((t) => t.abandonedPetId === strayId)?.totalAmount, 10_000);
  });

  it('on a phone: the card, the amount modal and the history with its detail modal', async () => {
    const context = await newContext(browser, stack, PHONE);
    await loginContext(context, stack, donor.userId, donor.password);
    const page = await context.newPage();
    await page.goto('/adopt');
    const history = page.getByRole('region', { name: '내 후원 내역' });
    await history.getByText('10,000원').waitFor();
    await screenshot(page, 'donations-history-phone');
    await history.getByRole('button', { name: /자세히 보기$/ }).click();
    await page.getByRole('dialog', { name: '후원 상세' }).getByText('결제 완료').waitFor();
    await screenshot(page, 'donations-detail-phone');
    await page.keyboard.press('Escape');
    const card = page.getByRole('article').filter({ hasText: PLACE });
    await card.getByText('지금까지 10,000원 후원받았어요').waitFor();
    await card.getByRole('button', { name: /에게 후원하기$/ }).click();
    const amount = page.getByRole('dialog', { name: /후원하기$/ });
    await amount.getByRole('textbox', { name: '후원 금액' }).fill('0');
    await amount.getByRole('button', { name: '다음' }).click();
    await amount.getByText('올바른 금액을 입력해 주세요.').waitFor();
    await screenshot(page, 'donations-amount-phone');
    await context.close();
  });
});
