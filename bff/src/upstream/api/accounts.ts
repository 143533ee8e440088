import type { FastifyRequest } from 'fastify';
import type { ProfileUpdateRequest, SessionUser } from '@pawbridge/shared';
import { BffError, fieldFailure } from '../../errors/bff-error';
import { normaliseSession } from '../../normalisers/session.normaliser';
import { SharedAccountsGateway } from '../accounts.gateway';
import { signupRefusal } from '../accounts.upstream';
import { isOk, toBffError } from '../client';

/** Accounts in front of our api: it refuses a taken login id itself and edits the profile (PUT /api/users/me). */
export class ApiAccountsGateway extends SharedAccountsGateway {
  protected async afterSignup(): Promise<void> {}

  async updateProfile(request: FastifyRequest, body: ProfileUpdateRequest): Promise<SessionUser> {
    const res = await this.up.updateProfile(request, body);
    if (!isOk(res)) {
      switch (signupRefusal(res)) {
        case 'EMAIL_ALREADY_REGISTERED':
          throw fieldFailure(409, 'EMAIL_ALREADY_REGISTERED', { email: 'emailAlreadyRegistered' });
        case 'EMAIL_NOT_VERIFIED':
          throw fieldFailure(400, 'EMAIL_NOT_VERIFIED', { email: 'emailNotVerified' });
        default:
          throw toBffError(res, { 404: BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'PROFILE_UPDATE_UNSUPPORTED') });
      }
    }
    const session = normaliseSession(res.json);
    if (!session.loggedIn) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    return session;
  }
}
