import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { PageDataRequest, PageDataResult } from '@pawbridge/shared/ssr.schema';
import { PublicDataCache, publicDataCache } from './public-cache';

type Answer = Extract<PageDataResult, { ok: true }>;

/** A loader that counts its calls and answers with the call's number. */
function counting() {
  let calls = 0;
  const load = () => {
    calls += 1;
    return Promise.resolve({ ok: true, data: [], total: calls } as Answer);
  };
  return { load, calls: () => calls };
}

const adoptList: PageDataRequest = { kind: 'strays.page', page: 1, size: 20 };

describe('PublicDataCache (decision 0048)', () => {
  it('shares a public answer between renders until the TTL runs out', async () => {
    let now = 1_000;
    const cache = new PublicDataCache({ ttlMs: 5_000, maxEntries: 10, now: () => now });
    const l = counting();
    expect(await cache.get(adoptList, l.load)).toMatchObject({ total: 1 });
    now += 4_999;
    expect(await cache.get({ size: 20, page: 1, kind: 'strays.page' }, l.load)).toMatchObject({ total: 1 });
    expect(l.calls()).toBe(1);
    now += 1;
    expect(await cache.get(adoptList, l.load)).toMatchObject({ total: 2 });
  });

  it('renders arriving together share one upstream call', async () => {
    const cache = new PublicDataCache({ ttlMs: 5_000, maxEntries: 10 });
    const l = counting();
    const answers = await Promise.all([cache.get(adoptList, l.load), cache.get(adoptList, l.load), cache.get(adoptList, l.load)]);
    expect(answers.map((a) => a.total)).toEqual([1, 1, 1]);
    expect(l.calls()).toBe(1);
  });

  it('different criteria are different entries', async () => {
    const cache = new PublicDataCache({ ttlMs: 5_000, maxEntries: 10 });
    const l = counting();
    await cache.get(adoptList, l.load);
    await cache.get({ kind: 'strays.page', page: 2, size: 20 }, l.load);
    expect(l.calls()).toBe(2);
  });

  it('a write clears everything: the next render asks again', async () => {
    const cache = new PublicDataCache({ ttlMs: 60_000, maxEntries: 10 });
    const l = counting();
    await cache.get(adoptList, l.load);
    cache.clear();
    expect(await cache.get(adoptList, l.load)).toMatchObject({ total: 2 });
  });

  it('never keeps a failure', async () => {
    const cache = new PublicDataCache({ ttlMs: 60_000, maxEntries: 10 });
    await expect(cache.get(adoptList, () => Promise.reject(new Error('upstream down')))).rejects.toThrow('upstream down');
    await Promise.resolve();
    const l = counting();
    expect(await cache.get(adoptList, l.load)).toMatchObject({ total: 1 });
  });

  it("never caches what depends on the viewer (session, a post with its owner's buttons)", async () => {
    const cache = new PublicDataCache({ ttlMs: 60_000, maxEntries: 10 });
    const l = counting();
    for (const want of [{ kind: 'session' }, { kind: 'community.post', id: 3 }] as PageDataRequest[]) {
      await cache.get(want, l.load);
      await cache.get(want, l.load);
    }
    expect(l.calls()).toBe(4);
    expect(cache.size).toBe(0);
  });

  it('keeps at most maxEntries criteria, dropping the oldest', async () => {
    const cache = new PublicDataCache({ ttlMs: 60_000, maxEntries: 2 });
    const l = counting();
    for (const page of [1, 2, 3]) await cache.get({ kind: 'strays.page', page, size: 20 }, l.load);
    expect(cache.size).toBe(2);
    await cache.get({ kind: 'strays.page', page: 1, size: 20 }, l.load);
    expect(l.calls()).toBe(4);
  });
});

describe('PublicDataCache: whole pages as a visitor gets them', () => {
  it('keeps a page for the TTL; a write (clear) or the TTL ends it; TTL 0 keeps nothing', () => {
    let now = 0;
    const cache = new PublicDataCache({ ttlMs: 5_000, maxEntries: 10, now: () => now });
    const page = { status: 200, body: Buffer.from('<html>') };
    cache.keepPage('https://x/adopt', page);
    expect(cache.page('https://x/adopt')).toBe(page);
    expect(cache.page('https://x/adopt?page=2')).toBeUndefined();
    now = 5_000;
    expect(cache.page('https://x/adopt')).toBeUndefined();
    cache.keepPage('https://x/adopt', page);
    cache.clear();
    expect(cache.page('https://x/adopt')).toBeUndefined();
    // A page whose render began before a write is not kept after it: its data may predate the write.
    const since = cache.stamp();
    cache.clear();
    cache.keepPage('https://x/adopt', page, since);
    expect(cache.page('https://x/adopt')).toBeUndefined();
    cache.keepPage('https://x/adopt', page, cache.stamp());
    expect(cache.page('https://x/adopt')).toBe(page);
    const off = new PublicDataCache({ ttlMs: 0, maxEntries: 10 });
    off.keepPage('https://x/adopt', page);
    expect(off.page('https://x/adopt')).toBeUndefined();
  });
});

describe('publicDataCache: the writes this BFF passes clear it', () => {
  it('a successful write in any route context clears it; reads and refused writes do not', async () => {
    const app = Fastify();
    const cache = publicDataCache(app, 60_000);
    // Routes in their own (encapsulated) context, registered after the cache, as app.ts does.
    await app.register(async (routes) => {
      routes.get('/api/abandoned/abandoned-pets', async () => []);
      routes.post('/api/abandoned/abandoned-pets', async (_req, reply) => reply.code(201).send({ id: 1 }));
      routes.put('/api/abandoned/refused', async (_req, reply) => reply.code(403).send({ code: 'FORBIDDEN' }));
    });
    await app.ready();
    const l = counting();
    const fill = () => cache.get(adoptList, l.load);
    await fill();
    await app.inject({ method: 'GET', url: '/api/abandoned/abandoned-pets' });
    await app.inject({ method: 'PUT', url: '/api/abandoned/refused' });
    expect(cache.size).toBe(1);
    await app.inject({ method: 'POST', url: '/api/abandoned/abandoned-pets' });
    expect(cache.size).toBe(0);
    await fill();
    expect(l.calls()).toBe(2);
    await app.close();
  });

  it('a write while a page is being rendered, even with nothing cached yet, keeps that page out', async () => {
    const app = Fastify();
    const cache = publicDataCache(app, 60_000);
    await app.register(async (routes) => {
      routes.post('/api/community/posts/1/comments', async (_req, reply) => reply.code(201).send({ id: 1 }));
    });
    await app.ready();
    expect(cache.size).toBe(0);
    const since = cache.stamp(); // a visitor's render starts, reading the post before the comment
    await app.inject({ method: 'POST', url: '/api/community/posts/1/comments' });
    cache.keepPage('https://x/community/1', { status: 200, body: Buffer.from('<html>0 comments') }, since);
    expect(cache.page('https://x/community/1')).toBeUndefined();
    await app.close();
  });
});
