import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { ApiContext } from '../context';
import { generatePassword, hashPassword } from '../modules/users/passwords';
import { seedDemoStrays } from '../modules/strays/demo-strays';
import { seedDemoPets } from '../modules/pets/demo-pets';
import { seedDemoCommunity } from '../modules/community/demo-community';

/** Keys of the two seeded accounts, for domain seeders that attach demo data to them. */
export interface SeedUsers {
  adminPk: number;
  demoPk: number;
}

/** One domain's demo data. Must be idempotent: it runs on every start of a demo-enabled api. */
export type DemoSeeder = (ctx: ApiContext, log: FastifyBaseLogger, users: SeedUsers) => Promise<void>;

/**
 * Demo seeders, run in this order after the demo member exists. Adding a domain
 * is one import and one entry here.
 */
export const demoSeeders: DemoSeeder[] = [seedDemoStrays, seedDemoPets, seedDemoCommunity];

export const ADMIN_USER_ID = 'admin';
export const DEMO_USER = {
  userId: 'demo',
  name: '데모 사용자',
  password: 'demo1234',
  email: 'demo@pawbridge.local',
  birth: '1995-05-05',
  phoneNm: '010-1234-5678',
} as const;

export interface SeedResult {
  adminPk: number;
  /** Set only on the run that created the admin with a generated password. */
  generatedAdminPassword: string | undefined;
  demoPk: number | undefined;
  /** Names of demo seeders that threw (logged; the api still starts). */
  failedSeeders: string[];
}

async function findUser(ctx: ApiContext, userId: string): Promise<number | undefined> {
  const row = await ctx.db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(user_id)`, '=', userId)
    .executeTakeFirst();
  return row?.id;
}

/** Inserts unless some instance got there first (ON CONFLICT: several api instances may start together). */
async function createUser(
  ctx: ApiContext,
  values: {
    userId: string;
    name: string;
    email: string | null;
    password: string;
    role: 'USER' | 'ADMIN';
    birth: string | null;
    phoneNm: string | null;
  },
): Promise<boolean> {
  const { password, ...rest } = values;
  const inserted = await ctx.db
    .insertInto('users')
    .values({ ...rest, passwordHash: await hashPassword(password), provider: null, socialId: null })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

function announce(log: FastifyBaseLogger, lines: string[], demo: boolean): void {
  // The log gets the fact, never the password; the person who started the app gets the banner once.
  // Production has no demo account and must not claim one (issue 24 item 11).
  log.info(demo ? 'seed finished: admin and demo accounts are ready' : 'seed finished: admin account is ready (no demo data)');
  // The launcher shows this to whoever started the app; a log level above info must not hide it.
  console.log(['', '──────── 포브리지 계정 안내 ────────', ...lines, '─────────────────────────────────', ''].join('\n'));
}

/** Idempotent first-start data: the admin account, and in non-production demo mode a demo member plus each domain's demo data. */
export async function seed(ctx: ApiContext, log: FastifyBaseLogger): Promise<SeedResult> {
  const lines: string[] = [];
  let generatedAdminPassword: string | undefined;

  let adminPk = await findUser(ctx, ADMIN_USER_ID);
  if (adminPk === undefined) {
    const password = ctx.config.adminPassword ?? generatePassword();
    const created = await createUser(ctx, {
      userId: ADMIN_USER_ID,
      name: '관리자',
      email: null,
      password,
      role: 'ADMIN',
      birth: null,
      phoneNm: null,
    });
    adminPk = await findUser(ctx, ADMIN_USER_ID);
    if (adminPk === undefined) throw new Error('seed: the admin account could not be created');
    if (created && !ctx.config.adminPassword) {
      generatedAdminPassword = password;
      lines.push(
        `관리자 계정을 만들었습니다. 로그인: ${ADMIN_USER_ID} / ${password}`,
        '이 비밀번호는 지금 한 번만 표시됩니다. 안전한 곳에 적어 두세요.',
      );
    } else if (created) {
      lines.push(`관리자 계정을 만들었습니다. 로그인: ${ADMIN_USER_ID} / (ADMIN_PASSWORD에 설정한 비밀번호)`);
    }
  }
  if (lines.length === 0) lines.push(`관리자 로그인: ${ADMIN_USER_ID} / (처음 시작할 때 표시된 비밀번호 또는 ADMIN_PASSWORD)`);

  let demoPk: number | undefined;
  const failedSeeders: string[] = [];
  if (ctx.config.seedDemoData && ctx.config.env !== 'production') {
    demoPk = await findUser(ctx, DEMO_USER.userId);
    if (demoPk === undefined) {
      await createUser(ctx, { ...DEMO_USER, role: 'USER' });
      demoPk = await findUser(ctx, DEMO_USER.userId);
      if (demoPk === undefined) throw new Error('seed: the demo account could not be created');
    }
    lines.push(`데모 회원 로그인: ${DEMO_USER.userId} / ${DEMO_USER.password}`);
    for (const seeder of demoSeeders) {
      try {
        await seeder(ctx, log, { adminPk, demoPk });
      } catch (err) {
        // One domain's broken demo data must not keep the whole app from starting.
        failedSeeders.push(seeder.name || 'anonymous');
        log.error({ err, seeder: seeder.name }, 'demo seeder failed');
      }
    }
  }
  announce(log, lines, demoPk !== undefined);
  return { adminPk, generatedAdminPassword, demoPk, failedSeeders };
}
