import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { writtenOnce } from '../plugins/serializer';
import { NodeHeaders, type UpstreamResponse } from './client';
import { isSettled, Revalidated } from './revalidated';

function answer(status: number, body: unknown, etag?: string): UpstreamResponse {
  const text = body === undefined ? '' : JSON.stringify(body);
  const headers = new NodeHeaders((etag ? { etag } : {}) as http.IncomingHttpHeaders);
  return { status, headers, text, json: body, setCookies: [], loginRedirect: false, body: Buffer.from(text) };
}

/** An upstream that answers 304 to the tag it gave last, else 200 with the current body and its tag. */
function upstream(initial: unknown[]) {
  let body = initial;
  let version = 1;
  const sent: (string | undefined)[] = [];
  return {
    sent,
    change(next: unknown[]) {
      body = next;
      version += 1;
    },
    ask: async (etag: string | undefined) => {
      sent.push(etag);
      return etag === `"v${version}"` ? answer(304, undefined, etag) : answer(200, body, `"v${version}"`);
    },
  };
}

const derive = (res: UpstreamResponse) => {
  if (res.status !== 200) throw new Error(`upstream ${res.status}`);
  return { items: (res.json as { n: number }[]).map((x) => ({ ...x, seen: true })), total: (res.json as unknown[]).length };
};

describe('Revalidated (decision 0050)', () => {
  it('asks the upstream every time and reuses the derived value only on its 304', async () => {
    const up = upstream([{ n: 1 }]);
    const cache = new Revalidated<ReturnType<typeof derive>>();
    const first = await cache.get('k', up.ask, derive);
    const second = await cache.get('k', up.ask, derive);
    expect(second).toBe(first);
    expect(up.sent).toEqual([undefined, '"v1"']);
    up.change([{ n: 2 }, { n: 3 }]);
    const third = await cache.get('k', up.ask, derive);
    expect(third).toEqual({
      items: [
        { n: 2, seen: true },
        { n: 3, seen: true },
      ],
      total: 2,
    });
    expect(up.sent).toEqual([undefined, '"v1"', '"v1"']);
  });

  it('keeps a kept value deeply frozen and settled, for the serialiser', async () => {
    const up = upstream([{ n: 1 }]);
    const cache = new Revalidated<ReturnType<typeof derive>>();
    const page = await cache.get('k', up.ask, derive);
    expect(isSettled(page) && isSettled(page.items) && isSettled(page.items[0])).toBe(true);
    expect(() => {
      (page.items[0] as { n: number }).n = 5;
    }).toThrow(TypeError);
    expect(isSettled({ items: [] })).toBe(false);
  });

  it('keeps nothing without an ETag (the legacy) or from a failure, and passes the failure on', async () => {
    const cache = new Revalidated<ReturnType<typeof derive>>();
    const sent: (string | undefined)[] = [];
    const legacy = async (etag: string | undefined) => (sent.push(etag), answer(200, [{ n: 1 }]));
    const a = await cache.get('k', legacy, derive);
    const b = await cache.get('k', legacy, derive);
    expect(b).not.toBe(a);
    expect(sent).toEqual([undefined, undefined]);
    expect(isSettled(a)).toBe(false);
    await expect(cache.get('f', async () => answer(502, { error: 'x' }, '"e"'), derive)).rejects.toThrow('upstream 502');
  });

  it('asks plainly when a 304 comes for a value it no longer holds, and drops the oldest beyond its size', async () => {
    const cache = new Revalidated<ReturnType<typeof derive>>(2);
    const sent: (string | undefined)[] = [];
    const always304 = async (etag: string | undefined) => (
      sent.push(etag),
      etag ? answer(304, undefined, etag) : answer(200, [{ n: 1 }], '"a"')
    );
    await cache.get('a', always304, derive);
    await cache.get('b', always304, derive);
    await cache.get('c', always304, derive); // 'a' leaves
    sent.length = 0;
    await cache.get('a', always304, derive);
    expect(sent).toEqual([undefined]);
    let odd = 0;
    const stray304 = async (etag: string | undefined) => (odd++ === 0 ? answer(304, undefined, '"z"') : answer(200, [{ n: 9 }], etag));
    expect((await cache.get('new', stray304, derive)).items[0]?.n).toBe(9);
  });

  it('writes a settled answer once per schema, anything else every time', async () => {
    let calls = 0;
    const write = writtenOnce((data) => (calls++, JSON.stringify(data)));
    const up = upstream([{ n: 1 }]);
    const page = await new Revalidated<ReturnType<typeof derive>>().get('k', up.ask, derive);
    expect(write(page.items)).toBe('[{"n":1,"seen":true}]');
    expect(write(page.items)).toBe('[{"n":1,"seen":true}]');
    expect(calls).toBe(1);
    const loose = [{ n: 1 }];
    write(loose);
    loose[0]!.n = 2;
    expect(write(loose)).toBe('[{"n":2}]');
    expect(calls).toBe(3);
  });
});
