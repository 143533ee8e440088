import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { BffConfig } from '../../config/env';
import type { UpstreamClient, UpstreamStream } from '../client';
import { publicPostImages } from '../community.photos';
import { photoFrom, type PhotosGateway, type PhotoStream } from '../photos.gateway';
import { photoPath, photosUpstream } from '../photos.upstream';
import { LegacyServiceSession, publicStrayPhotos, type PublicPhotoSet } from '../public-photos';

/**
 * Photos in front of the legacy Spring service, which serves /uploads only to
 * logged-in sessions: a visitor's request it refuses is retried with the BFF's
 * service session — only for photos of strays on the public adopt list
 * (docs/decisions/0008) and covers of community posts (decision 0019); a
 * member's dog stays private.
 */
export class LegacyPhotosGateway implements PhotosGateway {
  private readonly up;
  private readonly publicPhotos: PublicPhotoSet;
  private readonly postImages: PublicPhotoSet;
  private readonly service: LegacyServiceSession | null;

  constructor(client: UpstreamClient, account: BffConfig['legacyServiceAccount'], log: FastifyBaseLogger) {
    this.up = photosUpstream(client);
    this.publicPhotos = publicStrayPhotos(client).set;
    this.postImages = publicPostImages(client);
    this.service = account ? new LegacyServiceSession(client, account, log) : null;
    if (!this.service) log.warn('UPSTREAM_KIND=legacy without LEGACY_SERVICE_USER_ID/PASSWORD: visitors cannot see stray photos');
  }

  async open(request: FastifyRequest, key: string): Promise<PhotoStream> {
    let res: UpstreamStream | null = await this.up.open(request, key);
    const refused = res.loginRedirect || res.status === 401 || res.status === 403;
    if (refused && this.service && (await this.isPublic(photoPath(key)))) {
      await res.discard();
      res = await this.service.get(photoPath(key));
    }
    return photoFrom(res);
  }

  private async isPublic(path: string): Promise<boolean> {
    return (await this.publicPhotos.has(path)) || (await this.postImages.has(path));
  }
}
