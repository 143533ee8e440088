import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { errorsPlugin } from './errors';
import { multipartPlugin, readMultipart } from './multipart';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(errorsPlugin);
  await app.register(multipartPlugin);
  app.post('/echo', async (request) => {
    const body = await readMultipart(request, ['photo']);
    return { fields: body.fields, files: Object.fromEntries(Object.entries(body.files).map(([k, f]) => [k, f.mime])) };
  });
  await app.ready();
});
afterAll(() => app.close());

const post = (form: FormData) => app.inject({ method: 'POST', url: '/echo', body: form as never });

describe('readMultipart', () => {
  it('reads a JSON part sent as a file part (Blob with application/json) like a text field', async () => {
    const form = new FormData();
    form.append('pet', new Blob([JSON.stringify({ name: '콩이' })], { type: 'application/json' }), 'blob');
    form.append('note', 'plain');
    const res = await post(form);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fields: { pet: '{"name":"콩이"}', note: 'plain' }, files: {} });
  });

  it('accepts a real image in a listed file field and ignores unlisted non-JSON files', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c96' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'dog.png');
    form.append('other', new Blob(['hello'], { type: 'text/plain' }), 'x.txt');
    const res = await post(form);
    expect(res.json()).toEqual({ fields: {}, files: { photo: 'image/png' } });
  });

  it('refuses text named .jpg with 415 and more than 5 MB with 413', async () => {
    const fake = new FormData();
    fake.append('photo', new Blob(['not an image'], { type: 'image/jpeg' }), 'dog.jpg');
    const r1 = await post(fake);
    expect(r1.statusCode).toBe(415);
    expect(r1.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const big = new FormData();
    big.append('photo', new Blob([new Uint8Array(5 * 1024 * 1024 + 10)], { type: 'image/jpeg' }), 'big.jpg');
    const r2 = await post(big);
    expect(r2.statusCode).toBe(413);
    expect(r2.json().error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
