import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/index';
import type { EmailCodesTable, UsersTable } from './users.tables';

export type EmailCodeRow = Selectable<EmailCodesTable>;

/** Members, e-mail codes and verified addresses (Kysely only). Ids and addresses match regardless of case, like the unique indexes. */
export class UsersRepository {
  constructor(private readonly db: Db) {}

  /** Runs `fn` in one transaction with a repository bound to it. */
  transaction<T>(fn: (repo: UsersRepository) => Promise<T>): Promise<T> {
    return this.db.transaction().execute((trx) => fn(new UsersRepository(trx)));
  }

  async userIdTaken(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(user_id)`, '=', userId.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether a member other than `exceptPk` holds the nickname (compared by `nicknameKey`, as the unique index). */
  async nicknameTaken(key: string, exceptPk?: number): Promise<boolean> {
    let q = this.db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(nickname)`, '=', key);
    if (exceptPk !== undefined) q = q.where('id', '!=', exceptPk);
    return (await q.executeTakeFirst()) !== undefined;
  }

  async updateNickname(pk: number, nickname: string): Promise<void> {
    await this.db.updateTable('users').set({ nickname }).where('id', '=', pk).execute();
  }

  /** `emailKey` is the lower-cased address. */
  async emailRegistered(emailKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', emailKey)
      .executeTakeFirst();
    return row !== undefined;
  }

  findCredentials(userId: string): Promise<{ id: number; passwordHash: string | null } | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'passwordHash'])
      .where(sql<string>`lower(user_id)`, '=', userId.toLowerCase())
      .executeTakeFirst();
  }

  async insertUser(values: Insertable<UsersTable>): Promise<number> {
    const row = await this.db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /** What a session needs to know about its member. */
  findSessionUser(pk: number) {
    return this.db
      .selectFrom('users')
      .select(['id', 'userId', 'name', 'nickname', 'email', 'role', 'provider', 'socialId', 'birth', 'phoneNm', 'loginCount'])
      .where('id', '=', pk)
      .executeTakeFirst();
  }

  /** Whether another account than `pk` holds the address (`emailKey` lower-cased). */
  async emailHeldByOther(emailKey: string, pk: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', emailKey)
      .where('id', '!=', pk)
      .executeTakeFirst();
    return row !== undefined;
  }

  async updateProfile(pk: number, values: { email: string; birth: string; phoneNm: string }): Promise<void> {
    await this.db.updateTable('users').set(values).where('id', '=', pk).execute();
  }

  async incrementLoginCount(pk: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set((eb) => ({ loginCount: eb('loginCount', '+', 1) }))
      .where('id', '=', pk)
      .execute();
  }

  // ── e-mail verification ──

  async deleteExpired(now: Date): Promise<void> {
    await this.db.deleteFrom('emailCodes').where('expiresAt', '<=', now).execute();
    await this.db.deleteFrom('verifiedEmails').where('expiresAt', '<=', now).execute();
  }

  /** One live code per address: replaces any earlier code, its tries and the session it was bound to. */
  async putCode(email: string, codeHash: string, expiresAt: Date, requester: string | null = null): Promise<void> {
    await this.db
      .insertInto('emailCodes')
      .values({ email, codeHash, expiresAt, attempts: 0, requester })
      .onConflict((oc) => oc.column('email').doUpdateSet({ codeHash, expiresAt, attempts: 0, requester }))
      .execute();
  }

  /** The address whose live code the session (`requester`) asked for last, if any. */
  async emailOfRequester(requester: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('emailCodes')
      .select('email')
      .where('requester', '=', requester)
      .orderBy('expiresAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.email;
  }

  /** The address's code, locked for the rest of the transaction. */
  lockCode(email: string): Promise<EmailCodeRow | undefined> {
    return this.db.selectFrom('emailCodes').selectAll().where('email', '=', email).forUpdate().executeTakeFirst();
  }

  /** Deletes the address's code (only the one with `codeHash` when given). */
  async deleteCode(email: string, codeHash?: string): Promise<void> {
    let q = this.db.deleteFrom('emailCodes').where('email', '=', email);
    if (codeHash !== undefined) q = q.where('codeHash', '=', codeHash);
    await q.execute();
  }

  async setCodeAttempts(email: string, attempts: number): Promise<void> {
    await this.db.updateTable('emailCodes').set({ attempts }).where('email', '=', email).execute();
  }

  async putVerified(email: string, expiresAt: Date): Promise<void> {
    await this.db
      .insertInto('verifiedEmails')
      .values({ email, expiresAt })
      .onConflict((oc) => oc.column('email').doUpdateSet({ expiresAt }))
      .execute();
  }

  async deleteVerified(email: string): Promise<void> {
    await this.db.deleteFrom('verifiedEmails').where('email', '=', email).execute();
  }

  /** Spends a live verification of the address; false when there was none. */
  async consumeVerified(email: string, now: Date): Promise<boolean> {
    const deleted = await this.db
      .deleteFrom('verifiedEmails')
      .where('email', '=', email)
      .where('expiresAt', '>', now)
      .returning('email')
      .executeTakeFirst();
    return deleted !== undefined;
  }
}
