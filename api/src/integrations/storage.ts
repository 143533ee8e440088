import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where photos live: a folder on disk (embedded mode, or a path every instance shares)
 * or an S3-compatible bucket (storage-s3.ts). Callers only see put/get/delete by key.
 */
export interface FileStorage {
  /**
   * Stores bytes under a new unguessable key; returns the key (e.g. `3f…9a.webp`).
   * A thumbnail, when given, is stored under `thumbnailKey(key)`.
   */
  put(bytes: Buffer, ext: string, thumbnail?: Buffer): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  /** Removes the key and its thumbnail. */
  delete(key: string): Promise<void>;
  /** Removes what an interrupted write left behind (run at start); returns what it removed. */
  removeTemporaryFiles(): Promise<string[]>;
  /** Every stored key (photos and thumbnails) with its last write time: the orphan sweep's input. */
  list(): AsyncIterable<{ key: string; modifiedMs: number }>;
  /** Releases connections (the app's close). */
  close(): Promise<void>;
}

/** A new unguessable key with the given extension. */
export function newStorageKey(ext: string): string {
  return `${crypto.randomBytes(16).toString('hex')}.${ext}`;
}

export type StorageConfig =
  | { kind: 'disk'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      /** Unset → the AWS endpoint of the region. */
      endpoint: string | undefined;
      region: string;
      /** Unset → the SDK's default credential chain (instance role, AWS_* variables). */
      credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
      forcePathStyle: boolean;
    };

const KEY_PATTERN = /^[a-f0-9]{32}(\.thumb)?\.(jpg|png|webp|gif)$/;

/** The list-size picture of a stored key: `<name>.thumb.webp` (derivable from the photo's URL, no new wire field). */
export function thumbnailKey(key: string): string {
  return key.replace(/^([a-f0-9]{32})(?:\.thumb)?\.\w+$/, '$1.thumb.webp');
}

export const isThumbnailKey = (key: string): boolean => /^[a-f0-9]{32}\.thumb\.webp$/.test(key);

/** The full-size key a thumbnail key belongs to, for photos stored before thumbnails existed. */
export function photoKeyOfThumbnail(key: string, ext: string): string {
  return key.replace(/\.thumb\.webp$/, `.${ext}`);
}

export function isStorageKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** Public URL path of a stored key, as the legacy stores it (`/uploads/<file>`). */
export function uploadUrl(key: string): string {
  return `/uploads/${key}`;
}

/** The key of an `/uploads/<key>` URL, or null for anything else (defaults, external URLs). */
export function keyFromUploadUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith('/uploads/')) return null;
  const key = url.slice('/uploads/'.length);
  return isStorageKey(key) ? key : null;
}

export class DiskStorage implements FileStorage {
  constructor(private readonly dir: string) {}

  async put(bytes: Buffer, ext: string, thumbnail?: Buffer): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const key = newStorageKey(ext);
    try {
      // The thumbnail first: once the photo's name exists, so does its thumbnail.
      if (thumbnail) await this.write(thumbnailKey(key), thumbnail);
      await this.write(key, bytes);
    } catch (err) {
      await this.delete(key);
      throw err;
    }
    return key;
  }

  /** Written under a temporary name and renamed, so a reader never sees half a file. */
  private async write(key: string, bytes: Buffer): Promise<void> {
    const tmp = path.join(this.dir, `.${key}.tmp`);
    try {
      await fs.writeFile(tmp, bytes);
      await fs.rename(tmp, path.join(this.dir, key));
    } catch (err) {
      await fs.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: string): Promise<Buffer | null> {
    if (!isStorageKey(key)) return null;
    try {
      return await fs.readFile(path.join(this.dir, key));
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    if (!isStorageKey(key)) return;
    await fs.rm(path.join(this.dir, key), { force: true });
    if (!isThumbnailKey(key)) await fs.rm(path.join(this.dir, thumbnailKey(key)), { force: true });
  }

  async close(): Promise<void> {}

  async *list(): AsyncIterable<{ key: string; modifiedMs: number }> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (!isStorageKey(name)) continue;
      const stat = await fs.stat(path.join(this.dir, name)).catch(() => null);
      if (stat?.isFile()) yield { key: name, modifiedMs: stat.mtimeMs };
    }
  }

  /**
   * Removes `.tmp` files a crash or a killed write left behind (run at start).
   * Only files older than `minAgeMs`: another instance sharing the folder may be writing one now.
   */
  async removeTemporaryFiles(minAgeMs = 15 * 60_000, now = Date.now()): Promise<string[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch {
      return [];
    }
    const removed: string[] = [];
    for (const name of names) {
      if (!/^\..+\.tmp$/.test(name)) continue;
      const file = path.join(this.dir, name);
      const stat = await fs.stat(file).catch(() => null);
      if (!stat?.isFile() || now - stat.mtimeMs < minAgeMs) continue;
      await fs.rm(file, { force: true });
      removed.push(name);
    }
    return removed;
  }
}
