import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { BffError } from '../errors/bff-error';

const ParamsSchema = z.object({ key: z.string().regex(/^[A-Za-z0-9._-]{1,128}$/) });

/**
 * Photos, served through the BFF. Names are random (unguessable) and never
 * reused, so they are cached for a year; nosniff keeps a browser from
 * treating one as anything but the image type the upstream declared.
 */
export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  app.get('/uploads/:key', { schema: { hide: true, params: ParamsSchema } }, async (request, reply) => {
    const { key } = request.params as z.infer<typeof ParamsSchema>;
    const res = await app.upstream.request('GET', `/uploads/${key}`, { from: request });
    if (res.status !== 200) throw new BffError(404, 'NOT_FOUND');
    const type = res.headers.get('content-type') ?? 'application/octet-stream';
    if (!type.startsWith('image/')) throw new BffError(404, 'NOT_FOUND');
    return reply
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'")
      .type(type)
      .send(res.body);
  });
};
