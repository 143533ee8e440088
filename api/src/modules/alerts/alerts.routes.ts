import type { FastifyRequest } from 'fastify';
import { EmailPreferenceRequestSchema, NeighbourhoodSettingRequestSchema, UnsubscribeRequestSchema } from '@pawbridge/shared/alerts.schema';
import { LostIdParamsSchema } from '@pawbridge/shared/lost.schema';
import type { z } from 'zod';
import type { SessionUserRow } from '../../context';
import type { ApiModule } from '../index';
import { invalid, lostError, notFound } from '../lost/lost.errors';
import { AlertDigest } from './alerts.digest';
import { AlertsRepository } from './alerts.repository';
import { emailPreferences, setEmailPreference } from './preferences.repository';
import { readUnsubscribeToken } from './unsubscribe';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily neighbourhood digest (tests run its sweep). */
    alertDigest: AlertDigest;
  }
}

function parse<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid(parsed.error);
  return parsed.data;
}

const member = (request: FastifyRequest): SessionUserRow => {
  if (!request.user) throw lostError(401, 'UNAUTHENTICATED');
  return request.user;
};

/**
 * Neighbourhood alerts and e-mail preferences (issue 28, docs/decisions/0043): a member's own neighbourhood
 * (GET/PUT/DELETE, only ever theirs), the reach of their missing report, the e-mail kinds switched on
 * and off, and the one-link unsubscribe (a signed token, no login). The fan-out itself runs on the
 * matching queue (matching.routes.ts hands ALERT jobs to alerts.fanout.ts).
 */
export const alertsModule: ApiModule = async (app, ctx) => {
  const repo = new AlertsRepository(ctx.db);
  const digest = new AlertDigest(ctx, app.log);
  app.decorate('alertDigest', digest);
  const schedule = digest.schedule();
  app.addHook('onClose', async () => schedule.stop());

  app.get('/api/me/neighbourhood', async (request, reply) =>
    reply.header('cache-control', 'no-store').send({ setting: await repo.setting(member(request).pk) }),
  );

  app.put('/api/me/neighbourhood', async (request) => {
    const user = member(request);
    await repo.save(user.pk, parse(NeighbourhoodSettingRequestSchema, request.body));
    return { setting: await repo.setting(user.pk) };
  });

  app.delete('/api/me/neighbourhood', async (request, reply) => {
    await repo.remove(member(request).pk);
    return reply.status(204).send();
  });

  /** Only the report's author (and admins) learn how many were told; to anyone else it is not there. */
  app.get('/api/lost/posts/:id/reach', async (request, reply) => {
    const user = member(request);
    const id = parse(LostIdParamsSchema, request.params).id;
    const post = await ctx.db.selectFrom('lostPosts').select(['authorPk', 'kind']).where('id', '=', id).executeTakeFirst();
    if (!post || (post.authorPk !== user.pk && user.role !== 'ADMIN')) throw notFound();
    return reply.header('cache-control', 'no-store').send(await repo.reach(post.kind, id));
  });

  app.get('/api/me/email-preferences', async (request) => emailPreferences(ctx.db, member(request).pk));

  app.put('/api/me/email-preferences', async (request) => {
    const user = member(request);
    const { kind, enabled } = parse(EmailPreferenceRequestSchema, request.body);
    await setEmailPreference(ctx.db, user.pk, kind, enabled);
    return emailPreferences(ctx.db, user.pk);
  });

  /** No login: the token names the member and the kind. Saying it twice is fine (idempotent). */
  app.post('/api/unsubscribe', async (request) => {
    const { token } = parse(UnsubscribeRequestSchema, request.body);
    const read = readUnsubscribeToken(ctx.config.alerts, token);
    if (!read.ok)
      throw read.why === 'EXPIRED'
        ? lostError(410, 'INVALID_CODE', 'UNSUBSCRIBE_LINK_EXPIRED')
        : lostError(400, 'INVALID_CODE', 'UNSUBSCRIBE_LINK_INVALID');
    const exists = await ctx.db.selectFrom('users').select('id').where('id', '=', read.userPk).executeTakeFirst();
    if (!exists) throw lostError(400, 'INVALID_CODE', 'UNSUBSCRIBE_LINK_INVALID');
    await setEmailPreference(ctx.db, read.userPk, read.kind, false);
    return { kind: read.kind };
  });
};
