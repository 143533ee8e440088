import type { FastifyBaseLogger } from 'fastify';
import { nicknameKey, type ProfileUpdateRequest, type SignupRequest } from '@pawbridge/shared';
import type { ApiContext, SessionUserRow } from '../../context';
import { ApiHttpError } from '../../lib/errors';
import { domainEvent } from '../../events';
import { EmailVerification, emailKey } from './email-verification';
import { hashPassword, verifyPassword } from './passwords';
import { UsersRepository } from './users.repository';
import { DEFAULT_ERROR_MESSAGES } from '@pawbridge/shared';

export const MESSAGES = {
  emailSent: '인증 이메일을 전송했습니다.',
  alreadyMember: '이미 가입된 회원입니다.',
  mailFailed: '인증 이메일을 보내지 못했습니다. 잠시 후 다시 시도해 주세요.',
  codeInvalid: DEFAULT_ERROR_MESSAGES.INVALID_CODE,
  verified: '인증되었습니다.',
  userIdTaken: DEFAULT_ERROR_MESSAGES.USER_ID_TAKEN,
  nicknameTaken: DEFAULT_ERROR_MESSAGES.NICKNAME_TAKEN,
  emailTaken: DEFAULT_ERROR_MESSAGES.EMAIL_ALREADY_REGISTERED,
  emailNotVerified: '이메일 인증을 먼저 완료해주세요.',
  signedUp: '회원가입 성공!',
  badCredentials: DEFAULT_ERROR_MESSAGES.INVALID_CREDENTIALS,
  loggedIn: '로그인 성공!',
  loggedOut: '로그아웃 완료',
  profileUpdated: '회원 정보를 수정했습니다.',
} as const;

/** Login ids nobody can sign up with, whatever the case (the admin is only ever seeded). */
const RESERVED_USER_IDS = new Set(['admin']);

export const isReservedUserId = (userId: string): boolean => RESERVED_USER_IDS.has(userId.trim().toLowerCase());

interface PgError {
  code?: string;
  constraint?: string;
  message?: string;
}

/** Accounts: e-mail verification, signup, login and logout. Plain values in; `ApiHttpError` (legacy body) or results out. */
export class UsersService {
  readonly emails: EmailVerification;
  private readonly repo: UsersRepository;

  /** The service's clock; every expiry is computed from it (not the database's now()) so tests can move time. */
  now: () => Date = () => new Date();

  constructor(
    private readonly ctx: ApiContext,
    private readonly log?: FastifyBaseLogger,
  ) {
    this.repo = new UsersRepository(ctx.db);
    this.emails = new EmailVerification(this.repo, ctx.mail, () => this.now());
  }

  /** Creates a member (role USER) from a validated request; the verified e-mail flag is spent in the same transaction. */
  async signup(input: SignupRequest): Promise<void> {
    const userId = input.userId.trim();
    const email = input.email.trim();
    if (!(await this.userIdAvailable(userId))) throw new ApiHttpError(409, MESSAGES.userIdTaken);
    if (input.nickname !== undefined && !(await this.nicknameAvailable(input.nickname)))
      throw new ApiHttpError(409, MESSAGES.nicknameTaken);
    if (await this.emails.isRegistered(email)) throw new ApiHttpError(409, MESSAGES.emailTaken);
    const passwordHash = await hashPassword(input.password);
    let pk: number | undefined;
    // Without a nickname the database derives a free one from the name (migration 0013); two signups with
    // the same name at once may both derive it, and the one that loses the unique index simply tries again.
    for (let attempt = 1; pk === undefined; attempt++) {
      try {
        pk = await this.insertMember(input, userId, email, passwordHash);
      } catch (err) {
        const pg = err as PgError;
        const text = `${pg.constraint ?? ''} ${pg.message ?? ''}`;
        if (pg.code === '23505' && text.includes('users_nickname_key') && input.nickname === undefined && attempt < 3) continue;
        throw err;
      }
    }
    // After the commit: the dashboard's `user_registered` and anything else listening (a failing handler is only logged).
    await this.ctx.events.publish(domainEvent('user.registered', { userPk: pk, userId }));
  }

  /** 아이디 중복 확인: free, and not reserved (the signup's own check says the same). */
  async userIdAvailable(userId: string): Promise<boolean> {
    return !isReservedUserId(userId) && !(await this.repo.userIdTaken(userId.trim()));
  }

  /** 닉네임 중복 확인 (`nickname` already normalised by the shared schema); `exceptPk` may keep their own. */
  async nicknameAvailable(nickname: string, exceptPk?: number): Promise<boolean> {
    return !(await this.repo.nicknameTaken(nicknameKey(nickname), exceptPk));
  }

  /** The member's new nickname; 409 when another member holds it (the unique index decides a race). */
  async updateNickname(user: SessionUserRow, nickname: string): Promise<SessionUserRow> {
    if (!(await this.nicknameAvailable(nickname, user.pk))) throw new ApiHttpError(409, MESSAGES.nicknameTaken);
    try {
      await this.repo.updateNickname(user.pk, nickname);
    } catch (err) {
      if ((err as PgError).code === '23505') throw new ApiHttpError(409, MESSAGES.nicknameTaken);
      throw err;
    }
    return { ...user, nickname };
  }

  private async insertMember(input: SignupRequest, userId: string, email: string, passwordHash: string): Promise<number> {
    try {
      return await this.repo.transaction(async (tx) => {
        if (!(await this.emails.consumeVerified(tx, email))) throw new ApiHttpError(400, MESSAGES.emailNotVerified);
        return tx.insertUser({
          userId,
          name: input.name.trim(),
          email,
          passwordHash,
          birth: input.birth,
          phoneNm: input.phoneNm,
          ...(input.nickname !== undefined ? { nickname: input.nickname } : {}),
          role: 'USER',
          provider: null,
          socialId: null,
        });
      });
    } catch (err) {
      // Two signups racing for the same id, address or nickname: the unique indexes decide.
      const pg = err as PgError;
      if (pg.code === '23505') {
        const text = `${pg.constraint ?? ''} ${pg.message ?? ''}`;
        if (text.includes('users_email_key')) throw new ApiHttpError(409, MESSAGES.emailTaken);
        if (text.includes('users_nickname_key')) {
          if (input.nickname !== undefined) throw new ApiHttpError(409, MESSAGES.nicknameTaken);
          throw err;
        }
        throw new ApiHttpError(409, MESSAGES.userIdTaken);
      }
      throw err;
    }
  }

  /** The user's key when the id and password match a local account, otherwise null (same work either way). */
  async authenticate(userId: string, password: string): Promise<number | null> {
    const row = await this.repo.findCredentials(userId.trim());
    const ok = await verifyPassword(row?.passwordHash, password);
    return ok && row ? row.id : null;
  }

  /**
   * A new session for matching credentials, or null. The caller's previous
   * session id (if any) is destroyed: a fresh id on every login, so a session
   * id planted before login is worthless afterwards.
   */
  async login(userId: string, password: string, previousSessionId: string | undefined): Promise<string | null> {
    const userPk = await this.authenticate(userId, password);
    if (userPk === null) return null;
    if (previousSessionId) await this.ctx.sessions.destroy(previousSessionId);
    const sessionId = await this.ctx.sessions.create(userPk);
    await this.repo.incrementLoginCount(userPk);
    return sessionId;
  }

  /**
   * The member's own e-mail, birth and phone. A changed address must be free and
   * freshly verified (the verification is spent in the same transaction, as in
   * signup); keeping the address, whatever its case, needs no code.
   */
  async updateProfile(user: SessionUserRow, input: ProfileUpdateRequest): Promise<SessionUserRow> {
    const email = input.email.trim();
    const changed = emailKey(email) !== emailKey(user.email ?? '');
    const values = { email, birth: input.birth, phoneNm: input.phoneNm };
    if (changed && (await this.repo.emailHeldByOther(emailKey(email), user.pk))) throw new ApiHttpError(409, MESSAGES.emailTaken);
    try {
      await this.repo.transaction(async (tx) => {
        if (changed && !(await this.emails.consumeVerified(tx, email))) throw new ApiHttpError(400, MESSAGES.emailNotVerified);
        await tx.updateProfile(user.pk, values);
      });
    } catch (err) {
      // Another account took the address between the check and the update: the unique index decides.
      if ((err as PgError).code === '23505') throw new ApiHttpError(409, MESSAGES.emailTaken);
      throw err;
    }
    return { ...user, ...values };
  }

  async logout(sessionId: string | undefined): Promise<void> {
    if (sessionId) await this.ctx.sessions.destroy(sessionId);
  }
}

/** check-session's body for a logged-in caller (legacy shape plus provider/socialId). */
export function sessionBody(user: SessionUserRow): Record<string, unknown> {
  return {
    loggedIn: true,
    userId: user.userId,
    username: user.userId,
    userName: user.userId,
    name: user.name,
    // Not in the legacy answer: what other members see of this one.
    nickname: user.nickname,
    email: user.email,
    birth: user.birth,
    phoneNm: user.phoneNm,
    role: user.role,
    provider: user.provider,
    socialId: user.socialId,
    // Not in the legacy answer: lets the greeting welcome a brand-new member.
    firstLogin: user.firstLogin,
  };
}
