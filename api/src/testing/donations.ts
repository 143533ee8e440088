import type { TestApi } from './test-api';

// The donation tests' own small fixtures: they are about payments, not signup or reports.
export async function member(api: TestApi, userId: string) {
  const row = await api.ctx.db
    .insertInto('users')
    .values({
      userId,
      name: `${userId} 님`,
      email: `${userId}@example.com`,
      passwordHash: null,
      birth: null,
      phoneNm: null,
      role: 'USER',
      provider: null,
      socialId: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { pk: row.id, userId, cookie: `JSESSIONID=${await api.ctx.sessions.create(row.id)}` };
}
export type Member = Awaited<ReturnType<typeof member>>;

export async function stray(api: TestApi, status: 'LOST' | 'PROTECTING' | 'ADOPT' = 'PROTECTING') {
  const row = await api.ctx.db
    .insertInto('strayReports')
    .values({
      reporterPk: null,
      latitude: 37.5,
      longitude: 127,
      imageUrl: '/uploads/0123456789abcdef0123456789abcdef.jpg',
      gender: 'FEMALE',
      description: '하얀 털의 작은 개',
      location: '경기도',
      type: '믹스견',
      name: null,
      foundDate: '2026-11-01',
      foundTime: '09:00',
      status,
      registeredAt: status === 'LOST' ? null : new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let uidSeq = Date.now();
export const newMerchantUid = () => `donation_${++uidSeq}`;

export async function call(
  api: TestApi,
  method: string,
  path: string,
  opts: { cookie?: string; json?: unknown; form?: Record<string, string | number> } = {},
) {
  const headers: Record<string, string> = opts.cookie ? { cookie: opts.cookie } : {};
  let body: FormData | string | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    const f = new FormData();
    for (const [k, v] of Object.entries(opts.form)) f.append(k, String(v));
    body = f;
  }
  const res = await fetch(api.url + path, { method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, reason: res.headers.get('x-donation-error') };
}

export const donationRows = (api: TestApi, where: { impUid?: string; merchantUid?: string }) =>
  api.ctx.db
    .selectFrom('donations')
    .selectAll()
    .$if(Boolean(where.impUid), (q) => q.where('impUid', '=', where.impUid as string))
    .$if(Boolean(where.merchantUid), (q) => q.where('merchantUid', '=', where.merchantUid as string))
    .execute();
