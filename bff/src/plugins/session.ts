import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorReasonSchema, type ErrorReason, type Session, type SessionUser } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { accountsUpstream } from '../upstream/accounts.upstream';
import { isOk, UPSTREAM_SESSION_COOKIE } from '../upstream/client';
import { normaliseSession } from '../normalisers/session.normaliser';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call the route: checked on the request's arrival, before the
     * body is read or validated (a visitor hears 401, not "your body is wrong").
     * `why` names what the login is for, as requireUser's second argument.
     */
    access?: { who: 'member' | 'admin'; why?: ErrorReason };
  }
  interface FastifyInstance {
    /** Every route with an access rule, as registered (tests loop over it). */
    accessTable: { method: string; url: string; who: 'member' | 'admin' }[];
  }
  interface FastifyRequest {
    /** The caller's session as the upstream sees it (asked once per request, then cached). */
    session(): Promise<Session>;
  }
}

const cache = new WeakMap<FastifyRequest, Promise<Session>>();

/** Every authorisation decision of the BFF starts here (routes never trust the client). */
export const sessionPlugin = fp(
  async (app) => {
    const accounts = accountsUpstream(app.upstream);
    const table: FastifyInstance['accessTable'] = [];
    app.decorate('accessTable', table);
    // The route's own requireUser/requireAdmin stays (the handler needs the user); the session is asked once per request.
    app.addHook('onRoute', (route) => {
      const access = route.config?.access;
      if (!access) return;
      const guard = async (request: FastifyRequest) => {
        if (access.who === 'admin') await requireAdmin(request, access.why);
        else await requireUser(request, access.why);
      };
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [...existing, guard];
      for (const method of Array.isArray(route.method) ? route.method : [route.method])
        if (method !== 'HEAD') table.push({ method, url: route.url, who: access.who });
    });
    app.decorateRequest('session', function (this: FastifyRequest) {
      let p = cache.get(this);
      if (!p) {
        p = (async () => {
          if (!this.cookies[UPSTREAM_SESSION_COOKIE]) return { loggedIn: false } as const;
          const res = await accounts.checkSession(this);
          if (isOk(res)) return normaliseSession(res.json);
          if (res.loginRedirect || res.status < 500) return { loggedIn: false } as const;
          // A broken upstream is not "logged out": saying so would send users to the login page for nothing.
          throw new BffError(502, 'UPSTREAM_UNAVAILABLE');
        })();
        cache.set(this, p);
      }
      return p;
    });
  },
  { name: 'session', dependencies: ['upstream'] },
);

/** Route options' `config` for member-only and admin-only routes (see FastifyContextConfig.access). */
export const MEMBER_ONLY = { access: { who: 'member' } } as const;
export const ADMIN_ONLY = { access: { who: 'admin' } } as const;
export const memberOnlyFor = (why: ErrorReason) => ({ access: { who: 'member' as const, why } });

/**
 * The caller's session, or 401 UNAUTHENTICATED. `why` names what the login is
 * for: a reason from the shared table (or, until every domain uses reasons, a sentence).
 */
export async function requireUser(request: FastifyRequest, why?: ErrorReason | (string & {})): Promise<SessionUser> {
  const s = await request.session();
  if (!s.loggedIn) {
    const reason = ErrorReasonSchema.safeParse(why);
    throw reason.success ? BffError.because(401, 'UNAUTHENTICATED', reason.data) : new BffError(401, 'UNAUTHENTICATED', why);
  }
  return s;
}

export async function requireAdmin(request: FastifyRequest, why?: ErrorReason): Promise<SessionUser> {
  const s = await requireUser(request, why);
  if (!s.isAdmin) throw BffError.because(403, 'FORBIDDEN', 'ADMIN_ONLY');
  return s;
}

/**
 * Our own session cookie carrying the upstream's session id. Never the
 * upstream's Set-Cookie as is: it has no SameSite and may carry a Domain.
 */
const sessionCookieOptions = (request: FastifyRequest) =>
  ({ path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' }) as const;

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string): void {
  reply.setCookie(UPSTREAM_SESSION_COOKIE, sessionId, sessionCookieOptions(request));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(UPSTREAM_SESSION_COOKIE, sessionCookieOptions(request));
}
