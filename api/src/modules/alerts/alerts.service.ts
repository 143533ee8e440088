import type {
  EmailKind,
  EmailPreferences,
  LostReach,
  NeighbourhoodAnswer,
  NeighbourhoodSettingRequest,
} from '@pawbridge/shared/alerts.schema';
import type { ApiContext, SessionUserRow } from '../../context';
import { lostError, notFound } from '../lost/lost.errors';
import { AlertsRepository } from './alerts.repository';
import { emailPreferences, setEmailPreference } from './preferences.repository';
import { readUnsubscribeToken } from './unsubscribe';

/** The member's own neighbourhood setting, the reach of their report, their e-mail switches and the signed unsubscribe. */
export class AlertsService {
  private readonly repo: AlertsRepository;

  constructor(private readonly ctx: Pick<ApiContext, 'db' | 'config'>) {
    this.repo = new AlertsRepository(ctx.db);
  }

  async setting(userPk: number): Promise<NeighbourhoodAnswer> {
    return { setting: await this.repo.setting(userPk) };
  }

  async save(userPk: number, input: NeighbourhoodSettingRequest): Promise<NeighbourhoodAnswer> {
    await this.repo.save(userPk, input);
    return this.setting(userPk);
  }

  remove(userPk: number): Promise<void> {
    return this.repo.remove(userPk);
  }

  /** Only the report's author (and admins) learn how many were told; to anyone else it is not there. */
  async reach(postId: number, user: SessionUserRow): Promise<LostReach> {
    const post = await this.repo.lostPost(postId);
    if (!post || (post.authorPk !== user.pk && user.role !== 'ADMIN')) throw notFound();
    return this.repo.reach(post.kind, postId);
  }

  preferences(userPk: number): Promise<EmailPreferences> {
    return emailPreferences(this.ctx.db, userPk);
  }

  async setPreference(userPk: number, kind: EmailKind, enabled: boolean): Promise<EmailPreferences> {
    await setEmailPreference(this.ctx.db, userPk, kind, enabled);
    return emailPreferences(this.ctx.db, userPk);
  }

  /** No login: the token names the member and the kind. Saying it twice is fine (idempotent). */
  async unsubscribe(token: string): Promise<{ kind: EmailKind }> {
    const read = readUnsubscribeToken(this.ctx.config.alerts, token);
    if (!read.ok)
      throw read.why === 'EXPIRED'
        ? lostError(410, 'INVALID_CODE', 'UNSUBSCRIBE_LINK_EXPIRED')
        : lostError(400, 'INVALID_CODE', 'UNSUBSCRIBE_LINK_INVALID');
    if (!(await this.repo.userExists(read.userPk))) throw lostError(400, 'INVALID_CODE', 'UNSUBSCRIBE_LINK_INVALID');
    await setEmailPreference(this.ctx.db, read.userPk, read.kind, false);
    return { kind: read.kind };
  }
}
