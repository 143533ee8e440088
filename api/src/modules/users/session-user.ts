import type { ApiContext, SessionUserRow } from '../../context';

/** Same cookie name as the Spring service, so the BFF forwards one cookie either way. */
export const SESSION_COOKIE = 'JSESSIONID';

export async function loadSessionUser(ctx: ApiContext, sessionId: string): Promise<SessionUserRow | null> {
  const userPk = await ctx.sessions.get(sessionId);
  if (userPk === null) return null;
  const row = await ctx.db
    .selectFrom('users')
    .select(['id', 'userId', 'name', 'email', 'role', 'provider', 'socialId', 'birth', 'phoneNm'])
    .where('id', '=', userPk)
    .executeTakeFirst();
  if (!row) return null;
  const { id, birth, ...rest } = row;
  return { pk: id, ...rest, birth: isoDay(birth) };
}

/**
 * DATE as 'yyyy-MM-dd' whatever the driver hands back: in-memory PGlite ignores
 * the DATE parser given to its constructor and returns a Date at UTC midnight.
 */
export function isoDay(value: string | Date | null): string | null {
  if (value === null) return null;
  return value instanceof Date ? value.toISOString().slice(0, 10) : value;
}
