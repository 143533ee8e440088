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
  const { id, ...rest } = row;
  return { pk: id, ...rest };
}
