import type { ApiContext } from '../../context';
import { DashboardRepository } from './dashboard.repository';

export const TREND_MONTHS = 6;

/**
 * The three dashboard answers in the legacy's shapes (legacy-contract §8)
 * with the numbers the screen's captions mean (spec §2 Home, §3 Dashboard),
 * not the legacy's: `reportCount` is every stray report and `pendingReports`
 * those awaiting an admin; `adoptionCount` every adoption application and
 * `pendingAdoptions` those awaiting a decision; `lost` is counted;
 * `monthlyTrend` is real (reports and applications per month, Korean time).
 */
export class DashboardService {
  private readonly repo: DashboardRepository;

  constructor(ctx: Pick<ApiContext, 'db'>) {
    this.repo = new DashboardRepository(ctx.db);
  }

  async reportsAdoptions(now = new Date()) {
    const [strays, apps, trend] = await Promise.all([
      this.repo.strayStatusCounts(),
      this.repo.applicationCounts(),
      this.repo.monthlyTrend(TREND_MONTHS, now),
    ]);
    return {
      reportCount: strays.LOST + strays.PROTECTING + strays.WAITING + strays.ADOPT,
      adoptionCount: apps.total,
      pendingReports: strays.LOST,
      pendingAdoptions: apps.requested,
      monthlyTrend: trend,
    };
  }

  donations(now = new Date()) {
    return this.repo.donationTotals(now);
  }

  async abandonedStatus() {
    const s = await this.repo.strayStatusCounts();
    return { lost: s.LOST, protecting: s.PROTECTING, waiting: s.WAITING, adopt: s.ADOPT };
  }

  /** All three at once (the dashboard socket's `chart-data-update`). */
  async snapshot(now = new Date()) {
    const [reportsAdoptions, donations, abandonedStatus] = await Promise.all([
      this.reportsAdoptions(now),
      this.donations(now),
      this.abandonedStatus(),
    ]);
    return { reportsAdoptions, donations, abandonedStatus };
  }

  /** The login id the dashboard events name a member by. */
  loginIdOf(userPk: number): Promise<string | null> {
    return this.repo.loginIdOf(userPk);
  }
}
