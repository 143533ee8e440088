import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  SOCIAL_LOGIN_FLOW_COOKIE,
  SOCIAL_LOGIN_SUCCESS_PATH,
  SOCIAL_PROVIDERS,
  type SocialLoginErrorCode,
  type SocialProvider,
} from '@pawbridge/shared';
import type { ApiModule } from '../index';
import type { PendingFlow } from '../../integrations/oauth/providers';
import { SESSION_COOKIE } from '../users/session-user';
import { OAuthService } from './oauth.service';

/** Long enough to type a password at the provider, short enough that a leaked cookie is soon useless. */
const FLOW_MAX_AGE_SECONDS = 600;
const CALLBACK_PATH = '/login/oauth2/code';

const FlowSchema = z.object({ p: z.enum(SOCIAL_PROVIDERS), s: z.string().min(1), v: z.string().nullable() });

const CallbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

function encodeFlow(provider: SocialProvider, flow: PendingFlow): string {
  return Buffer.from(JSON.stringify({ p: provider, s: flow.state, v: flow.codeVerifier })).toString('base64url');
}

function decodeFlow(raw: string | undefined): z.infer<typeof FlowSchema> | null {
  if (!raw) return null;
  try {
    const parsed = FlowSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

/**
 * Social login (legacy §4.4 paths): `/oauth2/authorization/{provider}` starts the
 * provider's code flow, `/login/oauth2/code/{provider}` finishes it with a fresh
 * session. Every outcome is a redirect to the web app at PUBLIC_ORIGIN.
 */
export const oauthModule: ApiModule = async (app, ctx) => {
  const origin = ctx.config.publicOrigin;
  const service = new OAuthService(ctx, app.log);
  const secure = origin.startsWith('https:');
  const flowCookie = { path: CALLBACK_PATH, httpOnly: true, sameSite: 'lax', secure } as const;

  const fail = (reply: FastifyReply, code: SocialLoginErrorCode) => reply.redirect(`${origin}/login?error=${code}`, 302);

  // Not in the legacy: tells the BFF which buttons the web may show.
  app.get('/api/oauth2/providers', async () => ({ providers: service.configured() }));

  app.get<{ Params: { provider: string } }>('/oauth2/authorization/:provider', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const name = request.params.provider;
    const started = service.isConfigured(name) ? service.start(name) : null;
    if (!started) return fail(reply, 'SOCIAL_LOGIN_UNSUPPORTED');
    reply.setCookie(SOCIAL_LOGIN_FLOW_COOKIE, encodeFlow(name as SocialProvider, started.flow), {
      ...flowCookie,
      maxAge: FLOW_MAX_AGE_SECONDS,
    });
    return reply.redirect(started.url.toString(), 302);
  });

  app.get<{ Params: { provider: string } }>(
    `${CALLBACK_PATH}/:provider`,
    async (request: FastifyRequest<{ Params: { provider: string } }>, reply) => {
      reply.header('Cache-Control', 'no-store');
      const flow = decodeFlow(request.cookies[SOCIAL_LOGIN_FLOW_COOKIE]);
      // One use only, whatever happens next.
      reply.clearCookie(SOCIAL_LOGIN_FLOW_COOKIE, flowCookie);
      const name = request.params.provider;
      if (!service.isConfigured(name)) return fail(reply, 'SOCIAL_LOGIN_UNSUPPORTED');
      const query = CallbackQuerySchema.safeParse(request.query);
      // The state first: a forged callback must not even choose which error the person sees.
      if (!query.success || !flow || flow.p !== name || !query.data.state || !sameText(query.data.state, flow.s)) {
        return fail(reply, 'SOCIAL_LOGIN_STATE_MISMATCH');
      }
      const { code, error } = query.data;
      if (error) return fail(reply, error === 'access_denied' ? 'SOCIAL_LOGIN_DENIED' : 'SOCIAL_LOGIN_PROVIDER_ERROR');
      if (!code) return fail(reply, 'SOCIAL_LOGIN_PROVIDER_ERROR');
      const result = await service.finish(name, code, { state: flow.s, codeVerifier: flow.v }, request.cookies[SESSION_COOKIE]);
      if (!result.ok) return fail(reply, result.code);
      reply.setCookie(SESSION_COOKIE, result.sessionId, { path: '/', httpOnly: true, sameSite: 'lax' });
      return reply.redirect(`${origin}${SOCIAL_LOGIN_SUCCESS_PATH}`, 302);
    },
  );
};
