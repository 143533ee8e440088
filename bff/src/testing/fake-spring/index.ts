/**
 * A fake of the legacy Spring service for BFF tests: a real Fastify server on
 * port 0 that reproduces the legacy *wire* behaviour of legacy-contract.md
 * (plain text labelled application/json, 302 → /login for anonymous errors,
 * Boot's error JSON for authenticated ones, JSESSIONID without SameSite, no
 * session rotation, ...). Our own api is correct; this fake is deliberately not.
 *
 * Adding a domain (pets, strays, ...):
 *   1. create `fake-spring/<domain>.ts` exporting
 *        `export const <domain>Fake: FakeDomain = (app, state) => { app.get(...) }`
 *      and use the helpers of wire.ts (`springText`, `springError`, `currentUser`).
 *   2. keep the domain's data in `state`: declare your fields by augmenting the
 *      interface from your file and initialise them in your FakeDomain:
 *        declare module './wire' { interface FakeSpringState { pets: FakePet[] } }
 *        export const petsFake: FakeDomain = (app, state) => { state.pets = []; ... }
 *   3. add `<domain>Fake` to DOMAINS below (one line).
 * Tests reach everything through `startFakeSpring()` → {url, state, app, close}:
 * `state.requests` logs every call (to prove the BFF forwarded nothing), and
 * `state.override('POST /api/x', handler)` / `state.delayMs` script failures.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { newSpringSessionId, springError, type CoreState, type FakeDomain, type FakeSpringState, type FakeUser } from './wire';
import { accountsFake } from './accounts';
import { petsFake } from './pets';
import { straysFake } from './strays';
import { realtimeFake } from './realtime';
import { donationsFake } from './donations';
import { communityFake } from './community';

export * from './wire';

const DOMAINS: FakeDomain[] = [accountsFake, petsFake, straysFake, realtimeFake, communityFake, donationsFake];

export interface FakeSpring {
  url: string;
  state: FakeSpringState;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** URLs of the fakes running in this process: startTestBff puts a BFF in front of one in legacy mode. */
const runningFakes = new Set<string>();
export const isFakeSpringUrl = (url: string): boolean => runningFakes.has(url.replace(/\/$/, ''));

export async function startFakeSpring(): Promise<FakeSpring> {
  const app = Fastify({ logger: false });
  await app.register(cookie);
  // Spring answers JSON/text bodies whatever their label; keep raw text for non-JSON posts.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const core: CoreState = {
    users: [],
    sessions: new Map(),
    requests: [],
    delayMs: 0,
    overrides: new Map(),
    override(key, handler) {
      this.overrides.set(key, handler);
    },
    addUser(user) {
      const full: FakeUser = { password: null, name: null, email: null, birth: null, phoneNm: null, role: 'USER', ...user };
      this.users.push(full);
      return full;
    },
    createSession(principal) {
      const id = newSpringSessionId();
      this.sessions.set(id, { principal });
      return id;
    },
    createSocialSession(principal) {
      const id = newSpringSessionId();
      this.sessions.set(id, { principal, social: true });
      return id;
    },
    calls(path) {
      return this.requests.filter((r) => r.path === path);
    },
  };
  // Each domain fills in its own fields of the state when it registers (below).
  const state = core as FakeSpringState;

  app.addHook('preHandler', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    state.requests.push({
      method: request.method,
      path,
      query: { ...(request.query as Record<string, string>) },
      headers: { ...request.headers },
      body: request.body,
    });
    if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs));
    const override = state.overrides.get(`${request.method} ${path}`);
    if (override) {
      await override(request, reply);
      return reply;
    }
  });
  // Unknown routes behave as Spring's: anonymous → 302 /login, else Boot 404.
  app.setNotFoundHandler((request, reply) => springError(request, reply, state, 404));

  for (const domain of DOMAINS) domain(app, state);

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;
  runningFakes.add(url);
  return {
    url,
    state,
    app,
    close: async () => {
      runningFakes.delete(url);
      await app.close();
    },
  };
}
