import type { FastifyRequest } from 'fastify';
import type { UpstreamClient } from '../client';
import { photoFrom, type PhotosGateway, type PhotoStream } from '../photos.gateway';
import { photosUpstream } from '../photos.upstream';

/** Photos in front of our api, which decides itself who may see one. */
export class ApiPhotosGateway implements PhotosGateway {
  private readonly up;
  constructor(client: UpstreamClient) {
    this.up = photosUpstream(client);
  }

  async open(request: FastifyRequest, key: string): Promise<PhotoStream> {
    return photoFrom(await this.up.open(request, key));
  }
}
