import { sql } from 'kysely';
import type { SocialProvider } from '@pawbridge/shared';
import type { Db } from '../../db/index';

/** The users table as social login sees it: by provider + provider id, and by e-mail only to refuse. */
export class OAuthRepository {
  constructor(private readonly db: Db) {}

  async findBySocialId(provider: SocialProvider, socialId: string): Promise<{ pk: number } | null> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('provider', '=', provider)
      .where('socialId', '=', socialId)
      .executeTakeFirst();
    return row ? { pk: row.id } : null;
  }

  async emailInUse(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  async userIdInUse(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(user_id)`, '=', userId.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Keeps the name and (vouched-for, still free) e-mail current; never the role. */
  async refreshProfile(pk: number, name: string | null, email: string | null): Promise<void> {
    const set: { name?: string; email?: string } = {};
    if (name) set.name = name;
    if (email && !(await this.emailInUseByOther(email, pk))) set.email = email;
    if (Object.keys(set).length > 0) await this.db.updateTable('users').set(set).where('id', '=', pk).execute();
  }

  private async emailInUseByOther(email: string, pk: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', email.toLowerCase())
      .where('id', '<>', pk)
      .executeTakeFirst();
    return row !== undefined;
  }

  async create(input: {
    userId: string;
    provider: SocialProvider;
    socialId: string;
    name: string | null;
    email: string | null;
  }): Promise<number> {
    const row = await this.db
      .insertInto('users')
      .values({ ...input, passwordHash: null, birth: null, phoneNm: null, role: 'USER' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }
}
