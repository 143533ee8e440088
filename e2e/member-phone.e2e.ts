// Issue 25 items 3, 6 and 7 on a 390 px phone, two members and the admin: notifications that name
// what they are about and lead there, the cards that follow a decision live, toasts out of the way,
// the community list and the adopt filter fold on a phone, and an open post that updates live
// without moving under the reader's thumb.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { axeProblems } from './axe';
import { dogPhoto, gotoReady, reportStray } from './fixtures';
import { DESKTOP, PHONE, createUser, httpClient, launchBrowser, loginContext, newContext, screenshot, startStack } from './harness';
import type { Stack, TestUser } from './harness';
import {
  assertNoSmallSteppers,
  assertOneToastClearOf,
  assertTouchTargets,
  liveSubscriptions,
  shoot,
  toasts,
  watchTop,
} from './phone-checks';

const TITLE = '모카랑 처음 간 바닷가 산책, 파도 소리에 깜짝 놀란 이야기';
const B_NICK = '보리언니';

describe('member phone journey (issue 25 items 3, 6, 7)', () => {
  let stack: Stack;
  let browser: Browser;
  let a: TestUser;
  let b: TestUser;
  let postId = 0;

  const admin = async () => {
    const c = httpClient(stack);
    assert.equal((await c.post('/api/users/login', { userId: 'admin', password: stack.adminPassword })).status, 200);
    return c;
  };
  /** B's report, registered by the admin under `name`. */
  const namedStray = async (reporter: TestUser, name: string, place: string) => {
    const id = await reportStray(stack, reporter, { description: `${place}에서 만난 순한 강아지예요.` });
    const registered = await (await admin()).post(`/api/admin/reports/${id}/register`, { name });
    assert.equal(registered.status, 200, JSON.stringify(registered.data));
    return id;
  };
  const bell = (page: Page) => page.getByRole('button', { name: /^알림/ });
  const axeClean = async (page: Page, where: string) => assert.deepEqual(await axeProblems(page), [], `axe on ${where}`);
  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    [a, b] = [await createUser(stack, 'mphonea'), await createUser(stack, 'mphoneb')];
    const cb = httpClient(stack);
    assert.equal((await cb.post('/api/users/login', { userId: b.userId, password: b.password })).status, 200);
    assert.equal((await cb.put('/api/users/me/nickname', { nickname: B_NICK })).status, 200);
    await namedStray(b, '모카', '망원한강공원');
    await namedStray(b, '두부', '서울숲');
    // A's 자랑 post needs a registered dog (the legacy's category rule).
    const ca = httpClient(stack);
    assert.equal((await ca.post('/api/users/login', { userId: a.userId, password: a.password })).status, 200);
    const pet = new FormData();
    pet.append(
      'pet',
      JSON.stringify({
        name: '콩이',
        type: '말티즈',
        weight: 3.2,
        age: 4,
        size: 'SMALL',
        gender: 'FEMALE',
        adopt: false,
        petId: `410-2024-${String(Date.now()).slice(-5)}`,
      }),
    );
    pet.append('profile', new Blob([new Uint8Array(await dogPhoto())], { type: 'image/jpeg' }), 'dog.jpg');
    assert.equal((await ca.postForm('/api/pet/register', pet)).status, 201);
    const post = new FormData();
    post.append(
      'communityPost',
      JSON.stringify({
        postType: 'SHOW_OFF',
        title: TITLE,
        strContent: '<p>파도가 오자 콩이가 제 뒤로 숨었어요. 다음엔 더 멀리 가 볼게요!</p>',
      }),
    );
    const created = await ca.postForm('/api/community/createPost', post);
    assert.ok([200, 201].includes(created.status), JSON.stringify(created.data));
    postId = (created.data as { id: number }).id;
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('/adopt on a phone: search folded behind 필터 with chips; an approval reaches the bell, named, and the card leaves 대기 중 live', async () => {
    const context = await newContext(browser, stack, PHONE);
    await loginContext(context, stack, a.userId, a.password);
    const page = await context.newPage();
    const live = liveSubscriptions(page, [`/topic/user/${a.userId}/adoption`]);
    await gotoReady(page, '/adopt');
    const moka = page.getByRole('article').filter({ hasText: '모카' });
    const dubu = page.getByRole('article').filter({ hasText: '두부' });
    await moka.getByRole('button', { name: '모카 입양 신청' }).waitFor();

    // The search form is folded: the first dog is on the first screen, the 필터 toggle above it.
    const search = page.getByRole('search', { name: '유기견 찾기' });
    assert.equal(await search.isVisible(), false, 'the search form is folded on a phone');
    const opener = page.locator('label').filter({ hasText: '필터' }).locator('visible=true').first();
    const firstCard = await page.getByRole('article').first().boundingBox();
    assert.ok(firstCard && firstCard.y < PHONE.height, `a dog on the first screen (${JSON.stringify(firstCard)})`);
    await opener.click();
    await search.waitFor();
    await search.getByLabel('발견 장소').fill('서울');
    await search.getByRole('button', { name: '검색' }).click();
    const chip = page.getByRole('link', { name: '필터 빼기: 발견 장소 서울' });
    await chip.waitFor();
    assert.equal(await search.isVisible(), false, 'the form folds again once searched');
    await page.getByRole('checkbox', { name: '필터 1개 적용 중' }).waitFor({ state: 'attached' });
    await assertTouchTargets({ 필터: opener, 'the chip': chip });
    await shoot(page, 'member-phone-adopt-filter-chip');
    await chip.click();
    await chip.waitFor({ state: 'detached' });
    await moka.waitFor();
    await axeClean(page, '/adopt');

    for (const [card, name] of [
      [moka, '모카'],
      [dubu, '두부'],
    ] as const) {
      const apply = card.getByRole('button', { name: `${name} 입양 신청` });
      await assertTouchTargets({ [`${name} 입양 신청`]: apply });
      await apply.click();
      await page.getByRole('dialog').getByRole('button', { name: '신청하기' }).click();
      await card.getByRole('button', { name: '대기 중' }).waitFor();
      if (name === '모카') await assertOneToastClearOf(page, '입양 신청이 접수되었습니다', [card.getByRole('button', { name: '대기 중' })]);
    }
    await assertNoSmallSteppers(page, '/adopt');
    await live;
    // Marks the document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));

    const adminContext = await newContext(browser, stack, DESKTOP);
    await loginContext(adminContext, stack, 'admin', stack.adminPassword);
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/admin/adopt-applications');
    await adminPage.getByRole('button', { name: '모카 입양 신청 승인' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: '승인' }).click();
    await adminPage.getByText('입양 신청을 승인했습니다.').waitFor();

    // Live: the dog's own card and my application leave 대기 중 / 검토 중, and the bell names the dog.
    await moka.getByRole('button', { name: '입양 완료' }).waitFor();
    await page.getByRole('region', { name: '내 입양 신청' }).getByText('입양 승인').waitFor();
    await bell(page)
      .and(page.getByRole('button', { name: '알림, 읽지 않은 알림 1개' }))
      .click();
    const dropdown = page.getByRole('dialog', { name: '알림' });
    const approved = dropdown.getByRole('button', { name: /모카 입양 신청이 승인되었어요/ });
    await approved.waitFor();
    // The open list lies over any toast still up (both sit below the header on a phone).
    const box = (await approved.boundingBox())!;
    const onTop = await page.evaluate(
      ([x, y]) => Boolean(document.elementFromPoint(x!, y!)?.closest('[role="dialog"]')),
      [box.x + box.width / 2, box.y + box.height / 2],
    );
    assert.ok(onTop, 'the bell list is not covered by a toast');
    assert.equal(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), true, 'no reload');
    // The open bell as the phone shows it (a full-page shot of a scrolled page paints the fixed header mid-page).
    await screenshot(page, 'member-phone-bell-approved-phone', { fullPage: false });
    await axeClean(page, 'the bell open on /adopt');

    // Tapping it opens 마이페이지 › 입양 신청; there 두부 waits, and its rejection arrives live.
    await approved.click();
    await page.waitForURL((u) => u.pathname === '/mypage/applications');
    const mokaApp = page.getByRole('listitem').filter({ hasText: '모카' });
    const dubuApp = page.getByRole('listitem').filter({ hasText: '두부' });
    await mokaApp.getByText('승인', { exact: true }).first().waitFor();
    assert.equal(await mokaApp.getByText('대기 중', { exact: true }).count(), 0);
    await dubuApp.getByText('대기 중', { exact: true }).waitFor();
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    await adminPage.reload();
    await adminPage.getByRole('button', { name: '두부 입양 신청 거절' }).click();
    await adminPage.getByRole('dialog').getByRole('button', { name: '거절' }).click();
    await adminPage.getByText('입양 신청을 거절했습니다.').waitFor();
    await dubuApp.getByText('대기 중', { exact: true }).waitFor({ state: 'detached' });
    await dubuApp.getByText('거절', { exact: true }).first().waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), true, 'no reload');
    assert.deepEqual(await toasts(page), [], 'no toast carried from /adopt');
    await axeClean(page, '마이페이지 › 입양 신청');
    await shoot(page, 'member-phone-mypage-applications');
    await adminContext.close();

    // A's own report, registered by the admin: the bell says it was registered, under its name.
    const own = reportStray(stack, a, { description: '합정역 앞에서 떨고 있던 하얀 강아지예요.' });
    const reportId = await own;
    assert.equal((await (await admin()).post(`/api/admin/reports/${reportId}/register`, { name: '솜이' })).status, 200);
    await bell(page)
      .and(page.getByRole('button', { name: /읽지 않은 알림 [1-9]/ }))
      .click();
    const registered = page.getByRole('dialog', { name: '알림' }).getByRole('button', { name: /제보하신 솜이가 보호 동물로 등록되었어요/ });
    await registered.click();
    // It opens the dog's own page.
    await page.waitForURL((u) => u.pathname === `/adopt/${reportId}`);
    await page.getByRole('heading', { level: 1, name: /솜이/ }).waitFor();
    await context.close();
  });

  it('an open post follows a like and a comment live without moving; the bell says who and which post, and opens it', async () => {
    const COMMENT = '파도 소리에 놀란 콩이 너무 귀여워요! 다음 산책도 응원할게요.';
    const postPath = `/community/${postId}`;
    const reader = await newContext(browser, stack, PHONE);
    await loginContext(reader, stack, a.userId, a.password);
    const page = await reader.newPage();
    const live = liveSubscriptions(page, [`/topic/user/${a.userId}/community/comment`, `/topic/user/${a.userId}/community/like`]);
    await gotoReady(page, postPath);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    const like = page.locator('button[aria-pressed]');
    await page.getByRole('button', { name: '좋아요 0' }).waitFor();
    await page.getByRole('button', { name: '댓글 0개 보기' }).click();
    await page.getByText('아직 댓글이 없어요.').waitFor();
    await live;
    await like.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    const stop = await watchTop(like);

    // B likes and comments on their phone: one toast, below the header, clear of the buttons.
    const neighbour = await newContext(browser, stack, PHONE);
    await loginContext(neighbour, stack, b.userId, b.password);
    const other = await neighbour.newPage();
    await gotoReady(other, postPath);
    await other.getByRole('button', { name: '좋아요 0' }).click();
    await other.getByRole('button', { name: '좋아요 1', pressed: true }).waitFor();
    await other.getByRole('textbox', { name: '댓글 쓰기' }).fill(COMMENT);
    const submit = other.getByRole('button', { name: '등록', exact: true });
    await submit.click();
    const commentedAt = Date.now();
    await assertOneToastClearOf(other, '댓글을 등록했습니다.', [submit, other.getByRole('button', { name: '좋아요 1' })]);

    // B's toast stays with its screen: held up (a pointer over it pauses it) past the carry-over of an
    // action that changes screens, it is gone from the list B opens next (well before it would time out).
    await other.locator('.mantine-Notifications-notification').hover();
    await other.waitForFunction((at) => Date.now() - at > 1600, commentedAt, { polling: 100, timeout: 5000 });
    assert.equal((await toasts(other)).length, 1, 'the comment toast is still up when B leaves');
    // The pointer rests on the toast, so B leaves by keyboard (the toast sits over the top of the page it belongs to).
    await other.getByRole('link', { name: '목록으로' }).focus();
    await other.keyboard.press('Enter');
    await other.waitForURL((u) => u.pathname === '/community');
    await other.waitForFunction(() => document.querySelectorAll('.mantine-Notifications-notification').length === 0, undefined, {
      timeout: 1500,
    });

    // A's screen follows without a reload, and the like button stays where it was.
    await page.getByRole('button', { name: '좋아요 1' }).waitFor();
    await page.getByText(COMMENT, { exact: true }).waitFor();
    await page.getByRole('button', { name: '알림, 읽지 않은 알림 2개' }).waitFor();
    const moved = await stop();
    console.log(`[member-phone] like button top while live updates arrived: ${JSON.stringify(moved)}`);
    assert.ok(moved.max - moved.min <= 1, `the like button moved while the updates arrived: ${JSON.stringify(moved)}`);
    assert.equal(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument), true, 'no reload');
    await assertTouchTargets({
      좋아요: like,
      '댓글 숨기기': page.getByRole('button', { name: '댓글 숨기기' }),
      등록: page.getByRole('button', { name: '등록', exact: true }),
    });
    await assertNoSmallSteppers(page, 'the post');
    await axeClean(page, 'the post');
    await shoot(page, 'member-phone-post-live');

    // The bell names who and which post; tapping an item opens the post.
    await gotoReady(page, '/community');
    await bell(page).click();
    const dropdown = page.getByRole('dialog', { name: '알림' });
    const head = TITLE.slice(0, 10);
    await dropdown.getByText(/댓글을 남겼어요/).waitFor();
    const said = await dropdown.innerText();
    assert.match(said, new RegExp(`${B_NICK}님이 ‘${head}[^’]*’ 글을 좋아해요`), said);
    assert.match(said, new RegExp(`${B_NICK}님이 ‘${head}[^’]*’에 댓글을 남겼어요`), said);
    assert.ok(!said.includes(b.userId), 'no login id in the bell');
    const commented = dropdown.getByRole('button', { name: /댓글을 남겼어요/ });
    // The open bell as the phone shows it (a full-page shot of a scrolled page paints the fixed header mid-page).
    await screenshot(page, 'member-phone-bell-community-phone', { fullPage: false });
    await commented.click();
    await page.waitForURL((u) => u.pathname === postPath);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await reader.close();

    const entry = other
      .getByRole('link', { name: new RegExp(TITLE.slice(0, 12)) })
      .locator('visible=true')
      .first();
    await entry.waitFor();
    // The list: the title on two lines (not cut after a few characters), and the like and comment counts.
    await entry.getByRole('group', { name: '좋아요 1개, 댓글 1개' }).waitFor();
    const title = await entry.getByText(TITLE, { exact: true }).evaluate((el) => {
      const lineHeight = parseFloat(getComputedStyle(el).lineHeight);
      return { lines: Math.round(el.getBoundingClientRect().height / lineHeight), width: el.getBoundingClientRect().width };
    });
    assert.equal(title.lines, 2, `the title wraps to two lines (${JSON.stringify(title)})`);
    await assertTouchTargets({ 'the post entry': entry });
    await axeClean(other, '/community');
    await shoot(other, 'member-phone-community-list');
    await neighbour.close();
  });
});
