import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBff, type TestBff } from '../testing/test-bff';

/** Fake upstream: one photo whose second half is sent only when the test says so. */
let upstream: http.Server;
let bff: TestBff;
let releaseSecondHalf: () => void = () => undefined;
const firstHalf = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64 * 1024, 1)]);
const secondHalf = Buffer.alloc(64 * 1024, 2);

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    if (req.url === '/uploads/slow.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(firstHalf.length + secondHalf.length) });
      res.write(firstHalf);
      releaseSecondHalf = () => res.end(secondHalf);
      return;
    }
    if (req.url === '/uploads/page.jpg') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  bff = await startTestBff(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}`);
});

afterAll(async () => {
  await bff.close();
  await new Promise((resolve) => upstream.close(resolve));
});

describe('/uploads/:key passes photos through as a stream', () => {
  it('sends the first bytes before the upstream has finished (the photo is never held whole)', async () => {
    const res = await fetch(`${bff.url}/uploads/slow.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-length')).toBe(String(firstHalf.length + secondHalf.length));
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    // A buffering proxy would wait for the upstream's end, which only comes after this first read.
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(Buffer.from(first.value ?? []).subarray(0, 4)).toEqual(firstHalf.subarray(0, 4));
    releaseSecondHalf();
    let total = first.value?.length ?? 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) total += chunk.value.length;
    expect(total).toBe(firstHalf.length + secondHalf.length);
  });

  it('answers 404 for anything that is not an image, and for what the upstream does not have', async () => {
    const page = await fetch(`${bff.url}/uploads/page.jpg`);
    expect(page.status).toBe(404);
    expect(((await page.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    expect((await fetch(`${bff.url}/uploads/missing.jpg`)).status).toBe(404);
  });
});
