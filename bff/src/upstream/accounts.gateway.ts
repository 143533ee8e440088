import type { FastifyRequest } from 'fastify';
import type {
  Availability,
  LoginRequest,
  NicknameUpdateRequest,
  ProfileUpdateRequest,
  Session,
  SessionUser,
  SignupRequest,
} from '@pawbridge/shared';
import { BffError, fieldFailure } from '../errors/bff-error';
import { normaliseSession } from '../normalisers/session.normaliser';
import { accountsUpstream, issuedSessionId, signupRefusal } from './accounts.upstream';
import { isOk, toBffError, UPSTREAM_SESSION_COOKIE, type UpstreamClient, type UpstreamResponse } from './client';

const isRedirect = (res: UpstreamResponse) => res.status >= 300 && res.status < 400;
const lower = (s: string | undefined) => s?.trim().toLowerCase();

/** What the account routes ask of the upstream; the routes only set cookies and reply. */
export interface AccountsGateway {
  /** A fresh upstream session for the credentials, as check-session reports it; the browser's earlier session is ended. */
  login(request: FastifyRequest, body: LoginRequest): Promise<{ session: SessionUser; sessionId: string }>;
  /** Ends the browser's upstream session, if it has one. */
  logout(request: FastifyRequest, sessionId: string | undefined): Promise<void>;
  signup(request: FastifyRequest, body: SignupRequest): Promise<void>;
  /** The member's own e-mail, birth and phone; the session as it reads afterwards. */
  updateProfile(request: FastifyRequest, body: ProfileUpdateRequest): Promise<SessionUser>;
  sendEmail(request: FastifyRequest, email: string): Promise<void>;
  verifyEmail(request: FastifyRequest, code: string, email: string | undefined): Promise<void>;
  /** The member's nickname (what others see); the session afterwards. 501 where the upstream has no nicknames. */
  updateNickname(request: FastifyRequest, body: NicknameUpdateRequest): Promise<SessionUser>;
  /** 아이디 중복 확인; 501 where the upstream cannot say. */
  checkUserId(request: FastifyRequest, userId: string): Promise<Availability>;
  /** 닉네임 중복 확인; 501 where the upstream has no nicknames. */
  checkNickname(request: FastifyRequest, nickname: string): Promise<Availability>;
}

/**
 * What both upstreams share: login without session fixation, logout that
 * always ends the session, signup with the reserved login id refused, e-mail
 * codes. Each implementation adds what its upstream needs after a signup and
 * says whether the profile can be edited (upstream/api, upstream/legacy).
 */
export abstract class SharedAccountsGateway implements AccountsGateway {
  protected readonly up;
  constructor(client: UpstreamClient) {
    this.up = accountsUpstream(client);
  }

  /** Runs after the upstream accepted a signup (the legacy's check that the login id really works). */
  protected abstract afterSignup(request: FastifyRequest, body: SignupRequest): Promise<void>;
  abstract updateProfile(request: FastifyRequest, body: ProfileUpdateRequest): Promise<SessionUser>;
  abstract updateNickname(request: FastifyRequest, body: NicknameUpdateRequest): Promise<SessionUser>;
  abstract checkUserId(request: FastifyRequest, userId: string): Promise<Availability>;
  abstract checkNickname(request: FastifyRequest, nickname: string): Promise<Availability>;
  /** What of the signup goes upstream (the legacy has no nickname). */
  protected signupBody(body: SignupRequest): SignupRequest {
    return body;
  }

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

  async logout(request: FastifyRequest, sessionId: string | undefined): Promise<void> {
    if (!sessionId) return;
    // Spring's body is a literal that may be mojibake ('?'); only the status matters.
    const res = await this.up.logout(request, sessionId);
    if (res.status >= 500) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
  }

  async signup(request: FastifyRequest, body: SignupRequest): Promise<void> {
    // 'admin' names the administrator in the legacy (notifications, posts); nobody else may take it.
    if (lower(body.userId) === 'admin') throw fieldFailure(409, 'USER_ID_TAKEN', { userId: 'userIdTaken' });
    const res = await this.up.signup(request, this.signupBody(body));
    if (isOk(res)) return this.afterSignup(request, body);
    switch (signupRefusal(res)) {
      case 'USER_ID_TAKEN':
        throw fieldFailure(409, 'USER_ID_TAKEN', { userId: 'userIdTaken' });
      case 'NICKNAME_TAKEN':
        throw fieldFailure(409, 'NICKNAME_TAKEN', { nickname: 'nicknameTaken' });
      case 'EMAIL_ALREADY_REGISTERED':
        throw fieldFailure(409, 'EMAIL_ALREADY_REGISTERED', { email: 'emailAlreadyRegistered' });
      case 'EMAIL_NOT_VERIFIED':
        throw fieldFailure(400, 'EMAIL_NOT_VERIFIED', { email: 'emailNotVerified' });
      default:
        if (isRedirect(res)) throw BffError.because(400, 'VALIDATION_FAILED', 'SIGNUP_FAILED');
        throw toBffError(res);
    }
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
