import { DiskStorage, type FileStorage, type StorageConfig } from './storage';

// The factory sits above both stores: storage-s3.ts imports the key rules from storage.ts, and this
// file imports both, so no store imports the factory back (no import cycle).

/** The configured storage; the S3 client is loaded only when a bucket is configured. */
export async function openStorage(config: StorageConfig): Promise<FileStorage> {
  if (config.kind === 'disk') return new DiskStorage(config.dir);
  const { S3Storage } = await import('./storage-s3');
  const storage = new S3Storage(config);
  await storage.check();
  return storage;
}
