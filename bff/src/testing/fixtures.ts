import net from 'node:net';
import type { TestApi } from '@pawbridge/api/testing';
import type { FakeSpring, FakeUser } from './fake-spring/index';
import { createClient, type TestClient } from './test-bff';

/**
 * Shared fixtures of the BFF suites: unique ids, members logged in at either
 * upstream, an address nobody listens on. One place, so a change to how a
 * member is made (a new users column, a new session store) is one edit.
 */

let seq = 0;

/** An id no other test in this process uses (login ids, e-mail local parts). */
export const uniqueId = (prefix: string): string => `${prefix}${(seq += 1)}${Date.now().toString(36)}`;

export interface Member {
  client: TestClient;
  userId: string;
}

export type Role = 'USER' | 'ADMIN';

/** A member of the fake Spring with a live session, and a browser-like client holding it. */
export function legacyMember(
  spring: FakeSpring,
  bffUrl: string,
  opts: { role?: Role; prefix?: string } & Partial<Omit<FakeUser, 'userId' | 'role'>> = {},
): Member {
  const { role = 'USER', prefix = role === 'ADMIN' ? 'admin' : 'legacy', ...fields } = opts;
  const userId = uniqueId(prefix);
  spring.state.addUser({ name: `회원${seq}`, email: `${userId}@example.com`, ...fields, userId, role });
  const client = createClient(bffUrl);
  client.cookies.set('JSESSIONID', spring.state.createSession(userId));
  return { client, userId };
}

/** A member of our api (a users row and a session) and a browser-like client holding the session. */
export async function apiMember(
  api: TestApi,
  bffUrl: string,
  opts: { role?: Role; prefix?: string; name?: string | null; phoneNm?: string | null; nickname?: string } = {},
): Promise<Member> {
  const { role = 'USER', prefix = role === 'ADMIN' ? 'boss' : 'member' } = opts;
  const userId = uniqueId(prefix);
  const row = await api.ctx.db
    .insertInto('users')
    .values({
      userId,
      name: opts.name ?? null,
      email: `${userId}@example.com`,
      passwordHash: null,
      birth: null,
      phoneNm: opts.phoneNm ?? null,
      role,
      provider: null,
      socialId: null,
      ...(opts.nickname !== undefined ? { nickname: opts.nickname } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const client = createClient(bffUrl);
  client.cookies.set('JSESSIONID', await api.ctx.sessions.create(row.id));
  return { client, userId };
}

/** A URL on which nothing listens (an upstream that is down). */
export async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}
