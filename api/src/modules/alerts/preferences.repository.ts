import { EMAIL_KINDS, type EmailKind, type EmailPreferences } from '@pawbridge/shared/alerts.schema';
import type { Db } from '../../db/index';

/** Whether the member gets e-mails of this kind (no row: yes). */
export async function emailEnabled(db: Db, userPk: number, kind: EmailKind): Promise<boolean> {
  const row = await db
    .selectFrom('emailPreferences')
    .select('enabled')
    .where('userPk', '=', userPk)
    .where('kind', '=', kind)
    .executeTakeFirst();
  return row?.enabled ?? true;
}

/** Every kind, on unless switched off. */
export async function emailPreferences(db: Db, userPk: number): Promise<EmailPreferences> {
  const rows = await db.selectFrom('emailPreferences').select(['kind', 'enabled']).where('userPk', '=', userPk).execute();
  const off = new Map(rows.map((r) => [r.kind, r.enabled]));
  return Object.fromEntries(EMAIL_KINDS.map((k) => [k, off.get(k) ?? true])) as EmailPreferences;
}

export async function setEmailPreference(db: Db, userPk: number, kind: EmailKind, enabled: boolean): Promise<void> {
  await db
    .insertInto('emailPreferences')
    .values({ userPk, kind, enabled, updatedAt: new Date() })
    .onConflict((oc) => oc.columns(['userPk', 'kind']).doUpdateSet({ enabled, updatedAt: new Date() }))
    .execute();
}
