import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StraySchema } from '@pawbridge/shared';
import { startFakeSpring, type FakeSpring } from '../testing/fake-spring/index';
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

// The public pages rendered by the BFF in front of the legacy wire (the Spring-shaped fake): the same first HTML.
let spring: FakeSpring;
let bff: TestBff;
/** A legacy BFF whose upstream does not answer. */
let down: TestBff;
beforeAll(async () => {
  const env = { ...serverBundleEnv(), PUBLIC_ORIGIN: ORIGIN };
  spring = await startFakeSpring();
  // Visitors (and crawlers) see stray photos through the BFF's service session (decision 0008).
  spring.state.addUser({
    userId: 'ssr-photos',
    password: 'service-secret',
    name: null,
    email: null,
    birth: null,
    phoneNm: null,
    role: 'USER',
  });
  bff = await startTestBff(spring.url, { ...env, LEGACY_SERVICE_USER_ID: 'ssr-photos', LEGACY_SERVICE_PASSWORD: 'service-secret' });
  down = await startTestBff('http://127.0.0.1:9', { ...env, UPSTREAM_KIND: 'legacy' });
}, 600_000);
afterAll(async () => {
  await down?.close();
  await bff?.close();
  await spring?.close();
});

const LAT = 35.123457;
const LNG = 129.654321;

async function seedStray(): Promise<{ id: number; name: string }> {
  const form = spring.state.addStrayForm({ status: 'PROTECTING', description: '산책을 좋아하는 하얀 개', latitude: LAT, longitude: LNG });
  const res = await createClient(bff.url).get(`/api/abandoned/abandoned-pets/${form.id}`);
  expect(res.status, res.text).toBe(200);
  return { id: form.id, name: StraySchema.parse(res.body).name };
}

describe('server-rendered public pages, upstream = legacy Spring', () => {
  it('/ and /adopt: the strays in the first HTML with links to their pages, the data embedded once, no coordinates', async () => {
    const stray = await seedStray();
    for (const path of ['/', '/adopt']) {
      const res = await page(createClient(bff.url), path);
      expect(res.status, path).toBe(200);
      // The cards link each stray's page (a card shows its breed and place; its name is on its page).
      expect(bodyOf(res.text), path).toContain(`href="/adopt/${stray.id}"`);
      expect(embeddedOf(res.text).origin).toBe(ORIGIN);
      expectNoCoordinates(res.text, LAT, LNG);
    }
  });

  it('/community and a post: titles and links in the HTML; the post has its preview tags and canonical', async () => {
    spring.state.addUser({
      userId: 'ssrwriter',
      password: null,
      name: '글쓴이',
      email: 'ssrwriter@example.com',
      birth: null,
      phoneNm: null,
      role: 'USER',
    });
    const post = spring.state.addPost({
      userId: 'ssrwriter',
      title: '한강 산책 다녀왔어요',
      strContent: '<p>공원에서 신나게 뛰었어요</p>',
    });
    const list = await page(createClient(bff.url), '/community');
    expect(list.status).toBe(200);
    expect(bodyOf(list.text)).toContain(post.title);
    expect(list.text).toContain(`href="/community/${post.id}"`);
    const res = await page(createClient(bff.url), `/community/${post.id}`, CRAWLERS[1]);
    expect(res.status).toBe(200);
    expect(bodyOf(res.text)).toContain('공원에서 신나게 뛰었어요');
    expect(metaOf(res.text, 'og:title')).toContain(post.title);
    expect(canonicalOf(res.text)).toBe(`${ORIGIN}/community/${post.id}`);
    expect(embeddedOf(res.text).cache[`/api/community/description/${post.id}`]).toHaveProperty('data');
  });

  it('a stray’s page, read as a crawler: content, preview tags with an absolute photo URL that answers 200, data embedded once', async () => {
    const stray = await seedStray();
    for (const ua of CRAWLERS) {
      const res = await page(createClient(bff.url), `/adopt/${stray.id}`, ua);
      expect(res.status).toBe(200);
      expect(bodyOf(res.text)).toContain(stray.name);
      const { image } = expectPreview(res.text, `/adopt/${stray.id}`, stray.name);
      await expectImageServed(createClient(bff.url), image);
      expect(embeddedOf(res.text).cache[`/api/abandoned/abandoned-pets/${stray.id}`]).toHaveProperty('data');
      expectNoCoordinates(res.text, LAT, LNG);
    }
  });

  it('not there: the not-found page with 404 (shelter animals are not listed by the legacy)', async () => {
    for (const path of ['/adopt/999999', '/adopt/abc', '/shelter/S-ANY']) {
      const res = await page(createClient(bff.url), path);
      expect(res.status, path).toBe(404);
      expect(bodyOf(res.text), path).toContain(COPY.animalNotFound);
    }
  });

  it('lost and found (not in front of the legacy): /lost and a post are the not-found page with 404 and noindex, nothing asked upstream', async () => {
    for (const path of ['/lost', '/lost?kind=MISSING', '/lost/1', '/lost/abc']) {
      const res = await page(createClient(bff.url), path);
      expect(res.status, path).toBe(404);
      expect(bodyOf(res.text), path).toContain(COPY.pageNotFound);
      expect(metaOf(res.text, 'robots'), path).toBe('noindex');
      expect(embeddedOf(res.text).cache['/api/config']).toMatchObject({ data: { lostAndFound: false } });
    }
  });

  it('upstream down: each page still renders, with its error state and 502 (never a blank 500)', async () => {
    for (const [path, sentence] of [
      ['/', COPY.homeFailed],
      ['/adopt/1', COPY.animalFailed],
      ['/community/1', COPY.postFailed],
    ] as const) {
      const res = await page(createClient(down.url), path);
      expect(res.status, path).toBe(502);
      expect(bodyOf(res.text), path).toContain(sentence);
    }
  });
});
