import type { SocialProvider } from '@pawbridge/shared';
import { SOCIAL_PROVIDERS } from '@pawbridge/shared';
import type { BffConfig } from '../config/env';

/** How long one upstream announcement is trusted (the browser caches /api/config as long). */
export const CAPABILITIES_TTL_MS = 60_000;

/** What the deployment can offer beyond the legacy's features: `/api/config`'s flags. */
export interface CapabilitiesGateway {
  /** Offer the AI breed step only when the upstream can really predict. */
  canPredict(): Promise<boolean>;
  /** Which social-login providers the web may offer. */
  socialProviders(): Promise<SocialProvider[]>;
  /** Whether a member can really donate (a payment window that can succeed). */
  donations(): Promise<boolean>;
  /** Whether members have nicknames (and 아이디·닉네임 중복 확인): our api only. */
  nicknames(): Promise<boolean>;
  /** Whether the admin can name a stray (register with a name, rename): our api only. */
  strayNames(): Promise<boolean>;
}

/**
 * The operator's word wins over any upstream's: BREED_PREDICTION_ENABLED and
 * SOCIAL_PROVIDERS, when set, are answered without asking.
 */
export function withOperatorSettings(
  config: Pick<BffConfig, 'breedPredictionEnabled' | 'socialProviders'>,
  upstream: CapabilitiesGateway,
): CapabilitiesGateway {
  const { breedPredictionEnabled: predict, socialProviders: providers } = config;
  return {
    canPredict: () => (predict !== undefined ? Promise.resolve(predict) : upstream.canPredict()),
    socialProviders: () =>
      providers !== undefined ? Promise.resolve(SOCIAL_PROVIDERS.filter((p) => providers.includes(p))) : upstream.socialProviders(),
    donations: () => upstream.donations(),
    nicknames: () => upstream.nicknames(),
    strayNames: () => upstream.strayNames(),
  };
}
