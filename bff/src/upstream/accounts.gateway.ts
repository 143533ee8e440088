import type { FastifyRequest } from 'fastify';
import type { LoginRequest, ProfileUpdateRequest, Session, SessionUser, SignupRequest } from '@pawbridge/shared';
import type { BffConfig } from '../config/env';
import { BffError, fieldFailure } from '../errors/bff-error';
import { normaliseSession } from '../normalisers/session.normaliser';
import { accountsUpstream, issuedSessionId, signupRefusal } from './accounts.upstream';
import { isOk, toBffError, UPSTREAM_SESSION_COOKIE, type UpstreamClient, type UpstreamResponse } from './client';

const isRedirect = (res: UpstreamResponse) => res.status >= 300 && res.status < 400;
const lower = (s: string | undefined) => s?.trim().toLowerCase();

/**
 * What the account routes do against either upstream: login without session
 * fixation, logout that always ends the session, signup with the legacy's
 * holes closed (reserved and reused login ids), e-mail codes. The routes only
 * set cookies and reply.
 */
export class AccountsGateway {
  private readonly up;
  constructor(
    client: UpstreamClient,
    private readonly kind: BffConfig['upstreamKind'] = 'api',
  ) {
    this.up = accountsUpstream(client);
  }

  /** A fresh upstream session for the credentials, as check-session reports it; the browser's earlier session is ended. */
  async login(request: FastifyRequest, body: LoginRequest): Promise<{ session: SessionUser; sessionId: string }> {
    const res = await this.up.login(request, body);
    if (res.status === 400 || res.status === 401 || isRedirect(res)) throw new BffError(401, 'INVALID_CREDENTIALS');
    if (!isOk(res)) throw toBffError(res);
    const sessionId = issuedSessionId(res);
    if (!sessionId) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    const check = await this.up.checkSession(request, sessionId);
    const session: Session = isOk(check) ? normaliseSession(check.json) : { loggedIn: false };
    if (!session.loggedIn) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    // End the session this browser had before, so its old id cannot be replayed.
    const previous = request.cookies[UPSTREAM_SESSION_COOKIE];
    if (previous && previous !== sessionId) await this.up.logout(request, previous).catch(() => undefined);
    return { session, sessionId };
  }

  /** Ends the browser's upstream session, if it has one. */
  async logout(request: FastifyRequest, sessionId: string | undefined): Promise<void> {
    if (!sessionId) return;
    // Spring's body is a literal that may be mojibake ('?'); only the status matters.
    const res = await this.up.logout(request, sessionId);
    if (res.status >= 500) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
  }

  async signup(request: FastifyRequest, body: SignupRequest): Promise<void> {
    // 'admin' names the administrator in the legacy (notifications, posts); nobody else may take it.
    if (lower(body.userId) === 'admin') throw fieldFailure(409, 'USER_ID_TAKEN', { userId: 'userIdTaken' });
    const res = await this.up.signup(request, body);
    if (isOk(res)) {
      if (this.kind === 'legacy') await this.checkLegacyLoginWorks(request, body);
      return;
    }
    switch (signupRefusal(res)) {
      case 'USER_ID_TAKEN':
        throw fieldFailure(409, 'USER_ID_TAKEN', { userId: 'userIdTaken' });
      case 'EMAIL_ALREADY_REGISTERED':
        throw fieldFailure(409, 'EMAIL_ALREADY_REGISTERED', { email: 'emailAlreadyRegistered' });
      case 'EMAIL_NOT_VERIFIED':
        throw fieldFailure(400, 'EMAIL_NOT_VERIFIED', { email: 'emailNotVerified' });
      default:
        if (isRedirect(res)) throw BffError.because(400, 'VALIDATION_FAILED', 'SIGNUP_FAILED');
        throw toBffError(res);
    }
  }

  /**
   * The legacy never checks that a login id is free, and a login id held twice
   * logs nobody in. It offers no lookup either, so the BFF cannot refuse before
   * forwarding: right after the signup it logs in once with the new
   * credentials (then out again). A refusal means the id was already taken —
   * the person hears so plainly instead of "signed up" (docs/decisions/0008).
   */
  private async checkLegacyLoginWorks(request: FastifyRequest, body: { userId: string; password: string }): Promise<void> {
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

  /**
   * The member's own e-mail, birth and phone (our api's PUT /api/users/me); the
   * session as it reads afterwards. The legacy has no such call: its my page only
   * edited locally, so the honest answer there is 501.
   */
  async updateProfile(request: FastifyRequest, body: ProfileUpdateRequest): Promise<SessionUser> {
    if (this.kind === 'legacy') throw BffError.because(501, 'UPSTREAM_UNSUPPORTED', 'PROFILE_UPDATE_UNSUPPORTED');
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

  async sendEmail(request: FastifyRequest, email: string): Promise<void> {
    const res = await this.up.sendEmail(request, email);
    if (isOk(res)) return;
    if (res.status === 409) throw fieldFailure(409, 'EMAIL_ALREADY_REGISTERED', { email: 'emailAlreadyRegistered' });
    if (isRedirect(res)) throw fieldFailure(400, 'VALIDATION_FAILED', { email: 'emailSendFailed' }, { reason: 'EMAIL_SEND_FAILED' });
    throw toBffError(res);
  }

  async verifyEmail(request: FastifyRequest, code: string, email: string | undefined): Promise<void> {
    const res = await this.up.verifyEmail(request, code, email);
    if (isOk(res)) return;
    if (res.status === 400 || res.status === 404 || res.status === 410 || isRedirect(res))
      throw fieldFailure(400, 'INVALID_CODE', { code: 'codeWrong' });
    throw toBffError(res);
  }
}
