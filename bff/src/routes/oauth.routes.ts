import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { SOCIAL_LOGIN_FLOW_COOKIE, SOCIAL_PROVIDERS, type SocialProvider } from '@pawbridge/shared';
import { callbackLanding, landingUrl, parseSetCookie, startLanding, type SocialLanding } from '../normalisers/oauth.normaliser';
import { clearSessionCookie, setSessionCookie } from '../plugins/session';
import { UPSTREAM_SESSION_COOKIE } from '../upstream/client';
import { oauthUpstream, type OAuthHop } from '../upstream/oauth.upstream';

const isProvider = (p: string): p is SocialProvider => (SOCIAL_PROVIDERS as readonly string[]).includes(p);

/**
 * Social login (spec §7: a browser redirect, so every outcome is a redirect, never a JSON
 * envelope): both hops go upstream, its cookies are re-issued under the BFF's attributes,
 * and where the browser lands is decided here — the legacy's `http://localhost:3000`
 * becomes the web app's `/?socialLogin=success`, its bare `/login?error` a coded failure.
 */
export const oauthRoutes: FastifyPluginAsync = async (app) => {
  const upstream = oauthUpstream(app);
  const origin = app.config.publicOrigin ?? '';

  function relayCookies(request: FastifyRequest, reply: FastifyReply, hop: OAuthHop) {
    for (const header of hop.setCookies) {
      const c = parseSetCookie(header);
      if (!c) continue;
      if (c.name === UPSTREAM_SESSION_COOKIE) {
        if (c.maxAge === 0) clearSessionCookie(request, reply);
        else setSessionCookie(request, reply, c.value);
      } else if (c.name === SOCIAL_LOGIN_FLOW_COOKIE) {
        const options = { path: '/login/oauth2/code', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' } as const;
        if (c.maxAge === 0) reply.clearCookie(c.name, options);
        else reply.setCookie(c.name, c.value, { ...options, maxAge: c.maxAge });
      }
    }
  }

  const land = (reply: FastifyReply, landing: SocialLanding) =>
    reply.header('Cache-Control', 'no-store').redirect(landingUrl(landing, origin), 302);

  async function forward(
    request: FastifyRequest,
    reply: FastifyReply,
    run: () => Promise<OAuthHop>,
    decide: (hop: OAuthHop) => SocialLanding,
  ) {
    let hop: OAuthHop;
    try {
      hop = await run();
    } catch (err) {
      request.log.warn({ err }, 'social login: upstream unreachable');
      return land(reply, { outcome: 'failure', code: 'SOCIAL_LOGIN_FAILED' });
    }
    relayCookies(request, reply, hop);
    const landing = decide(hop);
    if (landing.outcome === 'failure') request.log.info({ code: landing.code, upstreamStatus: hop.status }, 'social login failed');
    return land(reply, landing);
  }

  app.get<{ Params: { provider: string } }>('/oauth2/authorization/:provider', { schema: { hide: true } }, async (request, reply) => {
    const { provider } = request.params;
    if (!isProvider(provider) || !(await app.gateways.capabilities.socialProviders()).includes(provider)) {
      return land(reply, { outcome: 'failure', code: 'SOCIAL_LOGIN_UNSUPPORTED' });
    }
    return forward(
      request,
      reply,
      () => upstream.start(request, provider),
      (hop) => startLanding(hop.status, hop.location),
    );
  });

  app.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
    '/login/oauth2/code/:provider',
    { schema: { hide: true } },
    async (request, reply) => {
      const { provider } = request.params;
      if (!isProvider(provider)) return land(reply, { outcome: 'failure', code: 'SOCIAL_LOGIN_UNSUPPORTED' });
      // The provider's answer as it came (code, state, error, ...); only single text values.
      const query = Object.fromEntries(
        Object.entries(request.query ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].length <= 2048),
      );
      return forward(
        request,
        reply,
        () => upstream.callback(request, provider, query),
        (hop) => callbackLanding(hop.status, hop.location),
      );
    },
  );
};
