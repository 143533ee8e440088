import type { FastifyRequest } from 'fastify';
import type { UpstreamClient, UpstreamStream } from './client';

/** Where the upstream serves a stored photo (legacy-contract §12: `/uploads/<file>`). */
export const photoPath = (key: string): string => `/uploads/${key}`;

/** Photo reads, streamed: a photo is never held whole in the BFF's memory. */
export const photosUpstream = (client: UpstreamClient) => ({
  open: (from: FastifyRequest, key: string): Promise<UpstreamStream> => client.stream('GET', photoPath(key), { from }),
});
