import type { FastifyRequest } from 'fastify';
import {
  EmailPreferencesSchema,
  LostReachSchema,
  NeighbourhoodAnswerSchema,
  UnsubscribeAnswerSchema,
  type EmailPreferenceRequest,
  type NeighbourhoodSettingRequest,
} from '@pawbridge/shared/alerts.schema';
import type { z } from 'zod';
import { BffError } from '../../errors/bff-error';
import type { AlertsGateway } from '../alerts.gateway';
import { isOk, type UpstreamClient, type UpstreamRequestOptions, type UpstreamResponse } from '../client';
import { lostFailure } from './lost';

/** The upstream's answer read with the contract's schema; anything else is a bad response, never passed on. */
function answer<S extends z.ZodType>(res: UpstreamResponse, schema: S): z.infer<S> {
  if (!isOk(res)) throw lostFailure(res);
  const parsed = schema.safeParse(res.json);
  if (!parsed.success)
    throw new BffError(502, 'UPSTREAM_BAD_RESPONSE', undefined, undefined, {
      upstream: { status: res.status, cause: 'alerts answer off contract' },
    });
  return parsed.data;
}

/** Neighbourhood alerts on our api: each route one call; refusals passed on coded as the api said them (lostFailure). */
export class ApiAlertsGateway implements AlertsGateway {
  readonly available = true;

  constructor(private readonly client: UpstreamClient) {}

  private call(method: string, path: string, from: FastifyRequest, opts: Omit<UpstreamRequestOptions, 'from'> = {}) {
    return this.client.request(method, path, { from, ...opts });
  }

  async neighbourhood(request: FastifyRequest) {
    return answer(await this.call('GET', '/api/me/neighbourhood', request), NeighbourhoodAnswerSchema);
  }

  async saveNeighbourhood(request: FastifyRequest, input: NeighbourhoodSettingRequest) {
    return answer(await this.call('PUT', '/api/me/neighbourhood', request, { json: input }), NeighbourhoodAnswerSchema);
  }

  async removeNeighbourhood(request: FastifyRequest) {
    const res = await this.call('DELETE', '/api/me/neighbourhood', request);
    if (!isOk(res)) throw lostFailure(res);
  }

  async reach(request: FastifyRequest, lostId: number) {
    return answer(await this.call('GET', `/api/lost/posts/${lostId}/reach`, request), LostReachSchema);
  }

  async emailPreferences(request: FastifyRequest) {
    return answer(await this.call('GET', '/api/me/email-preferences', request), EmailPreferencesSchema);
  }

  async setEmailPreference(request: FastifyRequest, input: EmailPreferenceRequest) {
    return answer(await this.call('PUT', '/api/me/email-preferences', request, { json: input }), EmailPreferencesSchema);
  }

  async unsubscribe(request: FastifyRequest, token: string) {
    return answer(await this.call('POST', '/api/unsubscribe', request, { json: { token } }), UnsubscribeAnswerSchema);
  }
}
