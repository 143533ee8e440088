import type { BffConfig } from '../config/env';
import { capabilitiesUpstream } from './capabilities.upstream';
import type { UpstreamClient } from './client';

/** How long one upstream announcement is trusted (the browser caches /api/config as long). */
const CAPABILITIES_TTL_MS = 60_000;

/** What the deployment can offer beyond the legacy's features, decided once a minute. */
export class CapabilitiesGateway {
  private readonly up;
  private announced: { canPredict: boolean; at: number } | null = null;

  constructor(
    client: UpstreamClient,
    private readonly config: Pick<BffConfig, 'breedPredictionEnabled' | 'upstreamKind'>,
    private readonly now: () => number = Date.now,
  ) {
    this.up = capabilitiesUpstream(client);
  }

  /**
   * Offer the AI breed step only when the upstream can really predict.
   * BREED_PREDICTION_ENABLED, when set, is the operator's word and wins. The legacy
   * service's predict step is its Custom Vision (always configured there). Our api
   * announces it; an upstream without the announcement is taken for the legacy.
   * An upstream that is down or failing can predict nothing: off, asked again next time.
   */
  async canPredict(): Promise<boolean> {
    if (this.config.breedPredictionEnabled !== undefined) return this.config.breedPredictionEnabled;
    if (this.config.upstreamKind === 'legacy') return true;
    if (this.announced && this.now() - this.announced.at < CAPABILITIES_TTL_MS) return this.announced.canPredict;
    const said = await this.up.breedPrediction();
    if (said === null) return false;
    this.announced = { canPredict: said ?? true, at: this.now() };
    return this.announced.canPredict;
  }
}
