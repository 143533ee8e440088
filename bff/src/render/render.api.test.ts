import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '@pawbridge/api/testing';
import { createMember, insertStray, solidJpeg } from '@pawbridge/api/testing/fixtures';
import { StraySchema } from '@pawbridge/shared';
import { startRecordingProxy, type RecordingProxy } from '../testing/recording-proxy';
import { serverBundleEnv } from '../testing/server-bundle';
import { createClient, startTestBff, type TestBff } from '../testing/test-bff';
import {
  bodyOf,
  canonicalOf,
  COPY,
  CRAWLERS,
  embeddedOf,
  expectImageServed,
  expectNoCoordinates,
  expectPreview,
  metaOf,
  ORIGIN,
  page,
} from './render.suite';

// The public pages rendered by the BFF in front of our api (issue 26): the first HTML carries the content.
let api: TestApi;
let proxy: RecordingProxy;
let bff: TestBff;
/** The same BFF sharing visitors' pages for a minute (decision 0048), so no test depends on how fast it runs. */
let shared: TestBff;
/** The same BFF whose upstream does not answer. */
let down: TestBff;
/** An upstream that takes connections and never answers, and a BFF in front of it. */
let hung: net.Server;
let slow: TestBff;
beforeAll(async () => {
  const env = { ...serverBundleEnv(), PUBLIC_ORIGIN: ORIGIN };
  api = await startTestApi();
  proxy = await startRecordingProxy(api.url);
  bff = await startTestBff(proxy.url, env);
  shared = await startTestBff(proxy.url, { ...env, SSR_PUBLIC_DATA_TTL_MS: '60000' });
  down = await startTestBff('http://127.0.0.1:9', env);
  hung = net.createServer(() => undefined).listen(0, '127.0.0.1');
  await new Promise((r) => hung.once('listening', r));
  slow = await startTestBff(`http://127.0.0.1:${(hung.address() as net.AddressInfo).port}`, env);
}, 600_000);
afterAll(async () => {
  await slow?.close();
  hung?.close();
  hung?.unref();
  await down?.close();
  await shared?.close();
  await bff?.close();
  await proxy?.close();
  await api?.close();
});

const LAT = 35.123457;
const LNG = 129.654321;

/** A listed stray with a stored photo and a position that must never reach a page. */
async function seedStray(): Promise<{ id: number; name: string }> {
  const id = await insertStray(api, { status: 'PROTECTING', description: '산책을 좋아하는 하얀 개' });
  const key = await api.ctx.storage.put(await solidJpeg(200, 180, 160), 'jpg');
  await api.ctx.db
    .updateTable('strayReports')
    .set({ imageUrl: `/uploads/${key}`, latitude: LAT, longitude: LNG })
    .where('id', '=', id)
    .execute();
  const res = await createClient(bff.url).get(`/api/abandoned/abandoned-pets/${id}`);
  return { id, name: StraySchema.parse(res.body).name };
}

async function seedPost(title: string): Promise<number> {
  const author = await createMember(api, `ssr${Date.now() % 100000}`);
  const post = await api.ctx.db
    .insertInto('communityPosts')
    .values({ authorPk: author.pk, postType: 'SHOW_OFF', title, strContent: '<p>공원에서 신나게 뛰었어요</p>', imgUrlContent: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return post.id;
}

describe('server-rendered public pages, upstream = our api', () => {
  it('/ and /adopt: the strays in the first HTML with links to their pages, the data embedded once, no coordinates', async () => {
    const stray = await seedStray();
    for (const path of ['/', '/adopt']) {
      const res = await page(createClient(bff.url), path);
      expect(res.status, path).toBe(200);
      // The cards link each stray's page (a card shows its breed and place; its name is on its page).
      expect(bodyOf(res.text), path).toContain(`href="/adopt/${stray.id}"`);
      const embedded = embeddedOf(res.text);
      expect(embedded.origin).toBe(ORIGIN);
      expect(Object.keys(embedded.cache).length).toBeGreaterThan(0);
      expectNoCoordinates(res.text, LAT, LNG);
    }
  });

  it('/community and a post: titles and links in the HTML; the post has its preview tags and canonical', async () => {
    const title = '한강 산책 다녀왔어요';
    const id = await seedPost(title);
    const list = await page(createClient(bff.url), '/community');
    expect(list.status).toBe(200);
    expect(bodyOf(list.text)).toContain(title);
    expect(list.text).toContain(`href="/community/${id}"`);
    embeddedOf(list.text);
    for (const ua of CRAWLERS) {
      const res = await page(createClient(bff.url), `/community/${id}`, ua);
      expect(res.status).toBe(200);
      expect(bodyOf(res.text)).toContain('공원에서 신나게 뛰었어요');
      expect(metaOf(res.text, 'og:title')).toContain(title);
      expect(metaOf(res.text, 'og:url')).toBe(`${ORIGIN}/community/${id}`);
      expect(canonicalOf(res.text)).toBe(`${ORIGIN}/community/${id}`);
      expect(metaOf(res.text, 'twitter:card')).toMatch(/^summary/);
      expect(embeddedOf(res.text).cache[`/api/community/description/${id}`]).toHaveProperty('data');
    }
  });

  it('a stray’s page, read as a crawler: content, preview tags with an absolute photo URL that answers 200, data embedded once', async () => {
    const stray = await seedStray();
    for (const ua of CRAWLERS) {
      const res = await page(createClient(bff.url), `/adopt/${stray.id}`, ua);
      expect(res.status).toBe(200);
      expect(bodyOf(res.text)).toContain(stray.name);
      expect(bodyOf(res.text)).toContain('산책을 좋아하는 하얀 개');
      const { image } = expectPreview(res.text, `/adopt/${stray.id}`, stray.name);
      await expectImageServed(createClient(bff.url), image);
      const cached = embeddedOf(res.text).cache[`/api/abandoned/abandoned-pets/${stray.id}`];
      expect(StraySchema.parse(cached?.data).id).toBe(stray.id);
      expectNoCoordinates(res.text, LAT, LNG);
    }
  });

  it('a shelter animal’s page: its shelter and notice in the HTML, canonical and preview tags', async () => {
    await api.ctx.db
      .insertInto('shelterAnimals')
      .values({ ...shelterRow('S-SSR-1'), image1Url: 'https://openapi.example/photo1.jpg' })
      .execute();
    const res = await page(createClient(bff.url), '/shelter/S-SSR-1', CRAWLERS[1]);
    expect(res.status).toBe(200);
    expect(bodyOf(res.text)).toContain('마포동물보호센터');
    expect(canonicalOf(res.text)).toBe(`${ORIGIN}/shelter/S-SSR-1`);
    expect(metaOf(res.text, 'og:title')).toContain('마포동물보호센터');
    expect(metaOf(res.text, 'og:image')).toMatch(new RegExp(`^${ORIGIN}/shelter-images/S-SSR-1/1`));
    expect(embeddedOf(res.text).cache['/api/shelter-animals/S-SSR-1']).toHaveProperty('data');
  });

  it('an animal that is not there (or a malformed id): the not-found page with 404, kept out of indexes', async () => {
    const lost = await insertStray(api, { status: 'LOST' });
    for (const path of ['/adopt/999999', `/adopt/${lost}`, '/adopt/abc', '/shelter/NO-SUCH-ANIMAL', '/shelter/bad%20no']) {
      const res = await page(createClient(bff.url), path);
      expect(res.status, path).toBe(404);
      expect(bodyOf(res.text), path).toContain(COPY.animalNotFound);
      expect(metaOf(res.text, 'robots'), path).toBe('noindex');
      embeddedOf(res.text);
    }
  });

  it("a visitor's page is shared until a write passes the BFF (decision 0048); a member's frame is always rendered for them", async () => {
    const first = await page(createClient(shared.url), '/adopt');
    expect(first.status).toBe(200);
    const stray = await seedStray(); // straight into the api's database: nothing the BFF sees
    const link = `href="/adopt/${stray.id}"`;
    const again = await page(createClient(shared.url), '/adopt');
    expect(again.text).toBe(first.text);
    const member = await createMember(api, `ssrc${Date.now() % 100000}`);
    const c = createClient(shared.url);
    const [name, value] = member.cookie.split('=');
    c.cookies.set(name ?? '', value ?? '');
    // Their frame is rendered for them (the lists are the same shared public data).
    const mine = await page(c, '/adopt');
    expect(mine.text).toContain('로그아웃');
    expect(first.text).not.toContain('로그아웃');
    // A write through this BFF (here the member's logout) may have changed any list: visitors get a fresh page.
    expect((await c.post('/api/users/logout', {})).status).toBeLessThan(400);
    expect(bodyOf((await page(createClient(shared.url), '/adopt')).text)).toContain(link);
  });

  it("a member's page links, in its head, the styles of what a member's frame loads after hydration (the bell's screens)", async () => {
    const stylesheets = (html: string) => [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
    const visitor = stylesheets((await page(createClient(bff.url), '/')).text);
    const member = await createMember(api, `ssrm${Date.now() % 100000}`);
    const c = createClient(bff.url);
    const [name, value] = member.cookie.split('=');
    c.cookies.set(name ?? '', value ?? '');
    const home = await page(c, '/');
    expect(home.text).toContain('로그아웃');
    const styles = stylesheets(home.text);
    // A stylesheet that arrives after the first paint makes the browser match fonts again (a layout shift).
    expect(styles.some((href) => /\/assets\/screens-[\w-]+\.css$/.test(href))).toBe(true);
    expect(visitor.some((href) => /\/assets\/screens-/.test(href))).toBe(false);
    expect(styles.length).toBeGreaterThan(visitor.length);
  });

  it('a route beside a page of the table is not taken for it (/community/createPost is the form, not post 404)', async () => {
    const res = await page(createClient(bff.url), '/community/createPost');
    expect(res.status).toBe(200);
  });

  it('upstream down: each page still renders, with its error state and 502 (never a blank 500)', async () => {
    const cases: [string, string][] = [
      ['/', COPY.homeFailed],
      ['/adopt/1', COPY.animalFailed],
      ['/community/1', COPY.postFailed],
    ];
    for (const [path, sentence] of cases) {
      const res = await page(createClient(down.url), path);
      expect(res.status, path).toBe(502);
      expect(bodyOf(res.text), path).toContain(sentence);
      expect(
        Object.values(embeddedOf(res.text).cache).some((e) => 'error' in e),
        path,
      ).toBe(true);
    }
  });
});

describe('a hung upstream', () => {
  it('the page data is not waited for past 3.5 s: the SPA page (the browser asks itself), under the balancer’s 5 s', async () => {
    const started = Date.now();
    const res = await page(createClient(slow.url), '/adopt');
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(3_400);
    expect(took).toBeLessThan(5_000);
    expect(res.status).toBe(200);
    expect(res.text).toMatch(/<div id="root"><\/div>/);
    expect(res.text).not.toContain('id="pb-ssr-data"');
  });
});

function shelterRow(desertionNo: string) {
  return {
    desertionNo,
    kind: '믹스견',
    kindCd: null,
    color: '갈색',
    sex: 'F' as const,
    neutered: 'U' as const,
    birthYear: 2022,
    ageText: '2022(년생)',
    weightKg: 5,
    happenDate: '2026-11-10',
    happenPlace: '서울특별시 마포구',
    noticeNo: null,
    noticeStart: '2026-11-10',
    noticeEnd: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10),
    processState: '공고중',
    status: 'OPEN' as const,
    specialMark: null,
    shelterName: '마포동물보호센터',
    shelterTel: '02-123-4567',
    shelterAddress: null,
    careRegNo: null,
    orgName: null,
    image1Url: null,
    image2Url: null,
    portalUpdatedAt: null,
    sido: '서울특별시',
    sigungu: '마포구',
  };
}
