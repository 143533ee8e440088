import type { FastifyRequest } from 'fastify';
import type { Availability, SessionUser, SignupRequest } from '@pawbridge/shared';
import { BffError, fieldFailure } from '../../errors/bff-error';
import { SharedAccountsGateway } from '../accounts.gateway';
import { issuedSessionId } from '../accounts.upstream';
import { isOk } from '../client';

/** Accounts in front of the legacy Spring service: its reused login ids caught, and no profile edit. */
export class LegacyAccountsGateway extends SharedAccountsGateway {
  /**
   * The legacy never checks that a login id is free, and a login id held twice
   * logs nobody in. It offers no lookup either, so the BFF cannot refuse before
   * forwarding: right after the signup it logs in once with the new
   * credentials (then out again). A refusal means the id was already taken —
   * the person hears so plainly instead of "signed up" (docs/decisions/0008).
   */
  protected async afterSignup(request: FastifyRequest, body: SignupRequest): Promise<void> {
    const res = await this.up.login(request, { userId: body.userId, password: body.password });
    const sessionId = isOk(res) ? issuedSessionId(res) : undefined;
    if (sessionId) {
      await this.up.logout(request, sessionId).catch(() => undefined);
      return;
    }
    if (res.status >= 500) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    request.log.error({ userId: body.userId }, 'legacy signup reused an existing login id; both accounts need an operator');
    throw fieldFailure(409, 'USER_ID_CONFLICT', { userId: 'userIdConflict' });
  }

  /** The legacy has no nicknames (others see a masked login id, decision 0035): nothing to send. */
  protected override signupBody(body: SignupRequest): SignupRequest {
    const { nickname: _nickname, ...rest } = body;
    return rest;
  }

  async updateNickname(): Promise<SessionUser> {
    throw BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'NICKNAME_UNSUPPORTED');
  }

  /**
   * The legacy offers no lookup of login ids (legacy-contract §3.1), and probing it by logging in
   * would tell nothing about an id with another password: 501, the web hides the button, and the
   * signup's own refusal (afterSignup) still says plainly when an id was taken.
   */
  async checkUserId(): Promise<Availability> {
    throw BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'NAME_CHECK_UNSUPPORTED');
  }

  async checkNickname(): Promise<Availability> {
    throw BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'NAME_CHECK_UNSUPPORTED');
  }

  /** The legacy has no such call: its my page only edited locally, so the honest answer is 501. */
  async updateProfile(): Promise<SessionUser> {
    throw BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'PROFILE_UPDATE_UNSUPPORTED');
  }
}
