import type { SocialProvider } from '@pawbridge/shared';
import { SocialProvidersAnswerSchema } from '@pawbridge/shared';
import { CAPABILITIES_TTL_MS, type CapabilitiesGateway } from '../capabilities.gateway';
import { capabilitiesUpstream } from '../capabilities.upstream';
import type { UpstreamClient } from '../client';

/**
 * Our api announces what it can do (GET /api/capabilities, GET
 * /api/oauth2/providers); each answer is trusted for a minute. An upstream
 * that is down or failing can do nothing: off, asked again next time.
 */
export class ApiCapabilitiesGateway implements CapabilitiesGateway {
  private readonly up;
  private predicting: { canPredict: boolean; at: number } | null = null;
  private providers: { providers: SocialProvider[]; at: number } | null = null;

  constructor(
    private readonly client: UpstreamClient,
    private readonly now: () => number = Date.now,
  ) {
    this.up = capabilitiesUpstream(client);
  }

  /** An upstream without the announcement predicts as the legacy's always did. */
  async canPredict(): Promise<boolean> {
    if (this.predicting && this.now() - this.predicting.at < CAPABILITIES_TTL_MS) return this.predicting.canPredict;
    const said = await this.up.breedPrediction();
    if (said === null) return false;
    this.predicting = { canPredict: said ?? true, at: this.now() };
    return this.predicting.canPredict;
  }

  /** Our api takes PortOne payments or, without a merchant code, its embedded test gateway's. */
  async donations(): Promise<boolean> {
    return true;
  }

  /** Our api keeps nicknames and answers the availability checks. */
  async nicknames(): Promise<boolean> {
    return true;
  }

  async strayNames(): Promise<boolean> {
    return true;
  }

  async socialProviders(): Promise<SocialProvider[]> {
    if (this.providers && this.now() - this.providers.at < CAPABILITIES_TTL_MS) return this.providers.providers;
    try {
      const res = await this.client.request('GET', '/api/oauth2/providers');
      const parsed = res.status === 200 ? SocialProvidersAnswerSchema.safeParse(res.json) : null;
      this.providers = { providers: parsed?.success ? parsed.data.providers : [], at: this.now() };
      return this.providers.providers;
    } catch {
      return [];
    }
  }
}
