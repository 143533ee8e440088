import crypto from 'node:crypto';
import type { SocialLoginErrorCode, SocialProvider } from '@pawbridge/shared';
import type { SocialProfile } from '../../integrations/oauth/profiles';
import type { OAuthRepository } from './oauth.repository';

export type SocialSignIn = { ok: true; userPk: number; created: { userId: string } | null } | { ok: false; code: SocialLoginErrorCode };

interface PgError {
  code?: string;
  constraint?: string;
  message?: string;
}

/**
 * Accounts from social logins. An account is found by provider + provider id only:
 * an e-mail address never links (the legacy matched by e-mail and overwrote the
 * local member's role), so an address that already belongs to an account is refused.
 */
export class OAuthService {
  constructor(private readonly repo: OAuthRepository) {}

  async signIn(provider: SocialProvider, profile: SocialProfile): Promise<SocialSignIn> {
    const known = await this.repo.findBySocialId(provider, profile.id);
    if (known) {
      await this.repo.refreshProfile(known.pk, profile.name, profile.email);
      return { ok: true, userPk: known.pk, created: null };
    }
    if (profile.email && (await this.repo.emailInUse(profile.email))) return { ok: false, code: 'SOCIAL_LOGIN_EMAIL_IN_USE' };
    try {
      const userId = await this.freeUserId(provider, profile.id);
      const userPk = await this.repo.create({
        userId,
        provider,
        socialId: profile.id,
        name: profile.name,
        email: profile.email,
      });
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
