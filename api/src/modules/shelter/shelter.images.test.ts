import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { generateSample } from '../../integrations/public-data/sample-generator';
import { startStandin, type Standin } from '../../integrations/public-data/standin';
import { hostAllowed } from './shelter.images';

const KEY = 'images-test-key';

describe('GET /shelter-images/:desertionNo/:n (the image proxy)', () => {
  let standin: Standin;
  let api: TestApi;
  const sample = generateSample(12, 4);
  const withTwo = sample.animals.find((a) => a.pictures === 2)!;
  const withOne = sample.animals.find((a) => a.pictures === 1)!;
  const pictureRequests = () => standin.requests.filter((u) => u.pathname.startsWith('/files/')).length;
  const image = (no: string, n: number) => fetch(`${api.url}/shelter-images/${no}/${n}`);
  const refused = async (no: string, n: number) => {
    const res = await image(no, n);
    return { status: res.status, body: (await res.json()) as { code: string; reason: string } };
  };
  const pointAt = (no: string, url: string) =>
    api.ctx.db.updateTable('shelterAnimals').set({ image1Url: url }).where('desertionNo', '=', no).execute();

  beforeAll(async () => {
    standin = await startStandin({ sample, serviceKey: KEY });
    api = await startTestApi({
      PUBLIC_DATA_SERVICE_KEY: KEY,
      PUBLIC_DATA_BASE_URL: standin.baseUrl,
      PUBLIC_DATA_IMAGE_HOSTS: `openapi.animal.go.kr,${standin.host}`,
      SHELTER_SYNC_CRON: 'off',
      SHELTER_SYNC_FIRST_DAYS: '365',
    });
    await (
      await api.app.shelterSync.start('cli', { client: { backoffMs: 1 } })
    ).done;
  });
  afterAll(async () => {
    await api.close();
    await standin.close();
  });

  it('serves an allowed picture re-encoded as WebP with a long cache, and fetches it once', async () => {
    const before = pictureRequests();
    const res = await image(withTwo.desertionNo, 2);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=604800');
    const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect(meta.format).toBe('webp');
    const again = await image(withTwo.desertionNo, 2);
    expect(again.status).toBe(200);
    expect(pictureRequests() - before).toBe(1);
  });

  it('answers 404 for an unknown animal, a missing second picture and a bad path', async () => {
    expect(await refused('999999', 1)).toMatchObject({ status: 404, body: { code: 'SHELTER_IMAGE_UNAVAILABLE', reason: 'NO_IMAGE' } });
    expect(await refused(withOne.desertionNo, 2)).toMatchObject({ status: 404, body: { reason: 'NO_IMAGE' } });
    expect((await image(withOne.desertionNo, 3)).status).toBe(404);
  });

  it('refuses a stored URL on a host not on the allow-list, without fetching it', async () => {
    const target = sample.animals[0]!.desertionNo;
    const before = pictureRequests();
    await pointAt(target, `http://127.0.0.1:1/files/shelter/${target}_1.jpg`);
    expect(await refused(target, 1)).toMatchObject({ status: 404, body: { reason: 'HOST_NOT_ALLOWED' } });
    await pointAt(target, 'http://openapi.animal.go.kr.evil.example/x.jpg');
    expect(await refused(target, 1)).toMatchObject({ status: 404, body: { reason: 'HOST_NOT_ALLOWED' } });
    await pointAt(target, 'file:///etc/passwd');
    expect(await refused(target, 1)).toMatchObject({ status: 404, body: { reason: 'HOST_NOT_ALLOWED' } });
    expect(pictureRequests()).toBe(before);
  });

  it('refuses a redirect to another host, an oversize body and a body that is no image', async () => {
    const [a, b, c] = sample.animals.slice(1, 4).map((x) => x.desertionNo) as [string, string, string];
    const port = standin.host.split(':')[1];
    standin.faults.picture = (no) => {
      if (no === a)
        return { status: 302, type: 'text/plain', body: Buffer.alloc(0), location: `http://localhost:${port}/files/shelter/${no}_1.jpg` };
      if (no === b) return { type: 'image/jpeg', body: Buffer.alloc(5 * 1024 * 1024 + 10, 0xff) };
      if (no === c) return { type: 'image/jpeg', body: Buffer.from('<html><body>not a picture</body></html>') };
      return undefined;
    };
    try {
      for (const no of [a, b, c]) await pointAt(no, `http://${standin.host}/files/shelter/${no}_1.jpg`);
      expect(await refused(a, 1)).toMatchObject({ status: 502, body: { reason: 'HOST_NOT_ALLOWED' } });
      expect(await refused(b, 1)).toMatchObject({ status: 502, body: { reason: 'TOO_LARGE' } });
      expect(await refused(c, 1)).toMatchObject({ status: 502, body: { reason: 'NOT_AN_IMAGE' } });
    } finally {
      delete standin.faults.picture;
    }
  });

  it('follows a redirect that stays on allowed hosts, and refetches when the stored URL changes', async () => {
    const target = sample.animals[5]!.desertionNo;
    const real = sample.animals.find((x) => x.pictures >= 1 && x.desertionNo !== target)!.desertionNo;
    standin.faults.picture = (no) =>
      no === target ? { status: 301, type: 'text/plain', body: Buffer.alloc(0), location: `/files/shelter/${real}_1.jpg` } : undefined;
    try {
      await pointAt(target, `http://${standin.host}/files/shelter/${target}_1.jpg`);
      expect((await image(target, 1)).status).toBe(200);
      const before = pictureRequests();
      await pointAt(target, `http://${standin.host}/files/shelter/${real}_1.jpg?v=2`);
      expect((await image(target, 1)).status).toBe(200);
      expect(pictureRequests() - before).toBe(1);
    } finally {
      delete standin.faults.picture;
    }
  });

  it('matches hosts exactly, ports included', () => {
    const allowed = ['openapi.animal.go.kr', '127.0.0.1:8080'];
    expect(hostAllowed(new URL('http://openapi.animal.go.kr/a.jpg'), allowed)).toBe(true);
    expect(hostAllowed(new URL('https://OPENAPI.animal.go.kr/a.jpg'), allowed)).toBe(true);
    expect(hostAllowed(new URL('http://openapi.animal.go.kr:8443/a.jpg'), allowed)).toBe(false);
    expect(hostAllowed(new URL('http://127.0.0.1:8080/a.jpg'), allowed)).toBe(true);
    expect(hostAllowed(new URL('http://127.0.0.1/a.jpg'), allowed)).toBe(false);
    expect(hostAllowed(new URL('http://user@openapi.animal.go.kr/a.jpg'), allowed)).toBe(false);
    expect(hostAllowed(new URL('ftp://openapi.animal.go.kr/a.jpg'), allowed)).toBe(false);
  });
});
