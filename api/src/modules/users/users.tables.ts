import type { ColumnType, Generated } from 'kysely';

export interface UsersTable {
  id: Generated<number>;
  userId: string;
  name: string | null;
  /** Filled by the users_fill_nickname trigger when an insert leaves it out (migration 0013). */
  nickname: Generated<string>;
  email: string | null;
  passwordHash: string | null;
  birth: string | null;
  phoneNm: string | null;
  role: 'USER' | 'ADMIN';
  provider: 'google' | 'kakao' | 'naver' | null;
  socialId: string | null;
  loginCount: Generated<number>;
  createdAt: ColumnType<Date, never, never>;
}

export interface SessionsTable {
  id: string;
  userPk: number;
  expiresAt: Date;
  createdAt: ColumnType<Date, never, never>;
}

export interface EmailCodesTable {
  email: string;
  codeHash: string;
  expiresAt: Date;
  attempts: Generated<number>;
  /** Digest of the signup cookie of the browser that asked for the code (the legacy's session binding), or null. */
  requester: string | null;
}

export interface VerifiedEmailsTable {
  email: string;
  expiresAt: Date;
}

/** A member's Idempotency-Key per route (`scope`) and the first answer (null while being processed). */
export interface IdempotencyKeysTable {
  userPk: number;
  scope: string;
  key: string;
  /** The first answer as JSON text. */
  response: string | null;
  createdAt: Generated<Date>;
}

export interface UsersTables {
  users: UsersTable;
  sessions: SessionsTable;
  emailCodes: EmailCodesTable;
  verifiedEmails: VerifiedEmailsTable;
  idempotencyKeys: IdempotencyKeysTable;
}
