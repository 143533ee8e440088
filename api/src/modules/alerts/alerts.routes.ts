import type { FastifyRequest } from 'fastify';
import { EmailPreferenceRequestSchema, NeighbourhoodSettingRequestSchema, UnsubscribeRequestSchema } from '@pawbridge/shared/alerts.schema';
import { LostIdParamsSchema } from '@pawbridge/shared/lost.schema';
import type { z } from 'zod';
import type { SessionUserRow } from '../../context';
import type { ApiModule } from '../index';
import { invalid, lostError } from '../lost/lost.errors';
import { AlertDigest } from './alerts.digest';
import { AlertsService } from './alerts.service';
import { createAddressGeocoder } from '../../integrations/geocoding/address-geocoder';
import { ShelterPlaces } from './shelter-places';

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily neighbourhood digest (tests run its sweep). */
    alertDigest: AlertDigest;
    /** Places synced shelter notices for the fan-out (tests run its sweep). */
    shelterPlaces: ShelterPlaces;
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
  const alerts = new AlertsService(ctx);
  const digest = new AlertDigest(ctx, app.log);
  app.decorate('alertDigest', digest);
  const schedule = digest.schedule();
  // Shelter notices reach the neighbours from their shelter's address (decision 0043 amended).
  const shelterPlaces = new ShelterPlaces(ctx, app.log, createAddressGeocoder(ctx.config.kakaoLocal));
  app.decorate('shelterPlaces', shelterPlaces);
  const placing = shelterPlaces.schedule();
  app.addHook('onClose', async () => {
    schedule.stop();
    placing.stop();
  });

  app.get('/api/me/neighbourhood', async (request, reply) =>
    reply.header('cache-control', 'no-store').send(await alerts.setting(member(request).pk)),
  );

  app.put('/api/me/neighbourhood', async (request) =>
    alerts.save(member(request).pk, parse(NeighbourhoodSettingRequestSchema, request.body)),
  );

  app.delete('/api/me/neighbourhood', async (request, reply) => {
    await alerts.remove(member(request).pk);
    return reply.status(204).send();
  });

  app.get('/api/lost/posts/:id/reach', async (request, reply) => {
    const user = member(request);
    const id = parse(LostIdParamsSchema, request.params).id;
    return reply.header('cache-control', 'no-store').send(await alerts.reach(id, user));
  });

  app.get('/api/me/email-preferences', async (request) => alerts.preferences(member(request).pk));

  app.put('/api/me/email-preferences', async (request) => {
    const user = member(request);
    const { kind, enabled } = parse(EmailPreferenceRequestSchema, request.body);
    return alerts.setPreference(user.pk, kind, enabled);
  });

  app.post('/api/unsubscribe', async (request) => alerts.unsubscribe(parse(UnsubscribeRequestSchema, request.body).token));
};
