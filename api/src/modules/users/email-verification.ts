import crypto from 'node:crypto';
import { LIMITS } from '@pawbridge/shared';
import type { Mailer } from '../../integrations/mail';
import type { UsersRepository } from './users.repository';
import { verificationMail } from './verification-mail';

export const CODE_TTL_MS = LIMITS.verificationCountdownSeconds * 1000;
export const VERIFIED_TTL_MS = LIMITS.verifiedEmailValidSeconds * 1000;
export const MAX_CODE_ATTEMPTS = 5;

/** Codes and verified flags are keyed by the address regardless of case, like the users' unique index. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

// Only a digest is stored; a code lives two minutes and gets five tries, so no per-address salt is needed.
const digest = (code: string): string => crypto.createHash('sha256').update(`pawbridge:email-code:${code}`).digest('hex');

/** The stored form of a signup session id (the cookie's value never reaches the database). */
const requesterDigest = (session: string): string =>
  crypto.createHash('sha256').update(`pawbridge:signup-session:${session}`).digest('hex');

/** A new signup session id for the browser that asks for a code (its cookie; see the users routes). */
export const newSignupSession = (): string => crypto.randomBytes(32).toString('base64url');

const sameDigest = (a: string, b: string): boolean => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

const newCode = (): string => String(crypto.randomInt(0, 10 ** LIMITS.verificationCodeLength)).padStart(LIMITS.verificationCodeLength, '0');

export type SendResult = 'sent' | 'registered' | 'mail-failed';
export type VerifyResult = 'verified' | 'invalid';

/** The e-mail step of signup (part of the users service; plain values in, results out). */
export class EmailVerification {
  constructor(
    private readonly repo: UsersRepository,
    private readonly mail: Mailer,
    private readonly now: () => Date,
  ) {}

  private later(ms: number): Date {
    return new Date(this.now().getTime() + ms);
  }

  isRegistered(email: string): Promise<boolean> {
    return this.repo.emailRegistered(emailKey(email));
  }

  /**
   * One live code per address: a new send replaces the previous code and clears an earlier verification.
   * `session` (the signup cookie of the asking browser) binds the code to that browser, so it may later
   * verify with the code alone, as the legacy's session-bound flow does.
   */
  async send(email: string, session?: string): Promise<SendResult> {
    const key = emailKey(email);
    if (await this.isRegistered(key)) return 'registered';
    await this.repo.deleteExpired(this.now());
    const code = newCode();
    await this.repo.putCode(key, digest(code), this.later(CODE_TTL_MS), session === undefined ? null : requesterDigest(session));
    await this.repo.deleteVerified(key);
    try {
      await this.mail.send(verificationMail(email.trim(), code));
    } catch (err) {
      // A code nobody received must not stay usable.
      await this.repo.deleteCode(key, digest(code));
      throw err;
    }
    return 'sent';
  }

  /**
   * The code is checked against one address's code only, and every wrong try
   * counts; the fifth wrong try throws the code away. Without `email` (the legacy
   * front end sends `?code=` alone) the address is the one this browser's signup
   * session asked a code for last; no session, or one that asked for none, is
   * invalid. So a guess always counts against exactly one code.
   */
  async verify(code: string, email: string | undefined, session?: string): Promise<VerifyResult> {
    const now = this.now();
    const given = digest(code);
    const key =
      email !== undefined
        ? emailKey(email)
        : session !== undefined
          ? await this.repo.emailOfRequester(requesterDigest(session))
          : undefined;
    if (key === undefined) return 'invalid';
    return this.repo.transaction(async (tx) => {
      const row = await tx.lockCode(key);
      if (!row) return 'invalid';
      if (row.expiresAt.getTime() <= now.getTime()) {
        await tx.deleteCode(key);
        return 'invalid';
      }
      if (!sameDigest(row.codeHash, given)) {
        if (row.attempts + 1 >= MAX_CODE_ATTEMPTS) await tx.deleteCode(key);
        else await tx.setCodeAttempts(key, row.attempts + 1);
        return 'invalid';
      }
      await tx.deleteCode(key);
      await tx.putVerified(key, new Date(now.getTime() + VERIFIED_TTL_MS));
      return 'verified';
    });
  }

  /** Inside the signup transaction (`tx`): a live verification for the address, consumed on use. */
  consumeVerified(tx: UsersRepository, email: string): Promise<boolean> {
    return tx.consumeVerified(emailKey(email), this.now());
  }
}
