import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { SOCIAL_PROVIDERS, type SocialLoginErrorCode, type SocialProvider } from '@pawbridge/shared';
import type { ApiContext } from '../../context';
import { domainEvent } from '../../events/index';
import type { SocialProfile } from '../../integrations/oauth/profiles';
import { createOAuthProviders, OAuthProviderError, type OAuthProvider, type PendingFlow } from '../../integrations/oauth/providers';
import { recordLogin } from '../users/session-user';
import { OAuthRepository } from './oauth.repository';

export type SocialSignIn = { ok: true; userPk: number; created: { userId: string } | null } | { ok: false; code: SocialLoginErrorCode };
export type SocialLoginResult = { ok: true; sessionId: string } | { ok: false; code: SocialLoginErrorCode };

interface PgError {
  code?: string;
  constraint?: string;
  message?: string;
}

/**
 * Social login. An account is found by provider + provider id only: an e-mail
 * address never links (the legacy matched by e-mail and overwrote the local
 * member's role), so an address that already belongs to an account is refused.
 */
export class OAuthService {
  private readonly providers: Map<SocialProvider, OAuthProvider>;
  private readonly repo: OAuthRepository;

  constructor(
    private readonly ctx: ApiContext,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.providers = createOAuthProviders(ctx.config.oauth, ctx.config.publicOrigin);
    this.repo = new OAuthRepository(ctx.db);
  }

  configured(): SocialProvider[] {
    return SOCIAL_PROVIDERS.filter((p) => this.providers.has(p));
  }

  isConfigured(name: string): name is SocialProvider {
    return this.providers.has(name as SocialProvider);
  }

  /** The provider's authorisation URL and what the callback must find again; null when not configured. */
  start(name: SocialProvider): { url: URL; flow: PendingFlow } | null {
    return this.providers.get(name)?.start() ?? null;
  }

  /** Redeems the code, finds or creates the member and opens a fresh session (the previous one, if any, is ended). */
  async finish(name: SocialProvider, code: string, flow: PendingFlow, previousSessionId: string | undefined): Promise<SocialLoginResult> {
    const provider = this.providers.get(name);
    if (!provider) return { ok: false, code: 'SOCIAL_LOGIN_UNSUPPORTED' };
    let profile: SocialProfile;
    try {
      profile = await provider.profile(code, flow);
    } catch (err) {
      if (!(err instanceof OAuthProviderError)) throw err;
      this.log?.warn({ err, provider: name }, 'social login failed at the provider');
      return { ok: false, code: 'SOCIAL_LOGIN_PROVIDER_ERROR' };
    }
    const result = await this.signIn(name, profile);
    if (!result.ok) return result;
    // A fresh id, so a session id planted before the login is worthless afterwards.
    if (previousSessionId) await this.ctx.sessions.destroy(previousSessionId);
    const sessionId = await this.ctx.sessions.create(result.userPk);
    await recordLogin(this.ctx, result.userPk);
    // Same announcement as a signup (the dashboard's `user_registered`); a failing subscriber is only logged by the bus.
    if (result.created)
      await this.ctx.events.publish(domainEvent('user.registered', { userPk: result.userPk, userId: result.created.userId }));
    return { ok: true, sessionId };
  }

  async signIn(provider: SocialProvider, profile: SocialProfile): Promise<SocialSignIn> {
    const known = await this.repo.findBySocialId(provider, profile.id);
    if (known) {
      await this.repo.refreshProfile(known.pk, profile.name, profile.email);
      return { ok: true, userPk: known.pk, created: null };
    }
    if (profile.email && (await this.repo.emailInUse(profile.email))) return { ok: false, code: 'SOCIAL_LOGIN_EMAIL_IN_USE' };
    try {
      const userId = await this.freeUserId(provider, profile.id);
      const userPk = await this.repo.create({ userId, provider, socialId: profile.id, name: profile.name, email: profile.email });
      return { ok: true, userPk, created: { userId } };
    } catch (err) {
      const pg = err as PgError;
      if (pg.code !== '23505') throw err;
      // Two callbacks for the same person racing, or the address taken in between: the unique indexes decide.
      const raced = await this.repo.findBySocialId(provider, profile.id);
      if (raced) return { ok: true, userPk: raced.pk, created: null };
      if (`${pg.constraint ?? ''} ${pg.message ?? ''}`.includes('users_email_key')) return { ok: false, code: 'SOCIAL_LOGIN_EMAIL_IN_USE' };
      throw err;
    }
  }

  /**
   * `<provider>_<id>` (the legacy used the bare provider id, which a local member could
   * already hold); a suffix when even that is taken.
   */
  private async freeUserId(provider: SocialProvider, socialId: string): Promise<string> {
    const base = `${provider}_${socialId}`.slice(0, 60);
    if (!(await this.repo.userIdInUse(base))) return base;
    for (;;) {
      const candidate = `${base}_${crypto.randomBytes(3).toString('hex')}`;
      if (!(await this.repo.userIdInUse(candidate))) return candidate;
    }
  }
}
