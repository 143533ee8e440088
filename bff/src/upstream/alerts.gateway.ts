import type { FastifyRequest } from 'fastify';
import type {
  EmailPreferenceRequest,
  EmailPreferences,
  LostReach,
  NeighbourhoodAnswer,
  NeighbourhoodSettingRequest,
  UnsubscribeAnswer,
} from '@pawbridge/shared/alerts.schema';
import { BffError } from '../errors/bff-error';

/** The legacy Spring service has no neighbourhood alerts nor e-mail preferences: every call answers this. */
export const alertsUnsupported = () => BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'ALERTS_UNSUPPORTED');

/**
 * neighbourhood alerts and e-mail preferences (issue 28, docs/decisions/0043): the member's own neighbourhood, the reach of
 * their missing report, the e-mail kinds and the one-link unsubscribe. Our api has them
 * (upstream/api/alerts.ts); the legacy answers 501 (upstream/legacy/alerts.ts) and the web hides them.
 */
export interface AlertsGateway {
  readonly available: boolean;
  neighbourhood(request: FastifyRequest): Promise<NeighbourhoodAnswer>;
  saveNeighbourhood(request: FastifyRequest, input: NeighbourhoodSettingRequest): Promise<NeighbourhoodAnswer>;
  removeNeighbourhood(request: FastifyRequest): Promise<void>;
  reach(request: FastifyRequest, lostId: number): Promise<LostReach>;
  emailPreferences(request: FastifyRequest): Promise<EmailPreferences>;
  setEmailPreference(request: FastifyRequest, input: EmailPreferenceRequest): Promise<EmailPreferences>;
  unsubscribe(request: FastifyRequest, token: string): Promise<UnsubscribeAnswer>;
}
