import type { FastifyRequest } from 'fastify';
import { BffError } from '../errors/bff-error';
import type { UpstreamStream } from './client';

export interface PhotoStream {
  type: string;
  length: string | null;
  body: ReadableStream<Uint8Array>;
}

/** Stored photos, passed through as they stream from the upstream. */
export interface PhotosGateway {
  /** The photo `key`, or 404 NOT_FOUND for anything that is not an image the caller may see. */
  open(request: FastifyRequest, key: string): Promise<PhotoStream>;
}

/** An upstream answer as a photo, or 404 NOT_FOUND (never anything but an image). */
export async function photoFrom(res: UpstreamStream | null): Promise<PhotoStream> {
  const type = res?.headers.get('content-type') ?? '';
  if (!res || res.status !== 200 || !res.body || !type.startsWith('image/')) {
    await res?.discard();
    throw new BffError(404, 'NOT_FOUND');
  }
  return { type, length: res.headers.get('content-length'), body: res.body };
}
