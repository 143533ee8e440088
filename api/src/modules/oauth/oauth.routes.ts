import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { SOCIAL_LOGIN_FLOW_COOKIE, SOCIAL_LOGIN_SUCCESS_PATH, SOCIAL_PROVIDERS, type SocialLoginErrorCode, type SocialProvider } from '@pawbridge/shared';
import type { ApiModule } from '../index';
import { domainEvent } from '../../events/index';
import { createOAuthProviders, OAuthProviderError, type OAuthProvider, type PendingFlow } from '../../integrations/oauth/providers';
import { recordLogin, SESSION_COOKIE } from '../users/session-user';
import { OAuthRepository } from './oauth.repository';
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
  const providers = createOAuthProviders(ctx.config.oauth, origin);
  const service = new OAuthService(new OAuthRepository(ctx.db));
  const secure = origin.startsWith('https:');
  const flowCookie = { path: CALLBACK_PATH, httpOnly: true, sameSite: 'lax', secure } as const;

  const provider = (name: string): OAuthProvider | undefined => providers.get(name as SocialProvider);
  const fail = (reply: FastifyReply, code: SocialLoginErrorCode) => reply.redirect(`${origin}/login?error=${code}`, 302);

  // Not in the legacy: tells the BFF which buttons the web may show.
  app.get('/api/oauth2/providers', async () => ({ providers: SOCIAL_PROVIDERS.filter((p) => providers.has(p)) }));

  app.get<{ Params: { provider: string } }>('/oauth2/authorization/:provider', async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const p = provider(request.params.provider);
    if (!p) return fail(reply, 'SOCIAL_LOGIN_UNSUPPORTED');
    const { url, flow } = p.start();
    reply.setCookie(SOCIAL_LOGIN_FLOW_COOKIE, encodeFlow(p.name, flow), { ...flowCookie, maxAge: FLOW_MAX_AGE_SECONDS });
    return reply.redirect(url.toString(), 302);
  });

  app.get<{ Params: { provider: string } }>(`${CALLBACK_PATH}/:provider`, async (request: FastifyRequest<{ Params: { provider: string } }>, reply) => {
    reply.header('Cache-Control', 'no-store');
    const flow = decodeFlow(request.cookies[SOCIAL_LOGIN_FLOW_COOKIE]);
    // One use only, whatever happens next.
    reply.clearCookie(SOCIAL_LOGIN_FLOW_COOKIE, flowCookie);
    const p = provider(request.params.provider);
    if (!p) return fail(reply, 'SOCIAL_LOGIN_UNSUPPORTED');
    const query = CallbackQuerySchema.safeParse(request.query);
    // The state first: a forged callback must not even choose which error the person sees.
    if (!query.success || !flow || flow.p !== p.name || !query.data.state || !sameText(query.data.state, flow.s)) {
      return fail(reply, 'SOCIAL_LOGIN_STATE_MISMATCH');
    }
    const { code, error } = query.data;
    if (error) return fail(reply, error === 'access_denied' ? 'SOCIAL_LOGIN_DENIED' : 'SOCIAL_LOGIN_PROVIDER_ERROR');
    if (!code) return fail(reply, 'SOCIAL_LOGIN_PROVIDER_ERROR');

    let profile;
    try {
      profile = await p.profile(code, { state: flow.s, codeVerifier: flow.v });
    } catch (err) {
      if (!(err instanceof OAuthProviderError)) throw err;
      request.log.warn({ err, provider: p.name }, 'social login failed at the provider');
      return fail(reply, 'SOCIAL_LOGIN_PROVIDER_ERROR');
    }
    const result = await service.signIn(p.name, profile);
    if (!result.ok) return fail(reply, result.code);

    // A fresh id, so a session id planted before the login is worthless afterwards.
    const previous = request.cookies[SESSION_COOKIE];
    if (previous) await ctx.sessions.destroy(previous);
    const sessionId = await ctx.sessions.create(result.userPk);
    await recordLogin(ctx, result.userPk);
    reply.setCookie(SESSION_COOKIE, sessionId, { path: '/', httpOnly: true, sameSite: 'lax' });
    // Same announcement as a signup (the dashboard's `user_registered`); a failing subscriber is only logged by the bus.
    if (result.created) await ctx.events.publish(domainEvent('user.registered', { userPk: result.userPk, userId: result.created.userId }));
    return reply.redirect(`${origin}${SOCIAL_LOGIN_SUCCESS_PATH}`, 302);
  });
};
