// Browser journey for issue 28 (neighbourhood alerts): member B sets a 3 km neighbourhood on my page, member C one 10 km away;
// member A reports a lost dog inside B's radius. B's bell rings live, C's does not; A's page shows how many
// neighbours were told; the unsubscribe link of B's alert e-mail works in a browser with no cookie.
// Desktop 1280 and phone 390 screenshots of the settings and the unsubscribe page; axe on each screen.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { liveSubscriptions, noAxeProblems, postMissingReport, serveTiles, toTop } from './fixtures';
import { latestMailText } from './mail';
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

const seoulToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());

describe('neighbourhood alerts journey: 동네 settings → a lost dog nearby → live bell, reach, unsubscribe', () => {
  let stack: Stack;
  let browser: Browser;
  let owner: TestUser;
  let near: TestUser;
  let far: TestUser;
  let point = { lat: 0, lng: 0 };
  let postId = 0;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    [owner, near, far] = [await createUser(stack, 'alertowner'), await createUser(stack, 'alertnear'), await createUser(stack, 'alertfar')];
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('B sets a 3 km 동네 with e-mail at once on my page (desktop)', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    await serveTiles(context);
    await loginContext(context, stack, near.userId, near.password);
    const page = await context.newPage();
    await page.goto('/mypage/alerts');
    await page.getByText('아직 동네를 정하지 않았어요', { exact: false }).waitFor();
    const map = page.getByRole('region', { name: '내 동네 위치' });
    await map.scrollIntoViewIfNeeded();
    await map.click({ position: { x: 200, y: 140 } });
    await page.getByLabel(/^동네 이름/).fill('서울 마포구 망원동');
    await page.getByRole('radio', { name: '메일로 바로 (하루 최대 10통)' }).check();
    await page.getByRole('button', { name: '동네 알림 저장' }).click();
    await page.getByText('지금: 서울 마포구 망원동 반경 3 km').waitFor();
    await noAxeProblems(page, '동네 settings');
    await toTop(page);
    await screenshot(page, 'alerts-settings-desktop');
    await context.close();

    const c = httpClient(stack);
    await c.post('/api/users/login', { userId: near.userId, password: near.password });
    const saved = (await c.get('/api/me/neighbourhood')).data as { setting: { lat: number; lng: number; radiusKm: number } };
    assert.equal(saved.setting.radiusKm, 3);
    point = { lat: saved.setting.lat, lng: saved.setting.lng };
  });

  it('C has a 동네 10 km away; its tab shows it (phone)', async () => {
    const c = httpClient(stack);
    await c.post('/api/users/login', { userId: far.userId, password: far.password });
    const res = await c.put('/api/me/neighbourhood', {
      lat: point.lat + 0.09,
      lng: point.lng,
      place: '10 km 북쪽',
      radiusKm: 3,
      missing: true,
      found: true,
      strays: false,
      shelter: false,
      delivery: 'BELL',
    });
    assert.equal(res.status, 200, JSON.stringify(res.data));
    const context = await newContext(browser, stack, PHONE);
    await serveTiles(context);
    await loginContext(context, stack, far.userId, far.password);
    const page = await context.newPage();
    await page.goto('/mypage/alerts');
    await page.getByText('지금: 10 km 북쪽 반경 3 km').waitFor();
    await noAxeProblems(page, '동네 settings (phone)');
    await screenshot(page, 'alerts-settings-phone');
    await context.close();
  });

  it('A reports a lost dog 1 km from B: B’s bell rings live, C’s does not; A sees the reach', async () => {
    const nearContext = await newContext(browser, stack, DESKTOP);
    await loginContext(nearContext, stack, near.userId, near.password);
    const nearPage = await nearContext.newPage();
    const nearLive = liveSubscriptions(nearPage, [`/topic/user/${near.userId}/lost`]);
    await nearPage.goto('/');
    await nearPage.getByRole('button', { name: '알림', exact: true }).waitFor();
    await nearLive;
    const farContext = await newContext(browser, stack, PHONE);
    await loginContext(farContext, stack, far.userId, far.password);
    const farPage = await farContext.newPage();
    const farLive = liveSubscriptions(farPage, [`/topic/user/${far.userId}/lost`]);
    await farPage.goto('/');
    await farLive;

    const a = httpClient(stack);
    await a.post('/api/users/login', { userId: owner.userId, password: owner.password });
    postId = await postMissingReport(a, {
      name: '초코',
      breed: '푸들',
      contact: 'RELAY',
      lat: point.lat + 0.009, // ~1 km north of B's point
      lng: point.lng,
      address: '망원시장 앞',
      date: seoulToday(),
      time: '00:00',
    });
    const sentAt = Date.now();

    // No reload: the alert comes over the live connection once the background fan-out ran.
    const bell = nearPage.getByRole('button', { name: '알림, 읽지 않은 알림 1개' });
    await bell.waitFor({ timeout: 20_000 });
    console.log(`[alerts] B's bell rose ${Date.now() - sentAt} ms after the report was posted`);
    await bell.click();
    await nearPage.getByRole('dialog', { name: '알림' }).getByText('내 동네에서 초코가 실종됐어요').waitFor();
    await screenshot(nearPage, 'alerts-bell-desktop');
    // C, 10 km away, was not told (the fan-out for this post is done: B has it).
    await farPage.waitForTimeout(1500);
    assert.equal(await farPage.getByRole('button', { name: /읽지 않은 알림/ }).count(), 0);
    await nearContext.close();
    await farContext.close();

    const ownerContext = await newContext(browser, stack, DESKTOP);
    await serveTiles(ownerContext);
    await loginContext(ownerContext, stack, owner.userId, owner.password);
    const page = await ownerContext.newPage();
    // The api's count (B, and any earlier run's neighbours on a shared stack; never C, 10 km away) is what the page says.
    const reach = (await a.get(`/api/lost/posts/${postId}/reach`)).data as { count: number; radiusKm: number };
    assert.ok(reach.count >= 1, JSON.stringify(reach));
    await page.goto(`/lost/${postId}`);
    await page.getByText(`반경 ${reach.radiusKm} km 안 ${reach.count.toLocaleString('ko-KR')}명에게 알렸어요`).waitFor();
    await noAxeProblems(page, 'owner page with reach');
    await screenshot(page, 'alerts-owner-reach-desktop');
    await ownerContext.close();
  });

  it('the unsubscribe link in B’s alert e-mail works with no cookie (desktop and phone)', async () => {
    const text = latestMailText(stack, near.email, '/unsubscribe?token=');
    assert.doesNotMatch(text, /37\.\d{3}|126\.\d{3}|망원시장/, 'no exact position in the e-mail');
    // The page's link (the List-Unsubscribe header's is the BFF's one-click POST URL, /api/unsubscribe).
    const link = [...text.matchAll(/https?:\/\/[^\s<>]+\/unsubscribe\?token=[\w-]+\.[\w-]+/g)]
      .map((m) => m[0])
      .find((l) => !l.includes('/api/'));
    assert.ok(link, text);
    const path = new URL(link).pathname + new URL(link).search;
    for (const [size, name] of [
      [DESKTOP, 'alerts-unsubscribe-desktop'],
      [PHONE, 'alerts-unsubscribe-phone'],
    ] as const) {
      const context = await newContext(browser, stack, size);
      assert.deepEqual(await context.cookies(), []);
      const page = await context.newPage();
      await page.goto(path);
      await page.getByText('수신 거부되었어요').waitFor();
      await page.getByText('앞으로 「동네 알림 메일(바로)」은 보내지 않아요.').waitFor();
      await noAxeProblems(page, 'unsubscribe page');
      await screenshot(page, name);
      await context.close();
    }
    const b = httpClient(stack);
    await b.post('/api/users/login', { userId: near.userId, password: near.password });
    const prefs = (await b.get('/api/me/email-preferences')).data as Record<string, boolean>;
    assert.equal(prefs.NEIGHBOURHOOD_ALERT, false);
    assert.equal(prefs.LOST_NOTICE, true);
  });
});
