// KakaoTalk share and sightings attached to a report (issue 27 gaps) on desktop and at 390 px. With a
// Kakao JavaScript key configured, a lost post's 카카오톡으로 공유 fetches Kakao's SDK only on the press
// (the real loader; the SDK host is unreachable here, so a stand-in script answers its address and
// records the call) and shares the post's photo, title and link. A neighbour's 목격 form opened from the
// report says which report it is attached to; a wrong or closed report gets a Korean sentence and no form.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext } from 'playwright-core';
import { seoulToday } from '@pawbridge/shared';
import { noAxeProblems, postMissingReport, toTop } from './fixtures';
import {
  createUser,
  DESKTOP,
  expectConsole,
  httpClient,
  launchBrowser,
  loginContext,
  newContext,
  PHONE,
  screenshot,
  startStack,
  type Stack,
  type TestUser,
} from './harness';

const SDK = 'https://t1.kakaocdn.net/kakao_js_sdk/**';
const HERE = { lat: 35.8714, lng: 128.6014 }; // 대구 중구: far from the other journeys' posts
const NAME = '보리';

/** The stand-in for Kakao's SDK: defines window.Kakao and keeps every init and sendDefault in window.__kakao. */
const STAND_IN = `window.__kakao = { init: [], sent: [] };
window.Kakao = {
  _ready: false,
  init(key) { window.__kakao.init.push(key); this._ready = true; },
  isInitialized() { return this._ready; },
  Share: { sendDefault(feed) { window.__kakao.sent.push(feed); } },
};`;

/** The deployment pins the stand-in's own hash (as an operator pins a release's): the browser checks it. */
const STAND_IN_INTEGRITY = `sha384-${createHash('sha384').update(STAND_IN).digest('base64')}`;
const SDK_URL = 'https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js';

async function standInSdk(context: BrowserContext, body = STAND_IN): Promise<string[]> {
  const requested: string[] = [];
  await context.route(SDK, (route) => {
    requested.push(route.request().url());
    return route.fulfill({ status: 200, contentType: 'text/javascript', body, headers: { 'access-control-allow-origin': '*' } });
  });
  return requested;
}

async function postMissing(stack: Stack, owner: TestUser, name: string): Promise<number> {
  const c = httpClient(stack);
  assert.equal((await c.post('/api/users/login', { userId: owner.userId, password: owner.password })).status, 200);
  return postMissingReport(
    c,
    {
      name,
      breed: '시바견',
      size: 'MEDIUM',
      gender: 'MALE',
      colour: '황색',
      contact: 'RELAY',
      ...HERE,
      address: '대구 중구 동성로 입구',
      date: seoulToday(),
      time: '00:00',
    },
    { r: 200, g: 150, b: 90 },
  );
}

describe('lost share and attached sightings', () => {
  let stack: Stack;
  let browser: Browser;
  let owner: TestUser;
  let neighbour: TestUser;
  let postId = 0;
  let closedId = 0;

  before(async () => {
    stack = await startStack({ KAKAO_JS_KEY: 'e2e-kakao-js-key', KAKAO_SDK_URL: SDK_URL, KAKAO_SDK_INTEGRITY: STAND_IN_INTEGRITY });
    browser = await launchBrowser();
    [owner, neighbour] = [await createUser(stack, 'shareowner'), await createUser(stack, 'shareneighbour')];
    postId = await postMissing(stack, owner, NAME);
    closedId = await postMissing(stack, owner, '두부');
    const c = httpClient(stack);
    await c.post('/api/users/login', { userId: owner.userId, password: owner.password });
    assert.equal((await c.post(`/api/lost/posts/${closedId}/close`, { status: 'CANCELLED' })).status, 200);
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)
    it(`a visitor shares a lost post to KakaoTalk; the SDK comes only on the press (${label})`, async () => {
      const context = await newContext(browser, stack, viewport);
      const requested = await standInSdk(context);
      const page = await context.newPage();
      await page.goto(`/lost/${postId}`);
      await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
      const share = page.getByRole('button', { name: '카카오톡으로 공유' });
      await share.waitFor();
      assert.deepEqual(requested, [], 'no Kakao SDK in the first load');
      await page.getByRole('button', { name: '공유하기' }).waitFor();
      await share.click();
      await page.waitForFunction(() => (globalThis as { __kakao?: { sent: unknown[] } }).__kakao?.sent.length === 1);
      const calls = (await page.evaluate('window.__kakao')) as {
        init: string[];
        sent: { content: { title: string; imageUrl?: string; link: { webUrl: string } } }[];
      };
      assert.equal(requested.length, 1);
      const script = page.locator(`script[src="${SDK_URL}"]`);
      assert.equal(await script.getAttribute('integrity'), STAND_IN_INTEGRITY);
      assert.equal(await script.getAttribute('crossorigin'), 'anonymous');
      assert.deepEqual(calls.init, ['e2e-kakao-js-key']);
      const feed = calls.sent[0]!.content;
      assert.match(feed.title, new RegExp(`^\\[실종\\] ${NAME}`));
      assert.equal(feed.link.webUrl, `${stack.baseUrl}/lost/${postId}`);
      assert.match(feed.imageUrl ?? '', new RegExp(`^${stack.baseUrl}/`));
      await noAxeProblems(page, `lost post with Kakao share (${label})`);
      await screenshot(page, `lost-share-kakao-${label}`);
      await context.close();
    });

  it('a changed SDK file is refused by the browser: nothing of it runs and the reader is told', async () => {
    const context = await newContext(browser, stack, PHONE);
    // Chromium says why it refused the file; that line is the expected outcome here.
    expectConsole(context, /integrity/i);
    const requested = await standInSdk(context, `${STAND_IN}\nwindow.__tampered = true;`);
    const page = await context.newPage();
    await page.goto(`/lost/${postId}`);
    await page.getByRole('button', { name: '카카오톡으로 공유' }).click();
    await page.getByText('카카오톡 공유를 열지 못했어요').first().waitFor();
    assert.equal(requested.length, 1);
    assert.equal(await page.evaluate('typeof window.__kakao'), 'undefined');
    assert.equal(await page.evaluate('typeof window.__tampered'), 'undefined');
    await screenshot(page, 'lost-share-kakao-refused-phone');
    await context.close();
  });

  it('the 목격 form says which report it joins; a wrong or closed report gets a Korean sentence and no form', async () => {
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const context = await newContext(browser, stack, viewport);
      await loginContext(context, stack, neighbour.userId, neighbour.password);
      const page = await context.newPage();
      await page.goto(`/lost/new/sighting?kind=SEEN&missingId=${postId}`);
      const card = page.getByRole('region', { name: '이 글은 아래 실종 신고에 붙어요' });
      await card.getByText(`${NAME} · 시바견`).waitFor();
      await card.getByRole('img', { name: `${NAME} 사진` }).waitFor();
      assert.equal(await card.getByRole('link', { name: '실종 신고 다시 보기' }).getAttribute('href'), `/lost/${postId}`);
      await page.getByRole('button', { name: '글 올리기' }).waitFor();
      await noAxeProblems(page, `attached sighting form (${label})`);
      await toTop(page);
      await screenshot(page, `lost-sighting-attached-${label}`);

      await page.goto(`/lost/new/sighting?kind=SEEN&missingId=${closedId}`);
      await page
        .getByRole('alert')
        .getByText(/이 실종 신고는 이미 끝났어요/)
        .waitFor();
      assert.equal(await page.getByRole('button', { name: '글 올리기' }).count(), 0);
      await screenshot(page, `lost-sighting-closed-${label}`);
      await page.goto('/lost/new/sighting?kind=SEEN&missingId=999999');
      await page
        .getByRole('alert')
        .getByText(/붙이려는 실종 신고를 찾을 수 없어요/)
        .waitFor();
      await context.close();
    }
  });
});
