import type { SocialProvider } from '@pawbridge/shared';
import type { CapabilitiesGateway } from '../capabilities.gateway';

/** The legacy announces nothing: its predict step is its Custom Vision (always configured there), its social login unannounced. */
export class LegacyCapabilitiesGateway implements CapabilitiesGateway {
  async canPredict(): Promise<boolean> {
    return true;
  }

  async socialProviders(): Promise<SocialProvider[]> {
    return [];
  }
}
