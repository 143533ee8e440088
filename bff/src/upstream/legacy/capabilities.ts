import type { SocialProvider } from '@pawbridge/shared';
import type { CapabilitiesGateway } from '../capabilities.gateway';

/** The legacy announces nothing: its predict step is its Custom Vision (always configured there), its social login unannounced. */
export class LegacyCapabilitiesGateway implements CapabilitiesGateway {
  /** The legacy has no test gateway: only PortOne (a merchant code) can take a payment it will verify. */
  constructor(private readonly hasMerchantCode: boolean) {}

  async donations(): Promise<boolean> {
    return this.hasMerchantCode;
  }

  /** No nicknames there (others see masked login ids) and no lookup of ids. */
  async nicknames(): Promise<boolean> {
    return false;
  }

  async strayNames(): Promise<boolean> {
    return false;
  }

  async canPredict(): Promise<boolean> {
    return true;
  }

  async socialProviders(): Promise<SocialProvider[]> {
    return [];
  }
}
