import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Shared pieces of the fake Spring service: its state and the legacy wire helpers. */

export interface FakeUser {
  userId: string;
  password: string | null;
  name: string | null;
  email: string | null;
  birth: string | null;
  phoneNm: string | null;
  role: 'USER' | 'ADMIN';
}

export interface FakeSession {
  /** Spring's Principal name; null while the session is anonymous. */
  principal: string | null;
  /**
   * A social login's session: the `user` attribute only, no `loginUser`
   * snapshot (legacy-contract §2.3, §4.4), so report approval answers 401.
   */
  social?: true;
}

export interface LoggedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

export type FakeHandler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/** What every fake Spring has; domains add their own fields to FakeSpringState. */
export interface CoreState {
  users: FakeUser[];
  sessions: Map<string, FakeSession>;
  requests: LoggedRequest[];
  /** Added to every answer (a slow upstream). */
  delayMs: number;
  overrides: Map<string, FakeHandler>;
  /** Replace one route's answer: key `'<METHOD> <path>'`, e.g. `'POST /api/users/login'`. */
  override(key: string, handler: FakeHandler): void;
  addUser(user: Partial<FakeUser> & { userId: string }): FakeUser;
  /** A logged-in session for `principal` as the JSON login leaves it; returns the session id. */
  createSession(principal: string | null): string;
  /** A session as a social login leaves it (no `loginUser` snapshot); returns the session id. */
  createSocialSession(principal: string): string;
  /** Logged calls to one path (any method). */
  calls(path: string): LoggedRequest[];
}

/** The whole state: CoreState plus every domain's fields (declared by interface merging). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FakeSpringState extends CoreState {}

export type FakeDomain = (app: FastifyInstance, state: FakeSpringState) => void;

/** Tomcat-style session ids: 32 upper-case hex characters. */
export const newSpringSessionId = (): string => crypto.randomBytes(16).toString('hex').toUpperCase();

/** The Set-Cookie Tomcat writes: HttpOnly, Path=/, no SameSite, Secure only over https. */
export function setSpringSession(reply: FastifyReply, id: string): void {
  reply.header('set-cookie', `JSESSIONID=${id}; Path=/; HttpOnly`);
}

/** The caller's session (cookie → live session), or null. */
export function sessionOf(request: FastifyRequest, state: FakeSpringState): { id: string; session: FakeSession } | null {
  const id = request.cookies.JSESSIONID;
  const session = id ? state.sessions.get(id) : undefined;
  return id && session ? { id, session } : null;
}

/** The authenticated principal name, or null (anonymous). */
export function currentUser(request: FastifyRequest, state: FakeSpringState): string | null {
  return sessionOf(request, state)?.session.principal ?? null;
}

/**
 * A Java `String` return value: Spring's StringHttpMessageConverter labels it
 * application/json when the client prefers JSON, but the body is raw text.
 */
export function springText(request: FastifyRequest, reply: FastifyReply, status: number, text: string): FastifyReply {
  const accept = String(request.headers.accept ?? '');
  return reply
    .code(status)
    .header('content-type', accept.includes('application/json') ? 'application/json' : 'text/plain;charset=UTF-8')
    .send(Buffer.from(text, 'utf8'));
}

/**
 * An exception that escaped a controller: forwarded to /error, which needs
 * authentication — anonymous callers get 302 → /login (the real status is
 * lost), authenticated ones Boot's default error JSON.
 */
export function springError(request: FastifyRequest, reply: FastifyReply, state: FakeSpringState, status: number): FastifyReply {
  if (!currentUser(request, state)) return reply.code(302).header('location', `http://${request.host}/login`).send();
  const reason: Record<number, string> = { 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 500: 'Internal Server Error' };
  return reply.code(status).send({
    timestamp: new Date().toISOString().replace('Z', '+00:00'),
    status,
    error: reason[status] ?? 'Error',
    path: request.url.split('?')[0],
  });
}
