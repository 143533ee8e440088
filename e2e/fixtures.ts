import assert from 'node:assert/strict';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { axeProblems } from './axe';
import { httpClient, type Stack, type TestUser } from './harness';

/**
 * A 실종 신고 posted through the BFF by a logged-in client, with one photo of the given colour: the report's
 * id (asserts the 201).
 */
export async function postMissingReport(
  client: ReturnType<typeof httpClient>,
  report: Record<string, unknown>,
  colour?: { r: number; g: number; b: number },
): Promise<number> {
  const form = new FormData();
  form.append('missing', JSON.stringify(report));
  form.append('photo1', new Blob([new Uint8Array(await dogPhoto(colour))], { type: 'image/jpeg' }), 'dog.jpg');
  const res = await client.postForm('/api/lost/missing', form);
  assert.equal(res.status, 201, JSON.stringify(res.data));
  return (res.data as { id: number }).id;
}

/** A plain JPEG "dog photo" in one colour (the tiny breed model reads the colour). */
export async function dogPhoto(background = { r: 176, g: 120, b: 72 }): Promise<Buffer> {
  return sharp({ create: { width: 480, height: 360, channels: 3, background } })
    .jpeg()
    .toBuffer();
}

// A full-page shot of a scrolled page paints the fixed header mid-page; shoot from the top.
export const toTop = (page: Page) => page.evaluate('window.scrollTo(0, 0)');

// The sandbox has no internet: the map's OpenStreetMap tiles are served from here
// (a drawn street grid), or cut to play an offline phone.
const TILE_URL = /^https:\/\/tile\.openstreetmap\.org\//;
const tile = sharp(
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256">
  <rect width="256" height="256" fill="#efe9dc"/>
  <path d="M0 90 H256 M0 200 H256 M70 0 V256 M180 0 V256" stroke="#ffffff" stroke-width="10"/>
  <rect x="85" y="105" width="80" height="80" fill="#cfe6c4"/>
</svg>`),
)
  .png()
  .toBuffer();
export const serveTiles = async (context: BrowserContext) => {
  const body = await tile;
  await context.route(TILE_URL, (route) => route.fulfill({ status: 200, contentType: 'image/png', body }));
};
export const cutTiles = (context: BrowserContext) => context.route(TILE_URL, (route) => route.abort('internetdisconnected'));

/** A member's stray report as the report form sends it; the defaults are a mixed-breed dog found in Seoul. */
export interface StrayReportInput {
  description: string;
  type?: string;
  gender?: 'MALE' | 'FEMALE';
  colour?: { r: number; g: number; b: number };
  daysAgo?: number;
  foundTime?: string;
  latitude?: number;
  longitude?: number;
}

/** `reporter` reports a stray through the BFF (201); its report id. */
export async function reportStray(stack: Stack, reporter: TestUser, input: StrayReportInput): Promise<number> {
  const member = httpClient(stack);
  assert.equal((await member.post('/api/users/login', { userId: reporter.userId, password: reporter.password })).status, 200);
  const form = new FormData();
  form.append(
    'abandoned-pet',
    JSON.stringify({
      latitude: input.latitude ?? 37.56,
      longitude: input.longitude ?? 126.92,
      gender: input.gender ?? 'MALE',
      description: input.description,
      location: '서울특별시',
      type: input.type ?? '믹스견',
      foundDate: new Date(Date.now() - (input.daysAgo ?? 2) * 86_400_000).toISOString().slice(0, 10),
      foundTime: input.foundTime ?? '09:30',
    }),
  );
  form.append('imageurl', new Blob([new Uint8Array(await dogPhoto(input.colour))], { type: 'image/jpeg' }), 'dog.jpg');
  const report = await member.postForm('/api/abandoned/register', form);
  assert.equal(report.status, 201, JSON.stringify(report.data));
  return (report.data as { id: number }).id;
}

/** The admin registers report `id`: a PROTECTING stray on the adopt list. */
export async function registerReport(stack: Stack, id: number): Promise<void> {
  const admin = httpClient(stack);
  assert.equal((await admin.post('/api/users/login', { userId: 'admin', password: stack.adminPassword })).status, 200);
  assert.equal((await admin.post(`/api/admin/reports/${id}/register`)).status, 200);
}

/** A member's report, registered by the admin; its id. */
export async function registeredStray(stack: Stack, reporter: TestUser, input: StrayReportInput): Promise<number> {
  const id = await reportStray(stack, reporter, input);
  await registerReport(stack, id);
  return id;
}

/** The adopt search's place field; on a phone the form is folded behind 필터 (issue 25 item 6), so open it first. */
export async function adoptPlaceField(page: Page) {
  const field = page.getByLabel('발견 장소', { exact: true });
  await field.waitFor({ state: 'attached' });
  if (!(await field.isVisible())) await page.locator('label:visible', { hasText: /^필터/ }).first().click();
  await field.waitFor();
  return field;
}

/**
 * Opens a page and waits until the app has taken it over (`html[data-ready]`): a server-rendered page
 * (issue 26) shows its buttons before the script has hydrated them, and a tap that early does nothing.
 */
export async function gotoReady(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('html[data-ready="true"]');
}

/** axe (WCAG 2.1 AA, serious and critical) finds nothing on the page; `where` names the screen in the failure. */
export async function noAxeProblems(page: Page, where: string): Promise<void> {
  const problems = await axeProblems(page);
  assert.deepEqual(problems, [], `${where}: ${problems.join('\n')}`);
}

/** Resolves once the page's STOMP session on /ws is CONNECTED and has subscribed to every topic in `topics`. */
export function liveSubscriptions(page: Page, topics: string[]): Promise<void> {
  const waiting = new Set(topics);
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/ws')) return;
      let connected = false;
      ws.on('framereceived', (f) => {
        if (String(f.payload).startsWith('CONNECTED')) connected = true;
      });
      ws.on('framesent', (f) => {
        const frame = String(f.payload);
        if (!connected || !frame.startsWith('SUBSCRIBE')) return;
        for (const topic of waiting) if (frame.includes(`destination:${topic}\n`)) waiting.delete(topic);
        if (waiting.size === 0) resolve();
      });
    });
  });
}
