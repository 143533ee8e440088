import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { isStorageKey, isThumbnailKey, newStorageKey, thumbnailKey, type FileStorage, type StorageConfig } from './storage';

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif' };

export type S3StorageConfig = Omit<Extract<StorageConfig, { kind: 's3' }>, 'kind'>;

const isMissing = (err: unknown): boolean =>
  err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/**
 * Photos in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), keyed exactly like DiskStorage,
 * so every api instance sees every photo. A PUT is atomic (an object exists whole or not at
 * all), so there are no temporary objects to clean up.
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      ...(config.credentials ? { credentials: config.credentials } : {}),
      // Checksums only where S3 requires them: several S3-compatible servers reject the newer flexible checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Fails when the bucket is missing or the credentials cannot reach it (run at start). */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async put(bytes: Buffer, ext: string, thumbnail?: Buffer): Promise<string> {
    const key = newStorageKey(ext);
    try {
      // The thumbnail first: once the photo's key exists, so does its thumbnail.
      if (thumbnail) await this.write(thumbnailKey(key), thumbnail);
      await this.write(key, bytes);
    } catch (err) {
      await this.delete(key).catch(() => undefined);
      throw err;
    }
    return key;
  }

  private async write(key: string, bytes: Buffer): Promise<void> {
    const ext = key.split('.').pop() ?? '';
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: CONTENT_TYPES[ext] ?? 'application/octet-stream' }),
    );
  }

  /** null for a key that is not ours or not stored; other failures (network, permissions) throw. */
  async get(key: string): Promise<Buffer | null> {
    if (!isStorageKey(key)) return null;
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!res.Body) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isStorageKey(key)) return;
    const keys = isThumbnailKey(key) ? [key] : [key, thumbnailKey(key)];
    // Deleting a missing object succeeds in S3, so a photo without a thumbnail needs no special case.
    await Promise.all(keys.map((k) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: k }))));
  }

  async *list(): AsyncIterable<{ key: string; modifiedMs: number }> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }));
      for (const o of page.Contents ?? [])
        if (o.Key && isStorageKey(o.Key)) yield { key: o.Key, modifiedMs: o.LastModified?.getTime() ?? Date.now() };
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async removeTemporaryFiles(): Promise<string[]> {
    return [];
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
