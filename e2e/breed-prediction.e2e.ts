/**
 * Breed prediction in the browser with the repo's tiny ONNX colour classifier
 * (red → first label, grey → unsure): the AI step offered only when the api can
 * really predict, "다시 예측" asking again.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { writeColourClassifier } from '@pawbridge/api/testing/breed-model';
import { DESKTOP, createUser, launchBrowser, loginContext, newContext, screenshot, startStack, type Stack } from './harness';
import { dogPhoto, toTop } from './fixtures';

describe('strays journey: AI breed prediction with the ONNX model', () => {
  let stack: Stack;
  let browser: Browser;
  let modelDir: string;

  before(async () => {
    // The repo's tiny colour classifier: red → first label, green → second, grey → unsure.
    modelDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawbridge-breed-'));
    const model = await writeColourClassifier(modelDir, ['진돗개', '푸들', '시바견']);
    stack = await startStack({ BREED_MODEL_PATH: model.modelPath, BREED_LABELS_PATH: model.labelsPath });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await stack?.close();
    fs.rmSync(modelDir, { recursive: true, force: true });
  });

  it('predicts from the photo, fills the breed, and "다시 예측" asks again', async () => {
    const member = await createUser(stack, 'predict');
    const context = await newContext(browser, stack, DESKTOP);
    await loginContext(context, stack, member.userId, member.password);
    const page = await context.newPage();
    await page.goto('/abandoned/register');
    await page.getByRole('button', { name: '제보하기' }).waitFor();
    const photo = page.locator('input[type="file"]');
    let predictCalls = 0;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/abandoned/predict')) predictCalls += 1;
    });

    await photo.setInputFiles({ name: 'red.jpg', mimeType: 'image/jpeg', buffer: await dogPhoto({ r: 230, g: 20, b: 20 }) });
    await page.getByText('예측 품종: 진돗개').waitFor();
    assert.equal(await page.getByLabel('품종', { exact: true }).inputValue(), '진돗개');
    await page.getByRole('button', { name: '다시 예측' }).click();
    await page.getByText('예측 품종: 진돗개').waitFor();
    assert.equal(predictCalls, 2);
    await toTop(page);
    await screenshot(page, 'strays-report-predicted-desktop');

    await photo.setInputFiles({ name: 'grey.jpg', mimeType: 'image/jpeg', buffer: await dogPhoto({ r: 128, g: 128, b: 128 }) });
    await page.getByText('품종을 확신할 수 없습니다. 직접 입력해 주세요.').waitFor();
    assert.equal(await page.getByLabel('품종', { exact: true }).inputValue(), '');
    await context.close();
  });
});
