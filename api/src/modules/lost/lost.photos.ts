import type { FastifyBaseLogger } from 'fastify';
import type { ApiContext } from '../../context';
import { uploadUrl } from '../../integrations/storage';
import { cleanImage, type CleanImage } from '../../lib/images';
import { photoHash } from '../../lib/photo-hash';
import { photoFailure } from './lost.errors';

export interface StoredPhoto {
  url: string;
  phash: string | null;
}

/**
 * Photos checked and cleaned before anything is stored (type by content, 5 MB, pixel cap,
 * metadata dropped, WebP), then stored; `store` hands back their keys so a failed write removes them.
 */
export class LostPhotos {
  constructor(
    private readonly ctx: ApiContext,
    private readonly log: FastifyBaseLogger,
  ) {}

  async cleanAll(files: Buffer[]): Promise<CleanImage[]> {
    const out: CleanImage[] = [];
    for (const f of files) out.push(await cleanImage(f, photoFailure));
    return out;
  }

  /** Each photo stored, with its perceptual hash (issue 28: reposted photos are recognised by it). */
  async store(photos: CleanImage[], keys: string[]): Promise<StoredPhoto[]> {
    const stored: StoredPhoto[] = [];
    for (const p of photos) {
      const key = await this.ctx.storage.put(p.bytes, p.ext, p.thumbnail);
      keys.push(key);
      stored.push({ url: uploadUrl(key), phash: await photoHash(p.bytes) });
    }
    return stored;
  }

  async discard(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((k) => this.ctx.storage.delete(k).catch((err: unknown) => this.log.warn({ err, key: k }, 'lost photo cleanup failed'))),
    );
  }
}
