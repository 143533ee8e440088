import type { ApiConfig } from './config/env';
import type { Database, Db } from './db/index';
import type { SessionStore } from './modules/users/session-store';
import type { Mailer } from './integrations/mail';
import type { FileStorage } from './integrations/storage';
import type { EventBus } from './events/event-bus';

/** Everything a module needs, built once in app.ts and passed to each module. */
export interface ApiContext {
  config: ApiConfig;
  database: Database;
  db: Db;
  sessions: SessionStore;
  mail: Mailer;
  storage: FileStorage;
  /** Domain events: publish after commit, subscribe in module setup (events/event-bus.ts). */
  events: EventBus;
}

/** The logged-in caller, resolved from the JSESSIONID cookie on every request. */
export interface SessionUserRow {
  /** users.id (database key, never shown to the browser) */
  pk: number;
  userId: string;
  name: string | null;
  /** What other members see (unique, case- and width-insensitive). */
  nickname: string;
  email: string | null;
  role: 'USER' | 'ADMIN';
  provider: 'google' | 'kakao' | 'naver' | null;
  socialId: string | null;
  birth: string | null;
  phoneNm: string | null;
  /** True until the member logs in a second time. */
  firstLogin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    sessionId: string | null;
    user: SessionUserRow | null;
  }
}
