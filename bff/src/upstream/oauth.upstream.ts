import http from 'node:http';
import https from 'node:https';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SOCIAL_LOGIN_FLOW_COOKIE, type SocialProvider } from '@pawbridge/shared';
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

  return {
    start: (request: FastifyRequest, provider: SocialProvider) => hop(request, `/oauth2/authorization/${provider}`, {}),
    callback: (request: FastifyRequest, provider: SocialProvider, query: Record<string, string>) =>
      hop(request, `/login/oauth2/code/${provider}`, query),
  };
}

export type OAuthUpstream = ReturnType<typeof oauthUpstream>;
