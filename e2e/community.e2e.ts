import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
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

const TITLE = '콩이가 처음으로 앉아를 해냈어요';

describe('community journey', () => {
  let stack: Stack;
  let browser: Browser;
  let author: TestUser;
  let neighbour: TestUser;
  let tmp: string;
  let cover: string;
  let postPath = '';

  const imageLoaded = (page: Page, alt: string) =>
    page.waitForFunction((a) => {
      const img = document.querySelector<HTMLImageElement>(`img[alt="${a}"]`);
      return Boolean(img && img.complete && img.naturalWidth > 0);
    }, alt);

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    [author, neighbour] = await Promise.all([createUser(stack, 'writer'), createUser(stack, 'neighbour')]);
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pawbridge-community-e2e-'));
    cover = path.join(tmp, 'cover.jpg');
    const photo = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#e8b07a' } })
      .jpeg()
      .toBuffer();
    fs.writeFileSync(cover, photo);
    // A 자랑 post needs a registered dog (the legacy's category rule).
    const c = httpClient(stack);
    await c.post('/api/users/login', { userId: author.userId, password: author.password });
    const form = new FormData();
    form.append(
      'pet',
      JSON.stringify({
        name: '콩이',
        type: '말티즈',
        weight: 3.2,
        age: 4,
        size: 'SMALL',
        gender: 'FEMALE',
        adopt: false,
        petId: '410-2023-00123',
      }),
    );
    form.append('profile', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'dog.jpg');
    const pet = await c.postForm('/api/pet/register', form);
    assert.equal(pet.status, 201, JSON.stringify(pet.data));
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('writes a post with a cover image and formatted text', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    await loginContext(context, stack, author.userId, author.password);
    const page = await context.newPage();
    await page.goto('/community');
    await page.getByText('아직 게시글이 없어요. 첫 글을 남겨 주세요.').waitFor();
    await page.getByRole('link', { name: '글쓰기' }).click();
    await page.waitForURL((u) => u.pathname === '/community/createPost');

    // Nothing is sent while fields are missing.
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await page.getByText('카테고리를 선택해 주세요.').waitFor();
    await page.getByText('내용을 입력해 주세요.').waitFor();

    await page.getByRole('combobox', { name: '카테고리' }).click();
    await page.getByRole('option', { name: '자랑' }).click();
    await page.getByRole('textbox', { name: '제목' }).fill(TITLE);
    await page.locator('input[type="file"][name="imgUrlContent"]').setInputFiles(cover);
    await page.getByRole('img', { name: '선택한 사진 미리보기' }).waitFor();
    const editor = page.getByRole('textbox', { name: '내용' });
    await editor.click();
    await page.keyboard.type('간식 앞에서만 하긴 하지만 ');
    await page.getByRole('button', { name: '굵게' }).click();
    await page.keyboard.type('첫 성공');
    await page.getByRole('button', { name: '굵게' }).click();
    await page.keyboard.type('이에요!');
    await screenshot(page, 'community-write-desktop');
    await page.getByRole('button', { name: '등록', exact: true }).click();

    await page.waitForURL((u) => /^\/community\/\d+$/.test(u.pathname));
    postPath = new URL(page.url()).pathname;
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.locator('article strong', { hasText: '첫 성공' }).waitFor();
    await imageLoaded(page, `${TITLE} 표지 사진`);
    await page.getByRole('link', { name: '수정' }).waitFor();
    await screenshot(page, 'community-detail-desktop');

    await page.goto('/community');
    const table = page.getByRole('table', { name: '커뮤니티 게시글 목록' });
    await table.getByRole('link', { name: TITLE }).waitFor();
    await table.getByText('간식 앞에서만 하긴 하지만 첫 성공이에요!').waitFor();
    await screenshot(page, 'community-list-desktop');
    await context.close();
  });

  it('a neighbour likes and comments on a phone, and cannot edit someone else’s post', async () => {
    assert.ok(postPath, 'the post of the first step');
    const context = await newContext(browser, stack, PHONE);
    await loginContext(context, stack, neighbour.userId, neighbour.password);
    const page = await context.newPage();
    await page.goto('/community');
    await page.getByRole('link', { name: new RegExp(TITLE) }).click();
    await page.waitForURL((u) => u.pathname === postPath);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    assert.equal(await page.getByRole('link', { name: '수정' }).count(), 0);
    assert.equal(await page.getByRole('button', { name: '삭제' }).count(), 0);

    await page.getByRole('button', { name: '좋아요 0' }).click();
    await page.locator('button[aria-pressed="true"]', { hasText: '좋아요 1' }).waitFor();

    const submit = page.getByRole('button', { name: '등록', exact: true });
    assert.equal(await submit.isDisabled(), true);
    await page.getByRole('textbox', { name: '댓글 쓰기' }).fill('축하해요! 우리 집 강아지도 연습 중이에요.');
    await submit.click();
    await page.getByText('축하해요! 우리 집 강아지도 연습 중이에요.', { exact: true }).waitFor();
    await screenshot(page, 'community-detail-phone');

    // Someone else's edit screen sends them back with the reason; the server refuses the write too.
    await page.goto(`${postPath}/edit`);
    await page.getByText('본인이 쓴 글만 수정할 수 있어요.').waitFor();
    await page.waitForURL((u) => u.pathname === postPath);
    const refused = await page.evaluate(async (p) => {
      const form = new FormData();
      form.append('communityPost', JSON.stringify({ postType: 'SHOW_OFF', title: '남의 글', strContent: '<p>바꿈</p>' }));
      const res = await fetch(`/api/community/description/${p.split('/').pop()}/edit`, { method: 'POST', body: form });
      return { status: res.status, body: (await res.json()) as { error: { code: string } } };
    }, postPath);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error.code, 'FORBIDDEN');

    await page.goto('/community');
    await page.getByRole('link', { name: new RegExp(TITLE) }).waitFor();
    await screenshot(page, 'community-list-phone');
    await context.close();
  });

  it('the author edits keeping the image, then deletes the post', async () => {
    const context = await newContext(browser, stack, DESKTOP);
    await loginContext(context, stack, author.userId, author.password);
    const page = await context.newPage();
    await page.goto(postPath);
    await imageLoaded(page, `${TITLE} 표지 사진`);
    const before = await page.getByRole('img', { name: `${TITLE} 표지 사진` }).getAttribute('src');
    await page.getByRole('button', { name: '좋아요 1' }).waitFor();
    // The neighbour's comment and like reached the author as notifications.
    await page.getByRole('button', { name: '알림, 읽지 않은 알림 2개' }).click();
    const bell = page.getByRole('dialog', { name: '알림' });
    await bell.getByText('새 댓글').waitFor();
    await bell.getByText('새 좋아요').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: '수정' }).click();
    await page.waitForURL((u) => u.pathname === `${postPath}/edit`);
    await imageLoaded(page, '지금 표지 사진');
    await page.getByRole('textbox', { name: '제목' }).fill(`${TITLE} (2주 차)`);
    await screenshot(page, 'community-edit-desktop');
    await page.getByRole('button', { name: '수정 완료' }).click();
    await page.waitForURL((u) => u.pathname === postPath);
    await page.getByRole('heading', { level: 1, name: `${TITLE} (2주 차)` }).waitFor();
    await imageLoaded(page, `${TITLE} (2주 차) 표지 사진`);
    assert.equal(await page.getByRole('img', { name: `${TITLE} (2주 차) 표지 사진` }).getAttribute('src'), before);

    await page.getByRole('button', { name: '삭제' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('이 게시글을 삭제할까요?', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: '삭제' }).click();
    await page.waitForURL((u) => u.pathname === '/community');
    await page.getByText('아직 게시글이 없어요. 첫 글을 남겨 주세요.').waitFor();
    await context.close();
  });
});
