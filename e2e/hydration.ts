import assert from 'node:assert/strict';
import type { BrowserContext, Page } from 'playwright-core';

/**
 * Opens a server-rendered page (issue 26) and waits until it has hydrated and the network is idle.
 * Returns the GETs of data the server embedded that the browser asked for again (`embedded`: their
 * paths), and the layout shift summed over the load, with the elements that moved.
 */
export async function openHydratedPage(
  context: BrowserContext,
  url: string,
  embedded: RegExp,
): Promise<{ page: Page; refetched: string[]; shift: number; shifted: string }> {
  const page = await context.newPage();
  const refetched: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (r.method() === 'GET' && embedded.test(u.pathname)) refetched.push(u.pathname + u.search);
  });
  await page.addInitScript(() => {
    // No named inner functions here: tsx would wrap them in a helper the page does not have.
    const w = window as unknown as { __shift: number; __shifted: string[] };
    w.__shift = 0;
    w.__shifted = [];
    type Rect = { x: number; y: number; width: number; height: number };
    type Shift = PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node: Node | null; previousRect: Rect; currentRect: Rect }[];
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as Shift[]) {
        if (e.hadRecentInput) continue;
        w.__shift += e.value;
        // Which elements moved, so a failure names them (not only a number).
        for (const s of e.sources ?? []) {
          const el = s.node instanceof Element ? s.node : (s.node?.parentElement ?? null);
          const what = el
            ? `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}"> ${(el.textContent ?? '').slice(0, 30)}`
            : '(removed)';
          const [a, b] = [s.previousRect, s.currentRect];
          const rects = `${Math.round(a.x)},${Math.round(a.y)} ${Math.round(a.width)}x${Math.round(a.height)} → ${Math.round(b.x)},${Math.round(b.y)} ${Math.round(b.width)}x${Math.round(b.height)}`;
          w.__shifted.push(`${e.value.toFixed(5)} @${Math.round(e.startTime)}ms ${what} ${rects}`);
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const res = await page.goto(url);
  assert.ok(res, url);
  assert.match(res.headers()['content-type'] ?? '', /text\/html/);
  await page.waitForSelector('html[data-ready="true"]');
  await page.waitForLoadState('networkidle');
  const { shift, shifted } = await page.evaluate(() => {
    const w = window as unknown as { __shift: number; __shifted: string[] };
    return { shift: w.__shift, shifted: w.__shifted.join('\n') };
  });
  return { page, refetched, shift, shifted };
}
