import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  DEFAULT_ERROR_MESSAGES,
  LoginRequestSchema,
  NicknameCheckQuerySchema,
  NicknameUpdateRequestSchema,
  UserIdCheckQuerySchema,
  ProfileUpdateRequestSchema,
  SendEmailQuerySchema,
  SignupRequestSchema,
  toFieldErrors,
  VerifyEmailQuerySchema,
} from '@pawbridge/shared';
import type { ApiModule } from '../index';
import { ApiHttpError, bootError } from '../../lib/errors';
import { requireUser } from '../../lib/auth';
import { SESSION_COOKIE } from './session-user';
import { newSignupSession } from './email-verification';
import { MESSAGES, sessionBody, UsersService } from './users.service';

const text = (reply: FastifyReply, status: number, body: string) => reply.code(status).type('text/plain; charset=utf-8').send(body);

/** Boot's 400 JSON, plus the Korean sentence per field the BFF and tests can rely on. */
function validationFailed(request: FastifyRequest, error: z.ZodError): ApiHttpError {
  const path = request.url.split('?')[0] ?? '';
  return new ApiHttpError(400, {
    ...bootError(400, 'Bad Request', path, DEFAULT_ERROR_MESSAGES.VALIDATION_FAILED),
    fieldErrors: toFieldErrors(error),
  });
}

function parse<T>(schema: z.ZodType<T>, value: unknown, request: FastifyRequest): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw validationFailed(request, parsed.error);
  return parsed.data;
}

/**
 * The legacy front end verifies with `?code=` alone; the address is then the one this browser's
 * signup session asked a code for (see EmailVerification.verify). The BFF always sends the address.
 */
const VerifyQuerySchema = VerifyEmailQuerySchema.extend({ email: VerifyEmailQuerySchema.shape.email.optional() });

/** The browser's signup session (legacy: the HttpSession that asked for the code); only the e-mail step reads it. */
const SIGNUP_COOKIE = 'PAWBRIDGE_SIGNUP';
const SIGNUP_COOKIE_OPTIONS = { path: '/api/users', httpOnly: true, sameSite: 'lax', maxAge: 15 * 60 } as const;
const signupSessionOf = (request: FastifyRequest): string | undefined => {
  const value = request.cookies[SIGNUP_COOKIE];
  return value !== undefined && /^[\w-]{43}$/.test(value) ? value : undefined;
};

// Login accepts anything shaped like credentials; every failure is the same 400 sentence so nothing leaks.
const LoginBodySchema = LoginRequestSchema.extend({ password: LoginRequestSchema.shape.password.max(1024) });

declare module 'fastify' {
  interface FastifyInstance {
    /** The accounts service (tests set its clock); new members are announced as `user.registered` on ctx.events. */
    usersService: UsersService;
  }
}

const COOKIE_OPTIONS = { path: '/', httpOnly: true, sameSite: 'lax' } as const;

/** Accounts: e-mail verification, signup, login/logout, the session probe (legacy `/api/users/*`) and the profile update. */
export const usersModule: ApiModule = async (app, ctx) => {
  const users = new UsersService(ctx, app.log);
  app.decorate('usersService', users);

  app.post('/api/users/send-email', async (request, reply) => {
    const { email } = parse(SendEmailQuerySchema, request.query, request);
    // A fresh session per send: the code is bound to the browser that asked for it, never to an id it was handed.
    const session = newSignupSession();
    let result;
    try {
      result = await users.emails.send(email, session);
    } catch (err) {
      request.log.error({ err }, 'verification mail failed');
      return text(reply, 503, MESSAGES.mailFailed);
    }
    if (result === 'registered') return text(reply, 409, MESSAGES.alreadyMember);
    reply.setCookie(SIGNUP_COOKIE, session, SIGNUP_COOKIE_OPTIONS);
    return text(reply, 200, MESSAGES.emailSent);
  });

  app.post('/api/users/verify-email', async (request, reply) => {
    const { code, email } = parse(VerifyQuerySchema, request.query, request);
    const result = await users.emails.verify(code, email, signupSessionOf(request));
    if (result !== 'verified') return text(reply, 400, MESSAGES.codeInvalid);
    return text(reply, 200, MESSAGES.verified);
  });

  app.post('/api/users/signup', async (request, reply) => {
    // The legacy DTO has an `id`; it is never read, so nobody can overwrite an existing row.
    const input = parse(SignupRequestSchema, request.body ?? {}, request);
    await users.signup(input);
    return text(reply, 200, MESSAGES.signedUp);
  });

  app.post('/api/users/login', async (request, reply) => {
    const parsed = LoginBodySchema.safeParse(request.body ?? {});
    const sessionId = parsed.success ? await users.login(parsed.data.userId, parsed.data.password, request.cookies[SESSION_COOKIE]) : null;
    if (sessionId === null) return text(reply, 400, MESSAGES.badCredentials);
    reply.setCookie(SESSION_COOKIE, sessionId, COOKIE_OPTIONS);
    return text(reply, 200, MESSAGES.loggedIn);
  });

  const logout = async (request: FastifyRequest, reply: FastifyReply) => {
    await users.logout(request.cookies[SESSION_COOKIE]);
    reply.clearCookie(SESSION_COOKIE, COOKIE_OPTIONS);
    return reply.code(200).send({ success: true, message: MESSAGES.loggedOut });
  };
  app.route({ method: ['GET', 'POST', 'PUT', 'DELETE'], url: '/api/users/logout', handler: logout });

  // Not in the legacy (its my page only edited locally): the member's own e-mail, birth and phone; answers the session as check-session would.
  app.put('/api/users/me', async (request, reply) => {
    const user = requireUser(request);
    const input = parse(ProfileUpdateRequestSchema, request.body ?? {}, request);
    const updated = await users.updateProfile(user, input);
    reply.header('Cache-Control', 'no-store');
    return sessionBody(updated);
  });

  // Not in the legacy: the member's nickname (what others see), unique whatever the case or width.
  app.put('/api/users/me/nickname', async (request, reply) => {
    const user = requireUser(request);
    const { nickname } = parse(NicknameUpdateRequestSchema, request.body ?? {}, request);
    const updated = await users.updateNickname(user, nickname);
    reply.header('Cache-Control', 'no-store');
    return sessionBody(updated);
  });

  // Not in the legacy: 아이디·닉네임 중복 확인 before signup (the BFF counts them per address). A signed-in
  // member's own nickname counts as available to them.
  app.get('/api/users/check-user-id', async (request, reply) => {
    const { userId } = parse(UserIdCheckQuerySchema, request.query, request);
    reply.header('Cache-Control', 'no-store');
    return { available: await users.userIdAvailable(userId) };
  });

  app.get('/api/users/check-nickname', async (request, reply) => {
    const { nickname } = parse(NicknameCheckQuerySchema, request.query, request);
    reply.header('Cache-Control', 'no-store');
    return { available: await users.nicknameAvailable(nickname, request.user?.pk) };
  });

  app.get('/api/users/check-session', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return request.user ? sessionBody(request.user) : { loggedIn: false };
  });
};
