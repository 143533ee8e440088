// Browser journey for issue 27 (web, writing side): an owner reports a registered dog lost from its page,
// updates the report, closes it as 찾았어요 with a note, and the home counts the reunion; a neighbour's
// 목격 form at phone width; an admin hides a flagged post. Desktop 1280 and phone 390, axe on each screen.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page, Response } from 'playwright-core';
import { dogPhoto, noAxeProblems, serveTiles, toTop } from './fixtures';
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

const PET_ID = '410-2026-27001';
const seoulToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date());

const answerOf = (page: Page, method: string, path: RegExp) =>
  page.waitForResponse((r: Response) => r.request().method() === method && path.test(new URL(r.url()).pathname));

describe('lost owner journey: report from the dog → update → 찾았어요 → home counts it; admin hides a flagged post', () => {
  let stack: Stack;
  let browser: Browser;
  let owner: TestUser;
  let neighbour: TestUser;
  let postId = 0;

  before(async () => {
    // Its own stack: the home's newest-lost strip and its reunion count are read, and other journeys add lost posts to the shared one.
    stack = await startStack({}, { fresh: true });
    browser = await launchBrowser();
    [owner, neighbour] = [await createUser(stack, 'lostowner'), await createUser(stack, 'neighbour')];
    const c = httpClient(stack);
    assert.equal((await c.post('/api/users/login', { userId: owner.userId, password: owner.password })).status, 200);
    const form = new FormData();
    form.append(
      'pet',
      JSON.stringify({ name: '두부', type: '비숑', weight: 5.1, age: 4, size: 'SMALL', gender: 'FEMALE', adopt: false, petId: PET_ID }),
    );
    form.append('profile', new Blob([new Uint8Array(await dogPhoto({ r: 240, g: 240, b: 235 }))], { type: 'image/jpeg' }), 'dubu.jpg');
    const pet = await c.postForm('/api/pet/register', form);
    assert.equal(pet.status, 201, JSON.stringify(pet.data));
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('the owner reports the registered dog lost from its card (desktop)', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    await serveTiles(context);
    await loginContext(context, stack, owner.userId, owner.password);
    const page = await context.newPage();
    await page.goto('/mypet');
    const card = page.getByRole('article').filter({ hasText: '두부' });
    await card.getByRole('link', { name: '두부 실종 신고하기' }).click();
    await page.waitForURL((u) => u.pathname === '/lost/new/missing' && u.searchParams.get('petId') === PET_ID);
    await page.getByText('두부의 등록 정보를 가져왔어요. 필요하면 고쳐 주세요.').waitFor();
    assert.equal(await page.getByLabel(/^이름/).inputValue(), '두부');
    assert.equal(await page.getByLabel(/^품종/).inputValue(), '비숑');

    // Nothing about the place yet: Korean messages, nothing sent.
    let posts = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/lost/missing')) posts += 1;
    });
    await page.getByRole('button', { name: '실종 신고 올리기' }).click();
    await page.getByText('지도를 눌러 위치를 선택해 주세요.').waitFor();
    await page.getByText('장소를 글로 적어 주세요.').waitFor();
    assert.equal(posts, 0);

    const map = page.getByRole('region', { name: '지도에서 위치 고르기' });
    await map.scrollIntoViewIfNeeded();
    await map.click({ position: { x: 160, y: 120 } });
    await page.getByLabel(/^장소\(글로\)/).fill('망원한강공원 산책로 입구');
    await page.getByLabel(/^날짜/).fill(seoulToday());
    await page.getByLabel(/^시간/).fill('00:00');
    await page.getByLabel(/^옷차림과 특징/).fill('하늘색 하네스, 왼쪽 귀 끝이 갈색이에요');
    await page.getByLabel(/^발견하면 이렇게/).fill('겁이 많아요. 쫓지 말고 연락 주세요.');
    await page.getByLabel(/^사례금/).fill('200000');
    await noAxeProblems(page, 'missing form');
    await toTop(page);
    await screenshot(page, 'lost-missing-form-desktop');

    const answer = answerOf(page, 'POST', /^\/api\/lost\/missing$/);
    await page.getByRole('button', { name: '실종 신고 올리기' }).click();
    const res = await answer;
    assert.equal(res.status(), 201);
    postId = ((await res.json()) as { id: number }).id;
    await page.waitForURL((u) => u.pathname === `/lost/${postId}`);

    // While lost, the dog's card says so, with the way to its report.
    await page.goto('/mypet');
    await card.getByText('실종 중').waitFor();
    await card.getByText('두부를 찾고 있어요.').waitFor();
    assert.equal(await card.getByRole('link', { name: '실종 신고 보기' }).getAttribute('href'), `/lost/${postId}`);
    await screenshot(page, 'lost-pet-card-lost-desktop');

    // My page's tab lists it.
    await page.goto('/mypage/lost');
    await page.getByRole('list', { name: '내 실종·목격 글' }).getByRole('link', { name: '두부' }).waitFor();
    await noAxeProblems(page, 'my page lost tab');
    await screenshot(page, 'lost-mypage-tab-desktop');
    await context.close();
  });

  it('the owner posts an update and closes the report as 찾았어요; the home counts the reunion (phone)', async () => {
    assert.ok(postId > 0, 'the report exists');
    const anon = httpClient(stack);
    const before = (await anon.get('/api/lost/stats')).data as { reunitedThisMonth: number };

    const context = await newContext(browser, stack, PHONE);
    await serveTiles(context);
    await loginContext(context, stack, owner.userId, owner.password);
    const page = await context.newPage();
    await page.goto('/');
    if (before.reunitedThisMonth > 0) await page.getByText(`이번 달 ${before.reunitedThisMonth}마리가 가족을 다시 만났어요`).waitFor();
    else assert.equal(await page.getByText(/이번 달 \d+마리가/).count(), 0, 'no "0마리" line');
    await page.getByRole('region', { name: '최근 실종 신고' }).getByRole('link', { name: /두부/ }).waitFor();
    await page.getByRole('heading', { name: '가족을 찾고 있어요' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'lost-home-strip-phone', { fullPage: false });

    await page.goto(`/lost/${postId}`);
    await page.getByRole('button', { name: '새 소식 올리기' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('메모').fill('합정역 근처에서 봤다는 연락을 받았어요');
    await noAxeProblems(page, 'update dialog');
    await screenshot(page, 'lost-update-dialog-phone');
    const updated = answerOf(page, 'POST', new RegExp(`^/api/lost/posts/${postId}/updates$`));
    await dialog.getByRole('button', { name: '저장하기' }).click();
    assert.equal((await updated).status(), 200);
    await page.getByText('새 소식을 올렸어요.').waitFor();

    await page.getByRole('button', { name: '찾았어요' }).click();
    await dialog.getByLabel('감사 인사(선택)').fill('함께 찾아 주신 망원동 이웃분들 고맙습니다!');
    await screenshot(page, 'lost-reunited-dialog-phone');
    const closed = answerOf(page, 'POST', new RegExp(`^/api/lost/posts/${postId}/close$`));
    await dialog.getByRole('button', { name: '찾았어요로 닫기' }).click();
    assert.equal((await closed).status(), 200);
    await page.getByText('축하해요! 신고를 찾았어요로 닫았어요.').waitFor();
    // The owner's actions leave with the open report (the 찾았어요 status badge replaces the button of that name).
    await page.getByRole('button', { name: '새 소식 올리기' }).waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('button', { name: '찾았어요' }).count(), 0, 'no owner actions on a closed report');
    await page.getByRole('main').getByText('찾았어요', { exact: true }).first().waitFor();

    await page.goto('/');
    await page.getByText(`이번 달 ${before.reunitedThisMonth + 1}마리가 가족을 다시 만났어요`).waitFor();
    await noAxeProblems(page, 'home');
    await toTop(page);
    await screenshot(page, 'lost-home-reunion-phone');

    // The dog is no longer marked lost.
    await page.goto('/mypet');
    await page.getByRole('link', { name: '두부 실종 신고하기' }).waitFor();
    await context.close();
  });

  it('a neighbour fills the 발견·목격 form at phone width', async () => {
    const context = await newContext(browser, stack, PHONE);
    await serveTiles(context);
    await loginContext(context, stack, neighbour.userId, neighbour.password);
    const page = await context.newPage();
    await page.goto('/lost/new/sighting');
    await page.getByRole('button', { name: '글 올리기' }).waitFor();
    await noAxeProblems(page, 'sighting form');
    await page.getByRole('button', { name: '글 올리기' }).click();
    await page.getByText('사진을 한 장 이상 올려 주세요.').waitFor();
    await page.getByText('본 내용을 적어 주세요.').waitFor();
    await page.getByLabel('목격 — 지나가는 걸 봤어요').check();
    await page.getByText('목격 글은 사진이 없어도 돼요.').waitFor();
    assert.equal(await page.getByText('사진을 한 장 이상 올려 주세요.').count(), 0, 'no photo demand on a 목격 post');
    await toTop(page);
    await screenshot(page, 'lost-sighting-form-phone');
    await context.close();
  });

  it('an admin sees the flagged post on the dashboard and hides it (desktop)', async () => {
    // The neighbour's 목격 post, flagged by the owner.
    const n = httpClient(stack);
    assert.equal((await n.post('/api/users/login', { userId: neighbour.userId, password: neighbour.password })).status, 200);
    const form = new FormData();
    form.append(
      'sighting',
      JSON.stringify({
        kind: 'SEEN',
        description: '흰 강아지가 목줄 없이 뛰어갔어요',
        contact: 'RELAY',
        lat: 37.5563,
        lng: 126.9019,
        address: '망원시장 입구',
        date: seoulToday(),
        time: '00:00',
      }),
    );
    const sighting = await n.postForm('/api/lost/sightings', form);
    assert.equal(sighting.status, 201, JSON.stringify(sighting.data));
    const sightingId = (sighting.data as { id: number }).id;
    const o = httpClient(stack);
    assert.equal((await o.post('/api/users/login', { userId: owner.userId, password: owner.password })).status, 200);
    assert.equal((await o.post(`/api/lost/posts/${sightingId}/flags`, { reason: 'WRONG', note: '다른 동네 이야기예요' })).status, 201);

    const context = await newContext(browser, stack, DESKTOP);
    await loginContext(context, stack, 'admin', stack.adminPassword);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('region', { name: '실종·목격 현황' }).getByText('처리 기다리는 신고').waitFor();
    await page.getByRole('link', { name: '실종·목격 신고 관리' }).click();
    await page.waitForURL((u) => u.pathname === '/admin/lost-flags');
    await page.getByText('다른 동네 이야기예요').waitFor();
    await noAxeProblems(page, 'admin flags');
    await screenshot(page, 'lost-admin-flags-desktop');
    const hidden = answerOf(page, 'POST', new RegExp(`^/api/admin/lost/posts/${sightingId}/hide$`));
    await page.getByRole('button', { name: `글 #${sightingId} 숨기기` }).click();
    assert.equal((await hidden).status(), 200);
    await page.getByText('글을 숨겼어요.').waitFor();
    // Its flag leaves the waiting list (other journeys on the shared stack may have flags of their own waiting).
    await page.getByText('다른 동네 이야기예요').waitFor({ state: 'detached' });
    // Gone from the public list at once.
    const list = (await httpClient(stack).get('/api/lost/posts?kind=SEEN')).data as { id: number }[];
    assert.ok(!list.some((p) => p.id === sightingId), 'the hidden post left the board');
    await screenshot(page, 'lost-admin-flags-done-desktop');
    await context.close();
  });
});
