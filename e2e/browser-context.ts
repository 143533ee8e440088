// The browser side of the journeys: viewports, a watched context (console errors fail the journey,
// every goto waits for the app to be interactive) and screenshots for a person to look at.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import type { Stack } from './harness';

/**
 * Where the journeys' screenshots go, for a person to look at: only when E2E_SCREENSHOT_DIR asks for them
 * (e.g. `E2E_SCREENSHOT_DIR=e2e/screenshots npm run test:e2e`). No journey reads them back, and encoding
 * ~190 full-page PNGs cost CI's two cores a noticeable share of the journeys' time (docs/decisions/0030).
 */
export const SCREENSHOT_DIR = process.env.E2E_SCREENSHOT_DIR ? path.resolve(process.env.E2E_SCREENSHOT_DIR) : undefined;

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/**
 * Console lines that are not the app's fault, and only those. Chromium logs every
 * non-2xx fetch as "Failed to load resource"; an /api answer with an honest 4xx
 * status is a result the screen handles (wrong password, 409 duplicate), and
 * anything from another origin (map tiles, a map SDK) is outside this app.
 * 5xx answers, missing assets and every other error or warning stay problems.
 */
export function isAllowedConsoleNoise(text: string, resourceUrl: string, baseUrl: string): boolean {
  if (!text.startsWith('Failed to load resource')) return false;
  if (resourceUrl && !resourceUrl.startsWith(baseUrl)) return true;
  return /status of 4\d\d/.test(text) && new URL(resourceUrl || baseUrl).pathname.startsWith('/api/');
}

const expectedNoise = new WeakMap<BrowserContext, RegExp[]>();

/**
 * A journey that breaks something on purpose (e.g. cuts the network) declares the
 * console lines that breakage causes; they must match `pattern` to be let through.
 */
export function expectConsole(context: BrowserContext, pattern: RegExp): void {
  expectedNoise.set(context, [...(expectedNoise.get(context) ?? []), pattern]);
}

/** What went wrong in a context's pages: console errors and warnings, uncaught exceptions. */
function watchConsole(context: BrowserContext, baseUrl: string): string[] {
  const problems: string[] = [];
  const watch = (page: Page) => {
    page.on('console', (msg: ConsoleMessage) => {
      if (msg.type() !== 'error' && msg.type() !== 'warning') return;
      const where = msg.location().url;
      if (isAllowedConsoleNoise(msg.text(), where, baseUrl)) return;
      if ((expectedNoise.get(context) ?? []).some((re) => re.test(msg.text()))) return;
      problems.push(`console.${msg.type()} on ${page.url()}: ${msg.text()}${where ? ` (${where})` : ''}`);
    });
    page.on('pageerror', (err) => problems.push(`uncaught exception on ${page.url()}: ${err.message}`));
  };
  context.on('page', watch);
  return problems;
}

/**
 * A browser context for one journey. Every page it opens is watched: any console
 * error or warning (see isAllowedConsoleNoise for the few exceptions) or uncaught
 * exception makes `context.close()` throw, so the journey fails with the lines listed.
 */
const readyAware = new WeakSet<Page>();

/**
 * Public pages arrive server-rendered: their buttons are visible before React has hydrated them, and a
 * click in between does nothing. So every `page.goto` to an app page (HTML, 200) also waits until the
 * app marks itself interactive (App sets <html data-ready>), as a person would see the page settle.
 */
function waitForTheAppOnGoto(page: Page): void {
  if (readyAware.has(page)) return;
  readyAware.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const res = await goto(url, options);
    if (res?.status() === 200 && /text\/html/.test(res.headers()['content-type'] ?? '')) {
      await page.waitForSelector('html[data-ready="true"]', { state: 'attached', timeout: 30_000 });
    }
    return res;
  };
}

export async function newContext(
  browser: Browser,
  stack: Stack,
  viewport: { width: number; height: number } = DESKTOP,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: stack.baseUrl,
    viewport,
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
    deviceScaleFactor: 1,
  });
  const problems = watchConsole(context, stack.baseUrl);
  context.on('page', waitForTheAppOnGoto);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    waitForTheAppOnGoto(page);
    return page;
  };
  const close = context.close.bind(context);
  context.close = async (options) => {
    await close(options);
    if (problems.length > 0) throw new Error(`the browser console was not clean:\n${problems.join('\n')}`);
  };
  return context;
}

/** Saves a screenshot of `page` as `<name>.png` when E2E_SCREENSHOT_DIR is set (full page unless told otherwise). */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: options.fullPage ?? true });
}
