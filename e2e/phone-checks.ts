// Measurements the member-phone journey makes on a 390 px screen (issue 25 items 6 and 7):
// where toasts sit, how big the targets are, whether something moves while live updates arrive.
import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { toTop } from './fixtures';
import { DESKTOP, PHONE, SCREENSHOT_DIR, screenshot } from './harness';

/** The screen from its top, at 390 px and then at 1280 px (named `<name>-phone` and `<name>-desktop`); back to the phone. */
export async function shoot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOT_DIR) return;
  await toTop(page);
  await screenshot(page, `${name}-phone`);
  await page.setViewportSize(DESKTOP);
  await toTop(page);
  await screenshot(page, `${name}-desktop`);
  await page.setViewportSize(PHONE);
}

export { liveSubscriptions } from './fixtures';

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

const TOAST = '.mantine-Notifications-notification';

/** The toasts on screen now: their words and boxes. */
export async function toasts(page: Page): Promise<{ text: string; box: Box }[]> {
  return page.locator(TOAST).evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { text: (el as HTMLElement).innerText, box: { x: r.x, y: r.y, width: r.width, height: r.height } };
    }),
  );
}

/**
 * Exactly one toast says `words`; it sits below the app header (not over it) and covers none of
 * `keepClear` (the screen's primary buttons).
 */
export async function assertOneToastClearOf(page: Page, words: string, keepClear: Locator[]): Promise<void> {
  await page.locator(TOAST).filter({ hasText: words }).first().waitFor();
  // Mantine slides a toast in: measure where it comes to rest.
  await page.waitForFunction(
    (sel) => [...document.querySelectorAll(sel)].every((el) => el.getAnimations({ subtree: true }).every((a) => a.playState !== 'running')),
    TOAST,
  );
  const all = await toasts(page);
  const mine = all.filter((t) => t.text.includes(words));
  assert.equal(mine.length, 1, `one toast per event, got ${JSON.stringify(all.map((t) => t.text))}`);
  const toast = mine[0]!.box;
  const headerBottom = await page.evaluate(() => document.querySelector('header')?.getBoundingClientRect().bottom ?? 0);
  assert.ok(headerBottom > 0, 'the app header is on screen');
  assert.ok(toast.y >= headerBottom - 0.5, `the toast (${JSON.stringify(toast)}) sits below the header (bottom ${headerBottom})`);
  assert.ok(toast.y < page.viewportSize()!.height / 2, `the toast is at the top of the screen (${JSON.stringify(toast)})`);
  for (const target of keepClear) {
    const box = await target.boundingBox();
    assert.ok(box, `${target.toString()} is on the page`);
    assert.ok(!overlaps(toast, box), `the toast ${JSON.stringify(toast)} covers ${target.toString()} ${JSON.stringify(box)}`);
  }
}

/** Every target is at least 44 × 44 px (43.5 allowed for sub-pixel layout). */
export async function assertTouchTargets(targets: Record<string, Locator>): Promise<void> {
  for (const [name, target] of Object.entries(targets)) {
    const size = await target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { width: r.width, height: r.height };
    });
    assert.ok(size.height >= 43.5 && size.width >= 43.5, `${name} is a 44 px target (${size.width} × ${size.height})`);
  }
}

/** No number field shows a stepper: a native one's spin buttons are hidden, and no Mantine stepper controls are drawn. */
export async function assertNoSmallSteppers(page: Page, where: string): Promise<void> {
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    for (const input of document.querySelectorAll<HTMLInputElement>('input[type="number"]')) {
      const spin = getComputedStyle(input, '::-webkit-inner-spin-button');
      if (spin.display !== 'none' && spin.appearance !== 'none' && input.getBoundingClientRect().height < 44)
        problems.push(`native stepper on ${input.name || input.id}`);
    }
    for (const c of document.querySelectorAll<HTMLElement>('.mantine-NumberInput-control')) {
      const r = c.getBoundingClientRect();
      if (r.height > 0 && r.height < 44) problems.push(`a ${r.height} px stepper control`);
    }
    return problems;
  });
  assert.deepEqual(found, [], `steppers under 44 px on ${where}`);
}

// Plain JavaScript: tsx names the functions it compiles with a helper the page does not have.
const START_WATCH = `(el) => {
  const label = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\\s+/).slice(0, 2).join('.') : '');
  const top = el.getBoundingClientRect().top;
  const before = new Map();
  for (const e of document.body.querySelectorAll('*')) {
    const r = e.getBoundingClientRect();
    if (r.top < top) before.set(e, r.height);
  }
  const state = { tops: [], scrolls: new Set(), running: true, before, label };
  window.__watch = state;
  const tick = () => {
    if (!state.running) return;
    state.tops.push(el.getBoundingClientRect().top);
    state.scrolls.add(window.scrollY);
    requestAnimationFrame(tick);
  };
  tick();
}`;
const STOP_WATCH = `(el) => {
  const state = window.__watch;
  state.running = false;
  state.tops.push(el.getBoundingClientRect().top);
  const changed = [];
  for (const [e, h] of state.before) {
    const now = e.isConnected ? e.getBoundingClientRect().height : 0;
    if (Math.abs(now - h) > 0.5) changed.push(state.label(e) + ' ' + h + '→' + now);
  }
  return { min: Math.min(...state.tops), max: Math.max(...state.tops), scrolls: [...state.scrolls], changed: changed.slice(-12) };
}`;

export interface Movement {
  min: number;
  max: number;
  scrolls: number[];
  changed: string[];
}

/**
 * Follows `target`'s top on every animation frame until the returned function is called; that
 * answers the lowest and highest top seen, the scroll positions seen, and which elements above the
 * target changed height meanwhile (the reason, when it moved).
 */
export async function watchTop(target: Locator): Promise<() => Promise<Movement>> {
  await target.page().evaluate(`window.__startWatch = ${START_WATCH}; window.__stopWatch = ${STOP_WATCH};`);
  type Watcher = { __startWatch: (el: Element) => void; __stopWatch: (el: Element) => Movement };
  await target.evaluate((el) => (window as unknown as Watcher).__startWatch(el));
  return () => target.evaluate((el) => (window as unknown as Watcher).__stopWatch(el));
}
