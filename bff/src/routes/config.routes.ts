import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PublicConfigSchema } from '@pawbridge/shared';
import { publicConfigOf } from '../public-config';

/** What the browser may know about this deployment (which map, which social logins, ...); the server render embeds it too. */
export const configRoutes: FastifyPluginAsync = async (app) => {
  const publicConfig = publicConfigOf(app);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/config',
      { schema: { tags: ['config'], summary: '공개 설정', response: { 200: PublicConfigSchema } } },
      async (_req, reply) => reply.header('Cache-Control', 'public, max-age=60').send(await publicConfig()),
    );
};
