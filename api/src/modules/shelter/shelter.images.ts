import type { FastifyBaseLogger } from 'fastify';
import { imageTypeOf } from '@pawbridge/server-kit/image-type';
import sharp from 'sharp';
import { LIMITS } from '@pawbridge/shared';
import type { ApiContext } from '../../context';
import { photoHash } from '../../lib/photo-hash';
import { ShelterRepository } from './shelter.repository';
import { shelterError } from './shelter.service';

/** Longest edge we keep; the portal's pictures are phone photos, the cards are small. */
const MAX_EDGE = 1024;
const MAX_REDIRECTS = 3;
const FETCH_TIMEOUT_MS = 10_000;

/** Why a picture could not be served (the `reason` of the 404/502 answer). */
export class ImageRefused extends Error {
  constructor(
    readonly reason: 'NO_IMAGE' | 'HOST_NOT_ALLOWED' | 'UPSTREAM_STATUS' | 'TOO_LARGE' | 'NOT_AN_IMAGE' | 'UNREACHABLE',
    readonly status: 404 | 502,
  ) {
    super(reason);
  }
}

/** host[:port] allowed: an entry without a port allows only the scheme's default port. */
export function hostAllowed(url: URL, allowed: readonly string[]): boolean {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password) return false;
  const host = url.host.toLowerCase();
  return allowed.some((entry) => entry === host);
}

/** The body, at most `max` bytes; throws TOO_LARGE past it (without reading the rest). */
async function readCapped(res: Response, max: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? 'NaN');
  if (Number.isFinite(declared) && declared > max) {
    await res.body?.cancel().catch(() => undefined);
    throw new ImageRefused('TOO_LARGE', 502);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  if (!res.body) return Buffer.alloc(0);
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.length;
    if (total > max) throw new ImageRefused('TOO_LARGE', 502);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * The image proxy: only the URLs stored for an animal, only from allowed
 * hosts (redirects included), checked by content, ≤ 5 MB, re-encoded to WebP
 * and cached on our file storage, so the browser never loads the portal's
 * http:// pictures and a picture is fetched once.
 */
export class ShelterImages {
  private readonly repo: ShelterRepository;
  private readonly inflight = new Map<string, Promise<{ bytes: Buffer; mime: string }>>();

  constructor(
    private readonly ctx: ApiContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new ShelterRepository(ctx.db);
  }

  /** The picture for /shelter-images/:desertionNo/:n, from the cache or fetched now. */
  async get(desertionNo: string, n: 1 | 2, extraHosts: readonly string[] = []): Promise<{ bytes: Buffer; mime: string }> {
    const key = `${desertionNo}/${n}`;
    const pending = this.inflight.get(key);
    if (pending) return pending;
    const work = this.load(desertionNo, n, extraHosts).finally(() => this.inflight.delete(key));
    this.inflight.set(key, work);
    return work;
  }

  /** HTTP answer for a refusal: a coded Boot-style body. */
  static error(err: unknown, path: string) {
    if (err instanceof ImageRefused) return shelterError(err.status, 'SHELTER_IMAGE_UNAVAILABLE', path, err.reason);
    return shelterError(502, 'SHELTER_IMAGE_UNAVAILABLE', path, 'UNREACHABLE');
  }

  /** Fetch and cache every picture of these animals now (the demo, while its stand-in is up). */
  async prefill(desertionNos: readonly string[], extraHosts: readonly string[]): Promise<number> {
    let cached = 0;
    const queue = desertionNos.flatMap((no) => [1, 2].map((n) => ({ no, n: n as 1 | 2 })));
    const worker = async () => {
      for (let job = queue.shift(); job; job = queue.shift()) {
        try {
          await this.get(job.no, job.n, extraHosts);
          cached += 1;
        } catch (err) {
          if (!(err instanceof ImageRefused && err.reason === 'NO_IMAGE'))
            this.log.debug({ desertionNo: job.no, n: job.n }, 'shelter picture not cached');
        }
      }
    };
    await Promise.all([worker(), worker(), worker()]);
    return cached;
  }

  private async load(desertionNo: string, n: 1 | 2, extraHosts: readonly string[]): Promise<{ bytes: Buffer; mime: string }> {
    const animal = await this.repo.find(desertionNo);
    const source = n === 1 ? animal?.image1Url : animal?.image2Url;
    if (!source) throw new ImageRefused('NO_IMAGE', 404);
    const cached = await this.repo.findImage(desertionNo, n);
    if (cached && cached.sourceUrl === source) {
      const bytes = await this.ctx.storage.get(cached.storageKey);
      if (bytes) return { bytes, mime: cached.mime };
    }
    const raw = await this.fetchAllowed(source, [...this.ctx.config.shelter.imageHosts, ...extraHosts]);
    if (!(await imageTypeOf(raw))) throw new ImageRefused('NOT_AN_IMAGE', 502);
    let bytes: Buffer;
    try {
      bytes = await sharp(raw, { limitInputPixels: LIMITS.imageMaxPixels })
        .rotate()
        .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer();
    } catch {
      throw new ImageRefused('NOT_AN_IMAGE', 502);
    }
    const storageKey = await this.ctx.storage.put(bytes, 'webp');
    const phash = await photoHash(bytes);
    const replaced = await this.repo.saveImage({ desertionNo, n, sourceUrl: source, storageKey, mime: 'image/webp', phash });
    if (replaced) await this.ctx.storage.delete(replaced).catch(() => undefined);
    return { bytes, mime: 'image/webp' };
  }

  /** GET with redirects followed by hand, each hop checked against the allow-list. */
  private async fetchAllowed(start: string, allowed: readonly string[]): Promise<Buffer> {
    let url: URL;
    try {
      url = new URL(start);
    } catch {
      throw new ImageRefused('HOST_NOT_ALLOWED', 404);
    }
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      if (!hostAllowed(url, allowed)) throw new ImageRefused('HOST_NOT_ALLOWED', hop === 0 ? 404 : 502);
      let res: Response;
      try {
        res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'image/*' } });
      } catch {
        throw new ImageRefused('UNREACHABLE', 502);
      }
      if (res.status >= 300 && res.status < 400) {
        const location = res.headers.get('location');
        await res.body?.cancel().catch(() => undefined);
        if (!location) throw new ImageRefused('UPSTREAM_STATUS', 502);
        url = new URL(location, url);
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel().catch(() => undefined);
        throw new ImageRefused('UPSTREAM_STATUS', 502);
      }
      return readCapped(res, LIMITS.imageMaxBytes);
    }
    throw new ImageRefused('UPSTREAM_STATUS', 502);
  }
}
