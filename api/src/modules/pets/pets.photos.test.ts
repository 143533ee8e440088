import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_MESSAGES } from '@pawbridge/shared';
import { startTestApi, type TestApi } from '../../testing/test-api';
import { pngBomb, createMember, petForm, petJson, send } from '../../testing/fixtures';

let api: TestApi;
let cookie: string;
const stored = () => (fs.existsSync(api.config.uploadDir) ? fs.readdirSync(api.config.uploadDir) : []);

beforeAll(async () => {
  api = await startTestApi();
  cookie = (await createMember(api, 'photos')).cookie;
});
afterAll(() => api.close());

describe('photos of companion dogs', () => {
  it('refuses a decompression bomb (31 KB declaring 16000×16000) with 413 and stores nothing', async () => {
    const before = stored();
    const res = await send(api, 'POST', '/api/pet/register', {
      cookie,
      form: petForm(petJson({ petId: '410-9999-00001' }), pngBomb(), 'profile', 'bomb.png'),
    });
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ success: false, message: DEFAULT_ERROR_MESSAGES.IMAGE_TOO_LARGE });
    expect(stored()).toEqual(before);
    expect(await api.ctx.db.selectFrom('pets').select('id').where('petId', '=', '410-9999-00001').execute()).toEqual([]);
  });

  it('serves a large photo at most 2048 px as WebP and its 480 px thumbnail at the derived URL', async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#a63' } })
      .jpeg()
      .toBuffer();
    expect(
      (await send(api, 'POST', '/api/pet/register', { cookie, form: petForm(petJson({ petId: '410-9999-00002' }), big) })).status,
    ).toBe(200);
    const row = await api.ctx.db.selectFrom('pets').select('profile').where('petId', '=', '410-9999-00002').executeTakeFirstOrThrow();
    const photo = await fetch(api.url + row.profile);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    expect(await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).toMatchObject({ width: 2048, height: 1365 });
    const thumb = await fetch(api.url + String(row.profile).replace(/\.webp$/, '.thumb.webp'));
    expect(thumb.status).toBe(200);
    expect(await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: 480, height: 320 });
  });

  it('answers the thumbnail URL of a photo stored before thumbnails with the photo itself, and deletes both', async () => {
    const key = await api.ctx.storage.put(
      await sharp({ create: { width: 20, height: 10, channels: 3, background: '#333' } })
        .jpeg()
        .toBuffer(),
      'jpg',
    );
    const thumb = await fetch(`${api.url}/uploads/${key.replace(/\.jpg$/, '.thumb.webp')}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toBe('image/jpeg');
    const withThumb = await api.ctx.storage.put(Buffer.from('main'), 'webp', Buffer.from('thumb'));
    await api.ctx.storage.delete(withThumb);
    expect(stored().filter((f) => f.startsWith(withThumb.slice(0, 32)))).toEqual([]);
  });
});

describe('api start', () => {
  it('removes upload files a crash left half-written, and keeps everything else', async () => {
    const uploadDir = path.join(path.dirname(api.config.uploadDir), 'uploads-crashed');
    fs.mkdirSync(uploadDir, { recursive: true });
    const old = new Date(Date.now() - 60 * 60_000);
    for (const name of ['.0123456789abcdef0123456789abcdef.webp.tmp', '.fedcba9876543210fedcba9876543210.thumb.webp.tmp']) {
      fs.writeFileSync(path.join(uploadDir, name), 'partial');
      fs.utimesSync(path.join(uploadDir, name), old, old);
    }
    fs.writeFileSync(path.join(uploadDir, '0123456789abcdef0123456789abcdef.jpg'), 'kept');
    fs.writeFileSync(path.join(uploadDir, '.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg.tmp'), 'being written by another instance right now');
    const restarted = await startTestApi({ UPLOAD_DIR: uploadDir });
    try {
      expect(fs.readdirSync(uploadDir).sort()).toEqual([
        '.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.jpg.tmp',
        '0123456789abcdef0123456789abcdef.jpg',
      ]);
    } finally {
      await restarted.close();
    }
  });
});
