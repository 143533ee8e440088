import { alertsUnsupported, type AlertsGateway } from '../alerts.gateway';

const refuse = (): Promise<never> => Promise.reject(alertsUnsupported());

/** The legacy Spring service has no neighbourhood alerts: every call is 501 UPSTREAM_UNSUPPORTED, nothing goes upstream. */
export class LegacyAlertsGateway implements AlertsGateway {
  readonly available = false;
  neighbourhood = refuse;
  saveNeighbourhood = refuse;
  removeNeighbourhood = refuse;
  reach = refuse;
  emailPreferences = refuse;
  setEmailPreference = refuse;
  unsubscribe = refuse;
}
