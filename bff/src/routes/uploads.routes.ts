import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { BffError } from '../errors/bff-error';
import type { UpstreamResponse } from '../upstream/client';
import { LegacyServiceSession, publicStrayPhotos } from '../upstream/public-photos';

const ParamsSchema = z.object({ key: z.string().regex(/^[A-Za-z0-9._-]{1,128}$/) });

/**
 * Photos, served through the BFF. Names are random (unguessable) and never
 * reused, so they are cached for a year; nosniff keeps a browser from
 * treating one as anything but the image type the upstream declared.
 *
 * The legacy serves /uploads only to logged-in sessions. A visitor's request
 * it refuses is retried with the BFF's service session — only for photos of
 * strays on the public adopt list (docs/decisions/0008); a member's dog stays
 * private.
 */
export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  const legacy = app.config.upstreamKind === 'legacy';
  const publicPhotos = legacy ? publicStrayPhotos(app.upstream) : null;
  const account = app.config.legacyServiceAccount;
  const service = legacy && account ? new LegacyServiceSession(app.upstream, account, app.log) : null;
  if (legacy && !service) app.log.warn('UPSTREAM_KIND=legacy without LEGACY_SERVICE_USER_ID/PASSWORD: visitors cannot see stray photos');

  app.get('/uploads/:key', { schema: { hide: true, params: ParamsSchema } }, async (request, reply) => {
    const { key } = request.params as z.infer<typeof ParamsSchema>;
    const path = `/uploads/${key}`;
    let res: UpstreamResponse | null = await app.upstream.request('GET', path, { from: request });
    const refused = res.loginRedirect || res.status === 401 || res.status === 403;
    if (refused && service && publicPhotos && (await publicPhotos.has(path))) res = await service.get(path);
    if (!res || res.status !== 200) throw new BffError(404, 'NOT_FOUND');
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
