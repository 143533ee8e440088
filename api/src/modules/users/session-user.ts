import type { ApiContext, SessionUserRow } from '../../context';
import { UsersRepository } from './users.repository';

/** Same cookie name as the Spring service, so the BFF forwards one cookie either way. */
export const SESSION_COOKIE = 'JSESSIONID';

/** The member behind a session id (the request hook, STOMP CONNECT), or null. Part of the users module's public service. */
export async function loadSessionUser(ctx: ApiContext, sessionId: string): Promise<SessionUserRow | null> {
  const userPk = await ctx.sessions.get(sessionId);
  if (userPk === null) return null;
  const row = await new UsersRepository(ctx.db).findSessionUser(userPk);
  if (!row) return null;
  const { id, birth, loginCount, ...rest } = row;
  return { pk: id, ...rest, birth: isoDay(birth), firstLogin: loginCount <= 1 };
}

/** Counts a login; the session calls it a first login while the count is one. */
export async function recordLogin(ctx: ApiContext, userPk: number): Promise<void> {
  await new UsersRepository(ctx.db).incrementLoginCount(userPk);
}

/**
 * DATE as 'yyyy-MM-dd' whatever the driver hands back: in-memory PGlite ignores
 * the DATE parser given to its constructor and returns a Date at UTC midnight.
 */
export function isoDay(value: string | Date | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString().slice(0, 10) : value;
}
