import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where photos live. Embedded mode: a folder on disk. The interface is what an
 * S3-compatible bucket implementation needs (put/get/delete by key), so a
 * production deployment swaps the class, not the callers.
 */
export interface FileStorage {
  /** Stores bytes under a new unguessable key; returns the key (e.g. `3f…9a.jpg`). */
  put(bytes: Buffer, ext: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-f0-9]{32}\.(jpg|png|webp|gif)$/;

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

  async put(bytes: Buffer, ext: string): Promise<string> {
    await fs.mkdir(this.dir, { recursive: true });
    const key = `${crypto.randomBytes(16).toString('hex')}.${ext}`;
    const tmp = path.join(this.dir, `.${key}.tmp`);
    await fs.writeFile(tmp, bytes);
    await fs.rename(tmp, path.join(this.dir, key));
    return key;
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
  }
}
