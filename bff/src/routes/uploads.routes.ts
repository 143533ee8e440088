import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const ParamsSchema = z.object({ key: z.string().regex(/^[A-Za-z0-9._-]{1,128}$/) });

/**
 * Photos, streamed through the BFF. Names are random (unguessable) and never
 * reused, so they are cached for a year; nosniff keeps a browser from
 * treating one as anything but the image type the upstream declared.
 */
export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  const photos = app.gateways.photos;

  app.withTypeProvider<ZodTypeProvider>().get('/uploads/:key', { schema: { hide: true, params: ParamsSchema } }, async (request, reply) => {
    const photo = await photos.open(request, request.params.key);
    if (photo.length) reply.header('Content-Length', photo.length);
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .type(photo.type)
      .send(Readable.fromWeb(photo.body as NodeReadableStream<Uint8Array>));
  });
};
