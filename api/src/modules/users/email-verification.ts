import crypto from 'node:crypto';
import { sql } from 'kysely';
import { LIMITS } from '@pawbridge/shared';
import type { ApiContext } from '../../context';
import type { Db } from '../../db/index';
import { verificationMail } from './verification-mail';

export const CODE_TTL_MS = LIMITS.verificationCountdownSeconds * 1000;
export const VERIFIED_TTL_MS = LIMITS.verifiedEmailValidSeconds * 1000;
export const MAX_CODE_ATTEMPTS = 5;

/** Codes and verified flags are keyed by the address regardless of case, like the users' unique index. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

// Only a digest is stored; a code lives two minutes and gets five tries, so no per-address salt is needed.
const digest = (code: string): string => crypto.createHash('sha256').update(`pawbridge:email-code:${code}`).digest('hex');

const sameDigest = (a: string, b: string): boolean => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

const newCode = (): string => String(crypto.randomInt(0, 10 ** LIMITS.verificationCodeLength)).padStart(LIMITS.verificationCodeLength, '0');

export type SendResult = 'sent' | 'registered' | 'mail-failed';
export type VerifyResult = 'verified' | 'invalid';

export class EmailVerification {
  constructor(
    private readonly ctx: ApiContext,
    private readonly now: () => Date,
  ) {}

  private later(ms: number): Date {
    return new Date(this.now().getTime() + ms);
  }

  async isRegistered(email: string): Promise<boolean> {
    const row = await this.ctx.db
      .selectFrom('users')
      .select('id')
      .where(sql<string>`lower(email)`, '=', emailKey(email))
      .executeTakeFirst();
    return row !== undefined;
  }

  /** One live code per address: a new send replaces the previous code and clears an earlier verification. */
  async send(email: string): Promise<SendResult> {
    const key = emailKey(email);
    if (await this.isRegistered(key)) return 'registered';
    const now = this.now();
    await this.ctx.db.deleteFrom('emailCodes').where('expiresAt', '<=', now).execute();
    await this.ctx.db.deleteFrom('verifiedEmails').where('expiresAt', '<=', now).execute();

    const code = newCode();

    await this.ctx.db
      .insertInto('emailCodes')
      .values({ email: key, codeHash: digest(code), expiresAt: this.later(CODE_TTL_MS), attempts: 0 })
      .onConflict((oc) => oc.column('email').doUpdateSet({ codeHash: digest(code), expiresAt: this.later(CODE_TTL_MS), attempts: 0 }))
      .execute();
    await this.ctx.db.deleteFrom('verifiedEmails').where('email', '=', key).execute();

    try {
      await this.ctx.mail.send(verificationMail(email.trim(), code));
    } catch (err) {
      // A code nobody received must not stay usable.
      await this.ctx.db.deleteFrom('emailCodes').where('email', '=', key).where('codeHash', '=', digest(code)).execute();
      throw err;
    }
    return 'sent';
  }

  /**
   * The code is checked against that address's code only, and every wrong try
   * counts; the fifth wrong try throws the code away. (The legacy client's
   * code-only check is refused by the schema: a guess there counted nowhere.)
   */
  async verify(code: string, email: string): Promise<VerifyResult> {
    const now = this.now();
    const given = digest(code);
    const key = emailKey(email);
    return this.ctx.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('emailCodes').selectAll().where('email', '=', key).forUpdate().executeTakeFirst();
      if (!row) return 'invalid';
      if (row.expiresAt.getTime() <= now.getTime()) {
        await trx.deleteFrom('emailCodes').where('email', '=', key).execute();
        return 'invalid';
      }
      if (!sameDigest(row.codeHash, given)) {
        if (row.attempts + 1 >= MAX_CODE_ATTEMPTS) await trx.deleteFrom('emailCodes').where('email', '=', key).execute();
        else await trx.updateTable('emailCodes').set({ attempts: row.attempts + 1 }).where('email', '=', key).execute();
        return 'invalid';
      }
      await trx.deleteFrom('emailCodes').where('email', '=', key).execute();
      await trx
        .insertInto('verifiedEmails')
        .values({ email: key, expiresAt: new Date(now.getTime() + VERIFIED_TTL_MS) })
        .onConflict((oc) => oc.column('email').doUpdateSet({ expiresAt: new Date(now.getTime() + VERIFIED_TTL_MS) }))
        .execute();
      return 'verified';
    });
  }

  /** Inside the signup transaction: a live verification for the address, consumed on use. */
  async consumeVerified(trx: Db, email: string): Promise<boolean> {
    const deleted = await trx
      .deleteFrom('verifiedEmails')
      .where('email', '=', emailKey(email))
      .where('expiresAt', '>', this.now())
      .returning('email')
      .executeTakeFirst();
    return deleted !== undefined;
  }
}
