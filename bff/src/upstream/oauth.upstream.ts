import http from 'node:http';
import https from 'node:https';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SOCIAL_LOGIN_FLOW_COOKIE, SOCIAL_PROVIDERS, SocialProvidersAnswerSchema, type SocialProvider } from '@pawbridge/shared';
import { isForwardableSessionId, UPSTREAM_SESSION_COOKIE } from './client';

/** The upstream's answer to one step of the browser's social-login round trip. */
export interface OAuthHop {
  status: number;
  location: string | null;
  setCookies: string[];
}

/** The cookies a social-login hop needs upstream: the session (Spring keeps the flow there) and our api's flow cookie. */
const FORWARDED_COOKIES = [UPSTREAM_SESSION_COOKIE, SOCIAL_LOGIN_FLOW_COOKIE];

/**
 * Social login's two browser hops (`/oauth2/authorization/{p}`, `/login/oauth2/code/{p}`)
 * forwarded upstream with the public Host: Spring builds its redirect URI from the Host
 * header and honours no X-Forwarded-*, and fetch cannot set Host, hence node:http here.
 */
export function oauthUpstream(app: FastifyInstance) {
  const base = new URL(app.config.upstreamUrl);
  const agent = base.protocol === 'https:' ? https : http;

  function hop(request: FastifyRequest, path: string, query: Record<string, string>): Promise<OAuthHop> {
    const url = new URL(base.pathname.replace(/\/$/, '') + path, base);
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    const cookies = FORWARDED_COOKIES.map((name) => [name, request.cookies[name]] as const)
      .filter((pair): pair is readonly [string, string] => typeof pair[1] === 'string' && isForwardableSessionId(pair[1]))
      .map(([name, value]) => `${name}=${value}`);
    const publicHost = app.config.publicOrigin ? new URL(app.config.publicOrigin).host : request.host;
    const headers: Record<string, string> = {
      host: publicHost,
      accept: 'text/html,application/json;q=0.9,*/*;q=0.8',
      'x-request-id': String(request.id),
    };
    if (cookies.length > 0) headers.cookie = cookies.join('; ');
    return new Promise((resolve, reject) => {
      const req = agent.request(url, { method: 'GET', headers, timeout: app.config.upstreamTimeoutMs }, (res) => {
        res.resume();
        const raw = res.headers['set-cookie'];
        resolve({ status: res.statusCode ?? 502, location: res.headers.location ?? null, setCookies: raw ?? [] });
      });
      req.on('timeout', () => req.destroy(new Error('upstream timeout')));
      req.on('error', reject);
      req.end();
    });
  }

  let announced: { providers: SocialProvider[]; at: number } | null = null;

  return {
    start: (request: FastifyRequest, provider: SocialProvider) => hop(request, `/oauth2/authorization/${provider}`, {}),
    callback: (request: FastifyRequest, provider: SocialProvider, query: Record<string, string>) =>
      hop(request, `/login/oauth2/code/${provider}`, query),

    /**
     * Which providers the web may offer: the operator's SOCIAL_PROVIDERS when set; otherwise
     * what our api announces (asked at most once a minute; none while it cannot be asked),
     * and none in front of the legacy, which announces nothing.
     */
    async configuredProviders(): Promise<SocialProvider[]> {
      const c = app.config;
      if (c.socialProviders !== undefined) return SOCIAL_PROVIDERS.filter((p) => c.socialProviders?.includes(p));
      if (c.upstreamKind === 'legacy') return [];
      if (announced && Date.now() - announced.at < 60_000) return announced.providers;
      try {
        const res = await app.upstream.request('GET', '/api/oauth2/providers');
        const parsed = res.status === 200 ? SocialProvidersAnswerSchema.safeParse(res.json) : null;
        announced = { providers: parsed?.success ? parsed.data.providers : [], at: Date.now() };
        return announced.providers;
      } catch {
        return [];
      }
    },
  };
}

export type OAuthUpstream = ReturnType<typeof oauthUpstream>;
