import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Session, SessionUser } from '@pawbridge/shared';
import { BffError } from '../errors/bff-error';
import { accountsUpstream } from '../upstream/accounts.upstream';
import { isOk } from '../upstream/client';
import { normaliseSession } from '../normalisers/session.normaliser';

declare module 'fastify' {
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
    app.decorateRequest('session', function (this: FastifyRequest) {
      let p = cache.get(this);
      if (!p) {
        p = (async () => {
          if (!this.cookies.JSESSIONID) return { loggedIn: false } as const;
          const res = await accounts.checkSession(this);
          if (!isOk(res)) return { loggedIn: false } as const;
          return normaliseSession(res.json);
        })();
        cache.set(this, p);
      }
      return p;
    });
  },
  { name: 'session', dependencies: ['upstream'] },
);

export async function requireUser(request: FastifyRequest, message?: string): Promise<SessionUser> {
  const s = await request.session();
  if (!s.loggedIn) throw new BffError(401, 'UNAUTHENTICATED', message);
  return s;
}

export async function requireAdmin(request: FastifyRequest): Promise<SessionUser> {
  const s = await requireUser(request);
  if (!s.isAdmin) throw new BffError(403, 'FORBIDDEN', '관리자만 접근할 수 있습니다.');
  return s;
}
