import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { startFakeSpring, type FakeSpring } from '../testing/fake-spring/index';
import { createClient, startTestBff, type TestBff } from '../testing/test-bff';
import { expectRobots, ORIGIN, sitemapUrls } from './crawlers.suite';

// robots.txt and the sitemap in front of the legacy Spring service (its fake): no shelter animals there.
let spring: FakeSpring;
let bff: TestBff;
beforeAll(async () => {
  spring = await startFakeSpring();
  bff = await startTestBff(spring.url, { PUBLIC_ORIGIN: ORIGIN });
});
afterAll(async () => {
  await bff?.close();
  await spring?.close();
});

describe('crawlers, upstream = legacy Spring', () => {
  it('robots.txt is the same', async () => {
    await expectRobots(createClient(bff.url));
  });

  it("the sitemap lists the legacy's public strays and posts, never an unreviewed report, and no shelter pages", async () => {
    const lost = spring.state.addStrayForm({ status: 'LOST' });
    const protecting = spring.state.addStrayForm({ status: 'PROTECTING' });
    const post = spring.state.addPost({ userId: 'legacyuser' });
    const urls = await sitemapUrls(createClient(bff.url));
    expect(urls).toContain(`${ORIGIN}/adopt/${protecting.id}`);
    expect(urls).not.toContain(`${ORIGIN}/adopt/${lost.id}`);
    expect(urls).toContain(`${ORIGIN}/community/${post.id}`);
    expect(urls.some((u) => u.includes('/shelter/'))).toBe(false);
    // No lost and found in front of the legacy: neither the board nor a post.
    expect(urls.some((u) => u.includes('/lost'))).toBe(false);
  });
});
