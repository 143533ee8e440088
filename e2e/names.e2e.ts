import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
import { dogPhoto, reportStray, serveTiles, toTop } from './fixtures';
import {
  DESKTOP,
  PHONE,
  createUser,
  httpClient,
  latestCode,
  launchBrowser,
  loginContext,
  loginViaUi,
  newContext,
  screenshot,
  startStack,
  type Stack,
  type TestUser,
} from './harness';

/**
 * Issue 25 items 5 and 8 on a phone: people have names (아이디·닉네임 중복 확인, a nickname on my page,
 * nicknames and never login ids in the community), the admin names a reported stray, one phone format.
 */
describe('names journey', () => {
  let stack: Stack;
  let browser: Browser;
  /** A member who already holds a login id and a nickname the newcomer will try. */
  let neighbour: TestUser;
  const NEIGHBOUR_NICK = '이웃집콩이';
  const tag = Date.now().toString(36).slice(-5);
  const newcomer = { userId: `seoyeon${tag}`, password: 'secret12', name: '박서연', email: `seoyeon.${tag}@example.com` };
  const TITLE = '우리 콩이가 처음으로 산책을 완주했어요';
  let postPath = '';

  /** The whole page's text, for "this login id is nowhere on the screen". */
  const pageText = (page: Page) => page.evaluate(() => document.body.innerText);
  const assertNoLoginIds = async (page: Page, where: string) => {
    const text = await pageText(page);
    for (const id of [newcomer.userId, neighbour.userId]) assert.ok(!text.includes(id), `${where} shows the login id ${id}`);
  };
  /** The box of the input inside a labelled field, and of the button beside it: same top and bottom, on one line. */
  const assertBesideInput = async (input: Locator, button: Locator) => {
    const [i, b] = [await input.boundingBox(), await button.boundingBox()];
    assert.ok(i && b, 'input and button are on screen');
    assert.ok(
      Math.abs(i.y - b.y) <= 1 && Math.abs(i.y + i.height - (b.y + b.height)) <= 1,
      `button ${JSON.stringify(b)} beside ${JSON.stringify(i)}`,
    );
    assert.ok(b.x >= i.x + i.width, 'the button is right of the input');
    return { input: i, button: b };
  };

  before(async () => {
    stack = await startStack();
    browser = await launchBrowser();
    neighbour = await createUser(stack, 'nbr');
    const c = httpClient(stack);
    assert.equal((await c.post('/api/users/login', { userId: neighbour.userId, password: neighbour.password })).status, 200);
    const renamed = await c.put('/api/users/me/nickname', { nickname: NEIGHBOUR_NICK });
    assert.equal(renamed.status, 200, JSON.stringify(renamed.data));
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
  });

  it('signs up with 아이디 and 닉네임 중복 확인 on a phone: a taken one is refused on the field, a free one said free', async () => {
    const context = await newContext(browser, stack, PHONE);
    const page = await context.newPage();
    await page.goto('/signup');
    await page.getByLabel('이름', { exact: true }).fill(newcomer.name);

    const userId = page.getByLabel('아이디', { exact: true });
    const checkId = page.getByRole('button', { name: '아이디 중복 확인' });
    await userId.fill(neighbour.userId);
    await checkId.click();
    await page.getByText('이미 사용 중인 아이디입니다.').waitFor();
    assert.equal(await userId.getAttribute('aria-invalid'), 'true');
    await userId.fill(newcomer.userId);
    // The refusal was about the other value: it goes with the change.
    assert.equal(await page.getByText('이미 사용 중인 아이디입니다.').count(), 0);
    await checkId.click();
    await page.getByText('사용할 수 있는 아이디예요.').waitFor();

    const nickname = page.getByLabel('닉네임', { exact: true });
    const checkNick = page.getByRole('button', { name: '닉네임 중복 확인' });
    await nickname.fill(NEIGHBOUR_NICK);
    await checkNick.click();
    await page.getByText('이미 다른 회원이 쓰고 있는 닉네임입니다.', { exact: false }).waitFor();
    await nickname.fill('서연맘');
    await checkNick.click();
    await page.getByText('사용할 수 있는 닉네임이에요.').waitFor();

    // Each 중복 확인 sits beside its input box (not its label) and is a thumb-sized target on a phone.
    for (const [input, button] of [
      [userId, checkId],
      [nickname, checkNick],
    ] as const) {
      const boxes = await assertBesideInput(input, button);
      assert.ok(boxes.button.height >= 44 && boxes.input.height >= 44, `44 px targets (${boxes.button.height}, ${boxes.input.height})`);
    }

    await page.getByLabel('이메일', { exact: true }).fill(newcomer.email);
    await page.getByRole('button', { name: '인증 코드 보내기' }).click();
    await page.getByLabel('인증 코드').waitFor();
    await page.getByLabel('인증 코드').fill(latestCode(stack, newcomer.email));
    await page.getByRole('button', { name: '인증하기' }).click();
    await page.getByRole('button', { name: '인증 완료' }).waitFor();
    await page.getByLabel('비밀번호', { exact: true }).fill(newcomer.password);
    await page.getByLabel('비밀번호 확인').fill(newcomer.password);
    await page.getByLabel('생년월일').fill('1994-07-21');
    // Typed with spaces, as people do: kept and shown as 010-2345-6789.
    await page.getByLabel('휴대폰 번호').fill('010 2345 6789');
    await toTop(page);
    await screenshot(page, 'names-signup-checks-phone');
    await page.setViewportSize(DESKTOP);
    await assertBesideInput(userId, checkId);
    await assertBesideInput(nickname, checkNick);
    await toTop(page);
    await screenshot(page, 'names-signup-checks-desktop');
    await page.setViewportSize(PHONE);

    // The e-mail toasts sit over 가입하기 on a phone for a few seconds (issue 25 item 6, not this journey's subject): let them go.
    await page.waitForFunction(() => document.querySelectorAll('.mantine-Notifications-notification').length === 0);
    await page.getByRole('button', { name: '가입하기' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await context.close();
  });

  it('sets the nickname on my page (a taken one is refused in words) and shows a phone typed with +82 as 010-…', async () => {
    const context = await newContext(browser, stack, PHONE);
    const page = await context.newPage();
    await loginViaUi(page, newcomer.userId, newcomer.password);
    await page.goto('/mypage/info');
    const info = page.getByRole('region', { name: '내 정보' });
    await info.getByText('서연맘', { exact: true }).waitFor();
    await info.getByText('010-2345-6789', { exact: true }).waitFor();

    await info.getByRole('button', { name: '닉네임 변경' }).click();
    const field = info.getByLabel('닉네임', { exact: true });
    await field.fill(NEIGHBOUR_NICK);
    await info.getByRole('button', { name: '닉네임 저장' }).click();
    await info.getByText('이미 다른 회원이 쓰고 있는 닉네임입니다. 다른 닉네임을 골라 주세요.').waitFor();
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    await screenshot(page, 'names-mypage-nickname-taken-phone');
    await field.fill('콩이누나');
    await info.getByRole('button', { name: '닉네임 저장' }).click();
    await page.getByText('닉네임을 바꿨어요.').waitFor();
    await info.getByText('콩이누나', { exact: true }).waitFor();

    await info.getByRole('button', { name: '정보 수정' }).click();
    await info.getByLabel('휴대폰 번호').fill('+82 10-9876-5432');
    await info.getByRole('button', { name: '저장', exact: true }).click();
    await page.getByText('내 정보를 수정했어요.').waitFor();
    await page.reload();
    await info.getByText('010-9876-5432', { exact: true }).waitFor();
    assert.equal(await info.getByText('+82', { exact: false }).count(), 0);
    await toTop(page);
    await screenshot(page, 'names-mypage-profile-phone');
    await page.setViewportSize(DESKTOP);
    await info.getByText('콩이누나', { exact: true }).waitFor();
    await screenshot(page, 'names-mypage-profile-desktop');
    await context.close();
  });

  it('posts and comments show nicknames, never a login id', async () => {
    // A 자랑 post needs a registered dog (the legacy's category rule).
    const c = httpClient(stack);
    assert.equal((await c.post('/api/users/login', { userId: newcomer.userId, password: newcomer.password })).status, 200);
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
        petId: `410-2023-${String(Date.now()).slice(-5)}`,
      }),
    );
    form.append('profile', new Blob([new Uint8Array(await dogPhoto())], { type: 'image/jpeg' }), 'dog.jpg');
    const pet = await c.postForm('/api/pet/register', form);
    assert.equal(pet.status, 201, JSON.stringify(pet.data));

    const author = await newContext(browser, stack, PHONE);
    await loginContext(author, stack, newcomer.userId, newcomer.password);
    const page = await author.newPage();
    await page.goto('/community/createPost');
    await page.getByRole('combobox', { name: '카테고리' }).click();
    await page.getByRole('option', { name: '자랑' }).click();
    await page.getByRole('textbox', { name: '제목' }).fill(TITLE);
    await page.getByRole('textbox', { name: '내용' }).click();
    await page.keyboard.type('한강공원 한 바퀴를 처음으로 끝까지 걸었어요.');
    await page.getByRole('button', { name: '등록', exact: true }).click();
    await page.waitForURL((u) => /^\/community\/\d+$/.test(u.pathname));
    postPath = new URL(page.url()).pathname;
    await page.getByText('콩이누나', { exact: false }).locator('visible=true').first().waitFor();
    await author.close();

    const other = await newContext(browser, stack, PHONE);
    await loginContext(other, stack, neighbour.userId, neighbour.password);
    const theirs = await other.newPage();
    await theirs.goto(postPath);
    await theirs.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await theirs.getByRole('textbox', { name: '댓글 쓰기' }).fill('제가 도와드릴 수 있어요!');
    await theirs.getByRole('button', { name: '등록', exact: true }).click();
    await theirs.getByText('제가 도와드릴 수 있어요!', { exact: true }).waitFor();
    await other.close();

    for (const [viewport, name] of [
      [PHONE, 'phone'],
      [DESKTOP, 'desktop'],
    ] as const) {
      // A visitor's view: what anyone can read.
      const context = await newContext(browser, stack, viewport);
      const visitor = await context.newPage();
      await visitor.goto('/community');
      const entry = visitor
        .getByRole('link', { name: new RegExp(TITLE) })
        .locator('visible=true')
        .first();
      await entry.waitFor();
      await visitor.getByText('콩이누나', { exact: false }).locator('visible=true').first().waitFor();
      await assertNoLoginIds(visitor, `the community list (${name})`);
      await toTop(visitor);
      await screenshot(visitor, `names-community-list-${name}`);

      await visitor.goto(postPath);
      await visitor.getByRole('heading', { level: 1, name: TITLE }).waitFor();
      // Seen waiting 30 s in CI now and then (cause not found yet): a failure says what the toggle read instead.
      const toggle = visitor.getByRole('button', { name: /^댓글 \d+개 보기$/ });
      await toggle.waitFor();
      await visitor
        .getByRole('button', { name: '댓글 1개 보기' })
        .click({ timeout: 15_000 })
        .catch(async (err: Error) => {
          throw new Error(`${err.message}\nthe comments toggle reads "${await toggle.textContent()}" (${name}, ${visitor.url()})`);
        });
      await visitor.getByText('제가 도와드릴 수 있어요!', { exact: true }).waitFor();
      const comment = visitor.locator('.mantine-Paper-root').filter({ hasText: '제가 도와드릴 수 있어요!' });
      await comment.getByText(NEIGHBOUR_NICK, { exact: true }).waitFor();
      await visitor.getByText('콩이누나', { exact: false }).locator('visible=true').first().waitFor();
      await assertNoLoginIds(visitor, `the post and its comment (${name})`);
      await toTop(visitor);
      await screenshot(visitor, `names-community-post-${name}`);
      await context.close();
    }
  });

  it('the admin names a reported stray while registering it, and the adopt list shows that name', async () => {
    const reportId = await reportStray(stack, neighbour, {
      description: '망원시장 앞에서 떨고 있던 흰색 강아지예요.',
      colour: { r: 235, g: 235, b: 230 },
    });
    for (const [viewport, name] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const context = await newContext(browser, stack, viewport);
      await serveTiles(context);
      await loginContext(context, stack, 'admin', stack.adminPassword);
      const page = await context.newPage();
      await page.goto('/admin/abandoned-pets');
      const entry = page
        .getByRole(name === 'phone' ? 'article' : 'row')
        .filter({ hasText: '망원시장 앞에서' })
        .first();
      await entry.getByRole('button', { name: /상세 보기/ }).click();
      const dialog = page.getByRole('dialog', { name: `제보 상세 (ID ${reportId})` });
      const field = dialog.getByLabel('이름', { exact: true });
      await field.waitFor();
      // A real name is suggested, never "유기견 #N".
      assert.doesNotMatch(await field.inputValue(), /^유기견 #\d+$/);
      assert.notEqual(await field.inputValue(), '');
      const register = dialog.getByRole('button', { name: '유기견으로 등록' });

      // Nothing hides under the sticky action bar: the field, focused from the top of the dialog, is fully above it.
      await dialog.getByRole('button', { name: '닫기' }).first().focus();
      await field.focus();
      const bar = await register.evaluate((el) => el.parentElement?.getBoundingClientRect().toJSON() as DOMRect);
      const input = await field.boundingBox();
      assert.ok(
        input && input.y + input.height <= bar.y,
        `the 이름 field (${JSON.stringify(input)}) is above the action bar (${JSON.stringify(bar)})`,
      );
      const registerBox = await register.boundingBox();
      assert.ok(registerBox && registerBox.y + registerBox.height <= viewport.height, 'the actions stay in view');
      if (name === 'phone') assert.ok(registerBox.height >= 44, `a 44 px target (${registerBox.height})`);
      await screenshot(page, `names-admin-register-${name}`, { fullPage: false });
      if (name === 'phone') {
        await field.fill('두부');
        await register.click();
        await page.getByText('보호 중인 유기견으로 등록했습니다.').waitFor();
        await dialog.getByRole('button', { name: '이미 등록됨' }).waitFor();
      }
      await context.close();
    }

    const context = await newContext(browser, stack, PHONE);
    const page = await context.newPage();
    await page.goto('/adopt');
    await page.getByRole('img', { name: /두부/ }).locator('visible=true').first().waitFor();
    await page.getByText('두부', { exact: true }).locator('visible=true').first().waitFor();
    assert.equal(await page.getByText(`유기견 #${reportId}`, { exact: true }).count(), 0);
    await context.close();
  });
});
