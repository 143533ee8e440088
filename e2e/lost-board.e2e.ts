// The 실종·목격 board (issue 27, the reading side) on desktop and at 390 px: a visitor browses the
// seeded posts as a list and as a map, opens a missing report and finds only its rounded area — the
// exact point its author posted is in no HTML or JSON the page receives — then a member flags the
// post and contacts its author through the relay, which reaches the author's contact box.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { seoulToday } from '@pawbridge/shared';
import { axeProblems } from './axe';
import { dogPhoto, serveTiles, toTop } from './fixtures';
import {
  createUser,
  DESKTOP,
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

// A point the author pins (망원동); its digits must never reach anyone else.
const EXACT = { lat: 37.556123, lng: 126.901987 };
const EXACT_TEXTS = ['37.556123', '126.901987'];
const NAME = '망고';
const MESSAGE = '어제 저녁 망원시장 입구에서 갈색 푸들을 봤어요. 빨간 목줄을 하고 있었어요.';

const yesterday = () => {
  const d = new Date(`${seoulToday()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

function form(part: string, json: unknown, photos: Buffer[]): FormData {
  const f = new FormData();
  f.append(part, JSON.stringify(json));
  photos.forEach((p, i) => f.append(`photo${i + 1}`, new Blob([new Uint8Array(p)], { type: 'image/jpeg' }), `p${i}.jpg`));
  return f;
}

async function member(stack: Stack, user: TestUser) {
  const c = httpClient(stack);
  assert.equal((await c.post('/api/users/login', { userId: user.userId, password: user.password })).status, 200);
  return c;
}

/** Every HTML and JSON body the page receives from our origin, to search for the exact point. */
function recordBodies(page: Page, origin: string): string[] {
  const bodies: string[] = [];
  page.on('response', (res) => {
    const type = res.headers()['content-type'] ?? '';
    if (!res.url().startsWith(origin) || !/json|html/.test(type)) return;
    res.text().then(
      (text) => bodies.push(`${res.url()}\n${text}`),
      () => undefined,
    );
  });
  return bodies;
}

async function assertTouchTarget(page: Page, name: string | RegExp, role: 'button' | 'link' = 'button') {
  const box = await page.getByRole(role, { name }).first().boundingBox();
  assert.ok(box && box.height >= 44, `${String(name)} is ${box?.height ?? 0} px tall`);
}

describe('the 실종·목격 board', () => {
  let stack: Stack;
  let browser: Browser;
  let owner: TestUser;
  let neighbour: TestUser;
  let missingId: number;

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    owner = await createUser(stack, 'lostowner');
    neighbour = await createUser(stack, 'lostnb');
    const o = await member(stack, owner);
    const created = await o.postForm(
      '/api/lost/missing',
      form(
        'missing',
        {
          name: NAME,
          breed: '푸들',
          size: 'SMALL',
          gender: 'MALE',
          colour: '갈색',
          features: '빨간 목줄, 겁이 많아요',
          onSight: '이름을 부르면 도망가요. 간식으로 천천히 다가가 주세요.',
          reward: 500000,
          contact: 'RELAY',
          ...EXACT,
          address: '서울특별시 마포구 망원동 망원시장 근처',
          sigungu: '마포구',
          date: yesterday(),
          time: '18:30',
        },
        [await dogPhoto({ r: 150, g: 100, b: 60 })],
      ),
    );
    assert.equal(created.status, 201, JSON.stringify(created.data));
    missingId = (created.data as { id: number }).id;
    // The author sees the exact point; nobody else does (checked in the browser below).
    const mine = await o.get(`/api/lost/posts/${missingId}`);
    assert.deepEqual((mine.data as { exactPosition: unknown }).exactPosition, EXACT);
    const n = await member(stack, neighbour);
    const found = await n.postForm(
      '/api/lost/sightings',
      form(
        'sighting',
        {
          kind: 'FOUND',
          breed: '말티즈',
          colour: '흰색',
          description: '성산동 놀이터에서 혼자 있던 말티즈를 데리고 있어요.',
          contact: 'RELAY',
          lat: 37.5662,
          lng: 126.9101,
          address: '서울특별시 마포구 성산동 놀이터',
          date: yesterday(),
          time: '20:10',
        },
        [await dogPhoto({ r: 235, g: 235, b: 230 })],
      ),
    );
    assert.equal(found.status, 201, JSON.stringify(found.data));
    const seen = await n.postForm(
      '/api/lost/sightings',
      form(
        'sighting',
        {
          kind: 'SEEN',
          breed: '진돗개',
          description: '합정역 7번 출구 앞을 지나가는 누렁이를 봤어요.',
          contact: 'RELAY',
          lat: 37.5495,
          lng: 126.9137,
          address: '서울특별시 마포구 합정동 합정역 7번 출구',
          date: yesterday(),
          time: '08:05',
        },
        [],
      ),
    );
    assert.equal(seen.status, 201, JSON.stringify(seen.data));
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${label}: a visitor browses the list and the map, opens the missing report and gets only its rounded area`, async () => {
      const context = await newContext(browser, stack, viewport);
      await serveTiles(context);
      const page = await context.newPage();
      const bodies = recordBodies(page, stack.baseUrl);
      await page.goto('/lost');
      await page.getByRole('heading', { level: 1, name: '실종·목격' }).waitFor();
      const card = page.getByRole('article').filter({ hasText: NAME });
      await card.waitFor();
      assert.ok(await card.getByText('실종', { exact: true }).isVisible(), 'the kind is said in words');
      assert.ok(await card.getByText('사례금 500,000원').isVisible());
      assert.ok((await page.getByRole('article').count()) >= 3, 'missing, found and seen posts together');
      assert.ok(await page.getByRole('article').filter({ hasText: '발견' }).first().isVisible());
      if (label === 'phone') {
        // The filters fold behind a 44 px toggle on a phone; opening it shows the form.
        // The visible toggle is the checkbox's label (the checkbox itself carries the name).
        const toggle = page
          .locator('label')
          .filter({ hasText: /^필터$/ })
          .first();
        const box = await toggle.boundingBox();
        assert.ok(box && box.height >= 44, `the 필터 toggle is ${box?.height ?? 0} px tall`);
        assert.equal(await page.getByRole('search').isVisible(), false);
        await toggle.click();
        await page.getByRole('search', { name: '실종·목격 글 찾기' }).waitFor();
        await screenshot(page, `lost-filters-${label}`);
        await page
          .locator('label')
          .filter({ hasText: /^필터$/ })
          .last()
          .click();
      } else {
        assert.ok(await page.getByRole('search', { name: '실종·목격 글 찾기' }).isVisible());
        assert.ok(await page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name: '실종·목격' }).isVisible());
      }
      assert.deepEqual(await axeProblems(page), []);
      await screenshot(page, `lost-board-${label}`);

      // The map: the engine loads now, the pins come clustered from the server.
      await page.getByText('지도', { exact: true }).click();
      await page.waitForURL(/view=map/);
      await page.getByRole('region', { name: '실종·목격 지도' }).waitFor();
      await page.getByTestId('lost-map-total').waitFor();
      await page.locator('.pb-map-pin').first().waitFor();
      assert.deepEqual(await axeProblems(page), []);
      await screenshot(page, `lost-map-${label}`);

      // Back to the list and into the post.
      await page.getByText('목록', { exact: true }).click();
      await card.getByRole('link', { name: `${NAME} 자세히 보기` }).click();
      await page.waitForURL(new RegExp(`/lost/${missingId}$`));
      await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
      await page.getByText('표시된 위치는 개인정보 보호를 위해 약 300 m 범위로 흐리게 표시돼요.').waitFor();
      // The map comes on demand (never in a visitor's first load); the area is a circle drawn in the
      // overlay pane (no marker on a point).
      await page.getByRole('button', { name: '지도에서 보기' }).click();
      await page.locator('.leaflet-overlay-pane path').first().waitFor();
      assert.equal(await page.locator('.leaflet-marker-pane > *').count(), 0, 'no marker on the post page');
      assert.ok(
        await page.getByText('직접 만나 확인하기 전에는', { exact: false }).first().isVisible(),
        'the reward comes with the scam warning',
      );
      assert.ok(await page.getByRole('link', { name: '전단지 PDF' }).isVisible());
      assert.ok(await page.getByText('글쓴이에게 연락하거나 글을 신고하려면 로그인해 주세요.').isVisible());
      await assertTouchTarget(page, '공유하기');
      assert.deepEqual(await axeProblems(page), []);
      await toTop(page);
      await screenshot(page, `lost-post-${label}`);

      // Nothing the visitor's browser received holds the exact point (a reload reads the server's first HTML too).
      await page.reload();
      await page.getByRole('heading', { level: 1, name: NAME }).waitFor();
      await page.waitForLoadState('networkidle');
      assert.ok(
        bodies.some((b) => b.includes(`/api/lost/posts/${missingId}`)),
        'the post JSON was read',
      );
      for (const exact of EXACT_TEXTS) {
        const leaks = bodies.filter((b) => b.includes(exact)).map((b) => b.split('\n')[0]);
        assert.deepEqual(leaks, [], `${exact} leaked`);
      }
      await context.close();
    });
  }

  it('phone: a member flags the post and contacts its author through the relay', async () => {
    const context = await newContext(browser, stack, PHONE);
    await serveTiles(context);
    await loginContext(context, stack, neighbour.userId, neighbour.password);
    const page = await context.newPage();
    await page.goto(`/lost/${missingId}`);
    await page.getByRole('heading', { level: 1, name: NAME }).waitFor();

    await page.getByRole('button', { name: '신고하기' }).click();
    const dialog = page.getByRole('dialog', { name: '이 글 신고하기' });
    await dialog.getByRole('radio', { name: '사기가 의심돼요' }).check();
    await dialog.getByLabel('더 알려 주실 내용(선택)').fill('사례금을 먼저 보내 달라는 연락을 받았어요');
    await screenshot(page, 'lost-flag-phone');
    await dialog.getByRole('button', { name: '신고 보내기' }).click();
    await page.getByText('신고를 받았어요. 관리자가 확인할게요.').waitFor();

    const relay = page.getByRole('region', { name: '글쓴이에게 연락하기' });
    assert.ok(await relay.getByTestId('lost-scam-warning').isVisible(), 'the relay repeats the warning');
    await relay.getByLabel(/메시지/).fill(MESSAGE);
    await relay.getByRole('button', { name: '메시지 보내기' }).click();
    await relay.getByText('메시지를 보냈어요. 답장이 오면 알림으로 알려 드릴게요.').waitFor();
    assert.deepEqual(await axeProblems(page), []);
    await screenshot(page, 'lost-contact-phone');
    await context.close();

    // The message reached the author's contact box, from the neighbour, with no number or address attached.
    const o = await member(stack, owner);
    const box = await o.get('/api/lost/contacts');
    assert.equal(box.status, 200);
    const received = (box.data as { postId: number; direction: string; message: string; phone: string | null }[]).find(
      (c) => c.postId === missingId && c.direction === 'RECEIVED',
    );
    assert.ok(received, JSON.stringify(box.data));
    assert.equal(received.message, MESSAGE);
    assert.equal(received.phone, null);
  });
});
