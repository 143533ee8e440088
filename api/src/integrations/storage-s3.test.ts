import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import S3rver from 's3rver';
import {
  CreateBucketCommand,
  DeleteObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadApiConfig } from '../config/env';
import { startTestApi } from '../testing/test-api';
import { createMember, petForm, petJson, send } from '../testing/fixtures';
import { S3Storage } from './storage-s3';
import { thumbnailKey } from './storage';

// A real S3-compatible server (s3rver, from npm) on a free port; the SDK speaks real S3 HTTP to it.
const BUCKET = 'pawbridge-photos';
let server: S3rver;
let dir: string;
let endpoint: string;
let raw: S3Client;
let storage: S3Storage;
const s3Env = () => ({
  STORAGE: 's3',
  S3_BUCKET: BUCKET,
  S3_ENDPOINT: endpoint,
  S3_REGION: 'us-east-1',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
});

const listKeys = async (): Promise<string[]> =>
  ((await raw.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key ?? '').sort();

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pawbridge-s3rver-'));
  server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  const config = loadApiConfig(s3Env()).storage;
  if (config.kind !== 's3') throw new Error('expected the s3 storage config');
  storage = new S3Storage(config);
  raw = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await raw.send(new CreateBucketCommand({ Bucket: BUCKET }));
});

afterAll(async () => {
  await storage.close();
  raw.destroy();
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('S3 photo storage (against s3rver)', () => {
  it('stores, reads back and deletes a photo with its content type', async () => {
    const key = await storage.put(Buffer.from('photo bytes'), 'jpg');
    expect(key).toMatch(/^[a-f0-9]{32}\.jpg$/);
    expect((await storage.get(key))?.toString()).toBe('photo bytes');
    expect((await raw.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key }))).ContentType).toBe('image/jpeg');
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await listKeys()).not.toContain(key);
  });

  it('stores the thumbnail under the derived key and deletes both with the photo', async () => {
    const key = await storage.put(Buffer.from('main'), 'webp', Buffer.from('thumb'));
    expect((await storage.get(thumbnailKey(key)))?.toString()).toBe('thumb');
    expect(await listKeys()).toEqual([key, thumbnailKey(key)].sort());
    await storage.delete(key);
    expect(await listKeys()).toEqual([]);
  });

  it('answers null for a missing key and for a key that is not ours, and deleting a missing key succeeds', async () => {
    expect(await storage.get('0123456789abcdef0123456789abcdef.png')).toBeNull();
    await raw.send(new PutObjectCommand({ Bucket: BUCKET, Key: 'backup/notes.txt', Body: 'x' }));
    expect(await storage.get('backup/notes.txt')).toBeNull();
    await expect(storage.delete('0123456789abcdef0123456789abcdef.png')).resolves.toBeUndefined();
    await storage.delete('backup/notes.txt');
    expect(await listKeys()).toEqual(['backup/notes.txt']);
    await raw.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: 'backup/notes.txt' }));
  });

  it('leaves nothing behind when the photo fails after its thumbnail (no temporary objects to clean up)', async () => {
    const before = (await listKeys()).length;
    const send = S3Client.prototype.send;
    const spy = vi.spyOn(S3Client.prototype, 'send').mockImplementation(function (this: S3Client, command: unknown, ...rest: unknown[]) {
      if (command instanceof PutObjectCommand && !String(command.input.Key).includes('.thumb.'))
        return Promise.reject(new Error('connection reset'));
      return (send as (...a: unknown[]) => Promise<unknown>).call(this, command, ...rest);
    } as typeof send);
    try {
      await expect(storage.put(Buffer.from('main'), 'png', Buffer.from('thumb'))).rejects.toThrow('connection reset');
    } finally {
      spy.mockRestore();
    }
    expect((await listKeys()).length).toBe(before);
    expect(await storage.removeTemporaryFiles()).toEqual([]);
  });

  it('fails its start check when the bucket does not exist, and reading throws when the server is unreachable', async () => {
    const missing = new S3Storage({
      ...(loadApiConfig(s3Env()).storage as Extract<ReturnType<typeof loadApiConfig>['storage'], { kind: 's3' }>),
      bucket: 'no-such-bucket',
    });
    await expect(missing.check()).rejects.toThrow();
    await missing.close();
    const down = new S3Storage({
      bucket: BUCKET,
      endpoint: 'http://127.0.0.1:1',
      region: 'us-east-1',
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
      forcePathStyle: true,
    });
    await expect(down.get('0123456789abcdef0123456789abcdef.png')).rejects.toThrow();
    await down.close();
  });

  it('is what the api uses with STORAGE=s3: a pet photo uploaded through one instance lands in the bucket and another instance serves it', async () => {
    const api = await startTestApi(s3Env());
    const other = await startTestApi(s3Env());
    try {
      const { cookie } = await createMember(api, 's3photos');
      const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#a63' } })
        .jpeg()
        .toBuffer();
      expect(
        (await send(api, 'POST', '/api/pet/register', { cookie, form: petForm(petJson({ petId: '410-9999-00301' }), photo) })).status,
      ).toBe(200);
      const row = await api.ctx.db.selectFrom('pets').select('profile').where('petId', '=', '410-9999-00301').executeTakeFirstOrThrow();
      const key = String(row.profile).replace('/uploads/', '');
      expect(await listKeys()).toEqual(expect.arrayContaining([key, thumbnailKey(key)]));
      expect(fs.existsSync(api.config.uploadDir) ? fs.readdirSync(api.config.uploadDir) : []).toEqual([]);
      expect(await other.ctx.storage.get(key)).not.toBeNull();
      const served = await fetch(other.url + String(row.profile));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect((await fetch(`${other.url}/uploads/${thumbnailKey(key)}`)).status).toBe(200);
    } finally {
      await api.close();
      await other.close();
    }
  });

  it('refuses STORAGE=s3 without a bucket or with half a key pair', () => {
    expect(() => loadApiConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET: required when STORAGE=s3/);
    expect(() => loadApiConfig({ STORAGE: 's3', S3_BUCKET: BUCKET, S3_ACCESS_KEY_ID: 'only-one' })).toThrow(/set both or neither/);
    expect(loadApiConfig({}).storage).toMatchObject({ kind: 'disk' });
  });
});
