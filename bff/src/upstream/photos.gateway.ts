import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { BffConfig } from '../config/env';
import { BffError } from '../errors/bff-error';
import type { UpstreamClient, UpstreamStream } from './client';
import { photoPath, photosUpstream } from './photos.upstream';
import { LegacyServiceSession, publicStrayPhotos, type PublicPhotoSet } from './public-photos';
import { publicPostImages } from './community.photos';

export interface PhotoStream {
  type: string;
  length: string | null;
  body: ReadableStream<Uint8Array>;
}

/**
 * Stored photos, passed through as they stream from the upstream. The legacy
 * serves /uploads only to logged-in sessions: a visitor's request it refuses is
 * retried with the BFF's service session — only for photos of strays on the
 * public adopt list (docs/decisions/0008) and covers of community posts
 * (decision 0019); a member's dog stays private.
 */
export class PhotosGateway {
  private readonly up;
  private readonly publicPhotos: PublicPhotoSet | null;
  private readonly postImages: PublicPhotoSet | null;
  private readonly service: LegacyServiceSession | null;

  constructor(client: UpstreamClient, config: Pick<BffConfig, 'upstreamKind' | 'legacyServiceAccount'>, log: FastifyBaseLogger) {
    this.up = photosUpstream(client);
    const legacy = config.upstreamKind === 'legacy';
    const account = config.legacyServiceAccount;
    this.publicPhotos = legacy ? publicStrayPhotos(client).set : null;
    this.postImages = legacy ? publicPostImages(client) : null;
    this.service = legacy && account ? new LegacyServiceSession(client, account, log) : null;
    if (legacy && !this.service) log.warn('UPSTREAM_KIND=legacy without LEGACY_SERVICE_USER_ID/PASSWORD: visitors cannot see stray photos');
  }

  /** The photo `key`, or 404 NOT_FOUND for anything that is not an image the caller may see. */
  async open(request: FastifyRequest, key: string): Promise<PhotoStream> {
    let res: UpstreamStream | null = await this.up.open(request, key);
    const refused = res.loginRedirect || res.status === 401 || res.status === 403;
    if (refused && this.service && (await this.isPublic(photoPath(key)))) {
      await res.discard();
      res = await this.service.get(photoPath(key));
    }
    const type = res?.headers.get('content-type') ?? '';
    if (!res || res.status !== 200 || !res.body || !type.startsWith('image/')) {
      await res?.discard();
      throw new BffError(404, 'NOT_FOUND');
    }
    return { type, length: res.headers.get('content-length'), body: res.body };
  }

  private async isPublic(path: string): Promise<boolean> {
    return Boolean((await this.publicPhotos?.has(path)) || (await this.postImages?.has(path)));
  }
}
