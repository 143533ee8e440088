import type { FastifyRequest } from 'fastify';
import {
  AvailabilitySchema,
  type Availability,
  type NicknameUpdateRequest,
  type ProfileUpdateRequest,
  type SessionUser,
} from '@pawbridge/shared';
import { BffError, fieldFailure } from '../../errors/bff-error';
import { normaliseSession } from '../../normalisers/session.normaliser';
import { SharedAccountsGateway } from '../accounts.gateway';
import { signupRefusal } from '../accounts.upstream';
import { isOk, toBffError, type UpstreamResponse } from '../client';

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

  async updateNickname(request: FastifyRequest, body: NicknameUpdateRequest): Promise<SessionUser> {
    const res = await this.up.updateNickname(request, body);
    if (!isOk(res)) {
      if (signupRefusal(res) === 'NICKNAME_TAKEN') throw fieldFailure(409, 'NICKNAME_TAKEN', { nickname: 'nicknameTaken' });
      throw toBffError(res, { 404: BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'NICKNAME_UNSUPPORTED') });
    }
    const session = normaliseSession(res.json);
    if (!session.loggedIn) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    return session;
  }

  async checkUserId(request: FastifyRequest, userId: string): Promise<Availability> {
    return availability(await this.up.checkUserId(request, userId));
  }

  async checkNickname(request: FastifyRequest, nickname: string): Promise<Availability> {
    return availability(await this.up.checkNickname(request, nickname));
  }
}

/** `{available}` from our api; an api without the call (404) cannot check. */
function availability(res: UpstreamResponse): Availability {
  if (!isOk(res)) throw toBffError(res, { 404: BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'NAME_CHECK_UNSUPPORTED') });
  const parsed = AvailabilitySchema.safeParse(res.json);
  if (!parsed.success) throw new BffError(502, 'UPSTREAM_BAD_RESPONSE');
  return parsed.data;
}
