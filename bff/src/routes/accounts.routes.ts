import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AvailabilitySchema,
  LoginRequestSchema,
  NicknameCheckQuerySchema,
  NicknameUpdateRequestSchema,
  UserIdCheckQuerySchema,
  OK_MESSAGES,
  OkSchema,
  ProfileUpdateRequestSchema,
  SendEmailQuerySchema,
  SessionSchema,
  SessionUserSchema,
  SignupRequestSchema,
  VerifyEmailQuerySchema,
  type Ok,
  type OkMessageCode,
} from '@pawbridge/shared';
import { errorResponses } from '../errors/error-responses';
import { UPSTREAM_SESSION_COOKIE } from '../upstream/client';
import { MEMBER_ONLY, clearSessionCookie, requireUser, setSessionCookie } from '../plugins/session';
import { byIp } from '../plugins/rate-limit';

const lower = (s: string | undefined) => s?.trim().toLowerCase();
const ok = (code: OkMessageCode): Ok => ({ ok: true, message: OK_MESSAGES[code] });
const tags = ['accounts'];

/** Login, logout, session, signup and e-mail verification (spec §2, §7 Account). */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const accounts = app.gateways.accounts;
  const limits = app.config.rateLimits;

  r.get(
    '/api/users/check-session',
    { schema: { tags, summary: '현재 세션 확인', response: { 200: SessionSchema, ...errorResponses(502, 504) } } },
    async (request, reply) => {
      const session = await request.session();
      if (!session.loggedIn && request.cookies[UPSTREAM_SESSION_COOKIE]) clearSessionCookie(request, reply);
      return reply.header('cache-control', 'no-store').send(session);
    },
  );

  r.post(
    '/api/users/login',
    {
      schema: {
        tags,
        summary: '아이디·비밀번호 로그인',
        body: LoginRequestSchema,
        response: { 200: SessionSchema, ...errorResponses(400, 401, 429, 502, 504) },
      },
      ...app.loginGuard((req) => lower((req.body as { userId?: string }).userId)),
    },
    async (request, reply) => {
      const { session, sessionId } = await accounts.login(request, request.body);
      setSessionCookie(request, reply, sessionId);
      return reply.header('cache-control', 'no-store').send(session);
    },
  );

  r.post(
    '/api/users/logout',
    { schema: { tags, summary: '로그아웃', response: { 200: OkSchema, ...errorResponses(502, 504) } } },
    async (request, reply) => {
      const sessionId = request.cookies[UPSTREAM_SESSION_COOKIE];
      // Cleared first: whatever the upstream says, this browser is logged out.
      clearSessionCookie(request, reply);
      await accounts.logout(request, sessionId);
      // Its sockets (notifications, dashboard) close too, on every instance (issue 24 item 12).
      if (app.hasDecorator('sessionWatch')) await app.sessionWatch.ended(sessionId);
      return ok('LOGGED_OUT');
    },
  );

  r.post(
    '/api/users/signup',
    {
      schema: {
        tags,
        summary: '회원가입 (이메일 인증 후)',
        body: SignupRequestSchema,
        response: { 200: OkSchema, ...errorResponses(400, 409, 502, 504) },
      },
    },
    async (request) => {
      await accounts.signup(request, request.body);
      return ok('SIGNED_UP');
    },
  );

  r.put(
    '/api/users/me',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '내 정보 수정 (이메일·생년월일·휴대폰)',
        description:
          '로그인한 회원 본인의 정보만 바꿉니다. 이메일을 바꾸려면 새 주소로 send-email·verify-email 인증을 먼저 마쳐야 합니다. 레거시 서버에는 이 기능이 없어 501 UPSTREAM_UNSUPPORTED(PROFILE_UPDATE_UNSUPPORTED)로 답합니다.',
        body: ProfileUpdateRequestSchema,
        response: { 200: SessionUserSchema, ...errorResponses(400, 401, 409, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      const session = await accounts.updateProfile(request, request.body);
      return reply.header('cache-control', 'no-store').send(session);
    },
  );

  r.put(
    '/api/users/me/nickname',
    {
      config: MEMBER_ONLY,
      schema: {
        tags,
        summary: '내 닉네임 바꾸기',
        description:
          '다른 회원에게 보이는 이름입니다. 대소문자·전각/반각을 가리지 않고 하나뿐이어야 하며, 이미 쓰이면 409 NICKNAME_TAKEN입니다. 레거시 서버에는 닉네임이 없어 501 UPSTREAM_UNSUPPORTED(NICKNAME_UNSUPPORTED)로 답합니다.',
        body: NicknameUpdateRequestSchema,
        response: { 200: SessionUserSchema, ...errorResponses(400, 401, 409, 501, 502, 504) },
      },
    },
    async (request, reply) => {
      await requireUser(request);
      const session = await accounts.updateNickname(request, request.body);
      return reply.header('cache-control', 'no-store').send(session);
    },
  );

  // User id and nickname availability checks: counted per address, so nobody walks a list of ids through it cheaply.
  const nameCheckGuard = app.rateGuard([{ name: 'name-check-ip', max: limits.nameCheckPerIp, key: byIp }]);

  r.get(
    '/api/users/check-user-id',
    {
      schema: {
        tags,
        summary: '아이디 중복 확인',
        description: '레거시 서버에는 조회 기능이 없어 501 UPSTREAM_UNSUPPORTED(NAME_CHECK_UNSUPPORTED)로 답합니다.',
        querystring: UserIdCheckQuerySchema,
        response: { 200: AvailabilitySchema, ...errorResponses(400, 429, 501, 502, 504) },
      },
      preHandler: nameCheckGuard,
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await accounts.checkUserId(request, request.query.userId)),
  );

  r.get(
    '/api/users/check-nickname',
    {
      schema: {
        tags,
        summary: '닉네임 중복 확인',
        description: '로그인한 회원에게는 자기 닉네임도 사용 가능으로 답합니다. 레거시 서버에서는 501입니다.',
        querystring: NicknameCheckQuerySchema,
        response: { 200: AvailabilitySchema, ...errorResponses(400, 429, 501, 502, 504) },
      },
      preHandler: nameCheckGuard,
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await accounts.checkNickname(request, request.query.nickname)),
  );

  r.post(
    '/api/users/send-email',
    {
      schema: {
        tags,
        summary: '이메일 인증 코드 보내기',
        querystring: SendEmailQuerySchema,
        response: { 200: OkSchema, ...errorResponses(400, 409, 429, 502, 504) },
      },
      preHandler: app.rateGuard([
        { name: 'email-ip', max: limits.emailPerIp, key: byIp },
        { name: 'email-address', max: limits.emailPerAddress, key: (req) => lower((req.query as { email?: string }).email) },
      ]),
    },
    async (request) => {
      await accounts.sendEmail(request, request.query.email);
      return ok('CODE_SENT');
    },
  );

  r.post(
    '/api/users/verify-email',
    {
      schema: {
        tags,
        summary: '이메일 인증 코드 확인',
        querystring: VerifyEmailQuerySchema,
        response: { 200: OkSchema, ...errorResponses(400, 429, 502, 504) },
      },
      preHandler: app.rateGuard([
        { name: 'verify-ip', max: limits.verifyPerIp, key: byIp },
        { name: 'verify-address', max: limits.verifyPerAddress, key: (req) => lower((req.query as { email?: string }).email) },
      ]),
    },
    async (request) => {
      await accounts.verifyEmail(request, request.query.code, request.query.email);
      return ok('EMAIL_VERIFIED');
    },
  );
};
