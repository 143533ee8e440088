import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEFAULT_ERROR_MESSAGES,
  ErrorEnvelopeSchema,
  LoginRequestSchema,
  OkSchema,
  SendEmailQuerySchema,
  SessionSchema,
  SignupRequestSchema,
  VerifyEmailQuerySchema,
  type Ok,
} from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { accountsUpstream, issuedSessionId, mentionsEmailVerification, mentionsUserId } from '../upstream/accounts.upstream';
import { isOk, toBffError, upstreamMessage, UPSTREAM_SESSION_COOKIE, type UpstreamResponse } from '../upstream/client';
import { normaliseSession } from '../normalisers/session.normaliser';
import { clearSessionCookie, setSessionCookie } from '../plugins/session';
import { byIp } from '../plugins/rate-limit';

const MESSAGES = {
  loggedOut: '로그아웃되었습니다.',
  signedUp: '회원가입이 완료되었습니다. 로그인해 주세요.',
  codeSent: '인증 코드를 이메일로 보냈습니다. 메일함을 확인해 주세요.',
  verified: '이메일 인증이 완료되었습니다.',
  codeWrong: '인증 코드가 올바르지 않습니다.',
  // Spring hides the reason of these failures behind a redirect; say honestly what may be wrong.
  signupFailed: '회원가입을 완료하지 못했습니다. 이메일 인증을 마쳤는지, 이미 가입한 이메일이 아닌지 확인해 주세요.',
  sendFailed: '인증 메일을 보내지 못했습니다. 이미 가입된 이메일이 아닌지 확인해 주세요.',
} as const;

const isRedirect = (res: UpstreamResponse) => res.status >= 300 && res.status < 400;
const lower = (s: string | undefined) => s?.trim().toLowerCase();
const envelope = (...statuses: number[]) => Object.fromEntries(statuses.map((s) => [s, ErrorEnvelopeSchema]));
const ok = (message: string): Ok => ({ ok: true, message });

/** Login, logout, session, signup and e-mail verification (spec §2, §7 Account). */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const accounts = accountsUpstream(app.upstream);
  const limits = app.config.rateLimits;

  r.get(
    '/api/users/check-session',
    { schema: { tags: ['accounts'], summary: '현재 세션 확인', response: { 200: SessionSchema, ...envelope(502, 504) } } },
    async (request, reply) => {
      const session = await request.session();
      if (!session.loggedIn && request.cookies[UPSTREAM_SESSION_COOKIE]) clearSessionCookie(request, reply);
      return reply.header('cache-control', 'no-store').send(session);
    },
  );

  r.post(
    '/api/users/login',
    {
      schema: { tags: ['accounts'], summary: '아이디·비밀번호 로그인', body: LoginRequestSchema, response: { 200: SessionSchema, ...envelope(400, 401, 429, 502, 504) } },
      ...app.loginGuard((req) => lower((req.body as { userId?: string }).userId)),
    },
    async (request, reply) => {
      const res = await accounts.login(request, request.body);
      if (res.status === 400 || res.status === 401 || isRedirect(res)) throw new BffError(401, 'INVALID_CREDENTIALS');
      if (!isOk(res)) throw toBffError(res);
      const sessionId = issuedSessionId(res);
      if (!sessionId) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
      const check = await accounts.checkSession(request, sessionId);
      const session = isOk(check) ? normaliseSession(check.json) : { loggedIn: false as const };
      if (!session.loggedIn) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
      // End the session this browser had before, so its old id cannot be replayed.
      const previous = request.cookies[UPSTREAM_SESSION_COOKIE];
      if (previous && previous !== sessionId) await accounts.logout(request, previous).catch(() => undefined);
      setSessionCookie(request, reply, sessionId);
      return reply.header('cache-control', 'no-store').send(session);
    },
  );

  r.post(
    '/api/users/logout',
    { schema: { tags: ['accounts'], summary: '로그아웃', response: { 200: OkSchema, ...envelope(502, 504) } } },
    async (request, reply) => {
      const sessionId = request.cookies[UPSTREAM_SESSION_COOKIE];
      // Cleared first: whatever the upstream says, this browser is logged out.
      clearSessionCookie(request, reply);
      if (sessionId) {
        // Spring's body is a literal that may be mojibake ('?'); only the status matters.
        const res = await accounts.logout(request);
        if (res.status >= 500) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
      }
      return ok(MESSAGES.loggedOut);
    },
  );

  /**
   * The legacy never checks that a login id is free, and a login id held twice
   * logs nobody in. It offers no lookup either, so the BFF cannot refuse before
   * forwarding: right after the signup it logs in once with the new
   * credentials (then out again). A refusal means the id was already taken —
   * the person hears so plainly instead of "signed up" (docs/decisions/0008).
   */
  async function checkLegacyLoginWorks(request: FastifyRequest, body: { userId: string; password: string }): Promise<void> {
    const res = await accounts.login(request, { userId: body.userId, password: body.password });
    const sessionId = isOk(res) ? issuedSessionId(res) : undefined;
    if (sessionId) {
      await accounts.logout(request, sessionId).catch(() => undefined);
      return;
    }
    if (res.status >= 500) throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
    request.log.error({ userId: body.userId }, 'legacy signup reused an existing login id; both accounts need an operator');
    throw new BffError(409, 'USER_ID_CONFLICT', undefined, { userId: DEFAULT_ERROR_MESSAGES.USER_ID_CONFLICT });
  }

  r.post(
    '/api/users/signup',
    { schema: { tags: ['accounts'], summary: '회원가입 (이메일 인증 후)', body: SignupRequestSchema, response: { 200: OkSchema, ...envelope(400, 409, 502, 504) } } },
    async (request) => {
      const body = request.body;
      // 'admin' names the administrator in the legacy (notifications, posts); nobody else may take it.
      if (lower(body.userId) === 'admin') throw new BffError(409, 'USER_ID_TAKEN', undefined, { userId: DEFAULT_ERROR_MESSAGES.USER_ID_TAKEN });
      const res = await accounts.signup(request, body);
      if (isOk(res)) {
        if (app.config.upstreamKind === 'legacy') await checkLegacyLoginWorks(request, body);
        return ok(MESSAGES.signedUp);
      }
      const message = upstreamMessage(res);
      if (res.status === 409) {
        if (mentionsUserId(message)) throw new BffError(409, 'USER_ID_TAKEN', undefined, { userId: DEFAULT_ERROR_MESSAGES.USER_ID_TAKEN });
        throw new BffError(409, 'EMAIL_ALREADY_REGISTERED', undefined, { email: DEFAULT_ERROR_MESSAGES.EMAIL_ALREADY_REGISTERED });
      }
      if (res.status === 400 && mentionsEmailVerification(message)) throw new BffError(400, 'EMAIL_NOT_VERIFIED', undefined, { email: DEFAULT_ERROR_MESSAGES.EMAIL_NOT_VERIFIED });
      if (isRedirect(res)) throw new BffError(400, 'VALIDATION_FAILED', MESSAGES.signupFailed);
      throw toBffError(res);
    },
  );

  r.post(
    '/api/users/send-email',
    {
      schema: { tags: ['accounts'], summary: '이메일 인증 코드 보내기', querystring: SendEmailQuerySchema, response: { 200: OkSchema, ...envelope(400, 409, 429, 502, 504) } },
      preHandler: app.rateGuard([
        { name: 'email-ip', max: limits.emailPerIp, key: byIp },
        { name: 'email-address', max: limits.emailPerAddress, key: (req) => lower((req.query as { email?: string }).email) },
      ]),
    },
    async (request) => {
      const res = await accounts.sendEmail(request, request.query.email);
      if (isOk(res)) return ok(MESSAGES.codeSent);
      if (res.status === 409) throw new BffError(409, 'EMAIL_ALREADY_REGISTERED', undefined, { email: DEFAULT_ERROR_MESSAGES.EMAIL_ALREADY_REGISTERED });
      if (isRedirect(res)) throw new BffError(400, 'VALIDATION_FAILED', MESSAGES.sendFailed, { email: MESSAGES.sendFailed });
      throw toBffError(res);
    },
  );

  r.post(
    '/api/users/verify-email',
    {
      schema: { tags: ['accounts'], summary: '이메일 인증 코드 확인', querystring: VerifyEmailQuerySchema, response: { 200: OkSchema, ...envelope(400, 429, 502, 504) } },
      preHandler: app.rateGuard([
        { name: 'verify-ip', max: limits.verifyPerIp, key: byIp },
        { name: 'verify-address', max: limits.verifyPerAddress, key: (req) => lower((req.query as { email?: string }).email) },
      ]),
    },
    async (request) => {
      const res = await accounts.verifyEmail(request, request.query.code, request.query.email);
      if (isOk(res)) return ok(MESSAGES.verified);
      if (res.status === 400 || res.status === 404 || res.status === 410 || isRedirect(res)) {
        throw new BffError(400, 'INVALID_CODE', undefined, { code: MESSAGES.codeWrong });
      }
      throw toBffError(res);
    },
  );
};
