import type { Db } from '../../db/index';
import { applicationCounts, donationTotals, monthlyTrend, strayStatusCounts } from './dashboard.repository';

export const TREND_MONTHS = 6;

/**
 * The three dashboard answers in the legacy's shapes (legacy-contract §8)
 * with the numbers the screen's captions mean (spec §2 Home, §3 Dashboard),
 * not the legacy's: `reportCount` is every stray report and `pendingReports`
 * those awaiting an admin; `adoptionCount` every adoption application and
 * `pendingAdoptions` those awaiting a decision; `lost` is counted;
 * `monthlyTrend` is real (reports and applications per month, Korean time).
 */
export async function reportsAdoptions(db: Db, now = new Date()) {
  const [strays, apps, trend] = await Promise.all([strayStatusCounts(db), applicationCounts(db), monthlyTrend(db, TREND_MONTHS, now)]);
  return {
    reportCount: strays.LOST + strays.PROTECTING + strays.WAITING + strays.ADOPT,
    adoptionCount: apps.total,
    pendingReports: strays.LOST,
    pendingAdoptions: apps.requested,
    monthlyTrend: trend,
  };
}

export const donations = (db: Db, now = new Date()) => donationTotals(db, now);

export async function abandonedStatus(db: Db) {
  const s = await strayStatusCounts(db);
  return { lost: s.LOST, protecting: s.PROTECTING, waiting: s.WAITING, adopt: s.ADOPT };
}

/** All three at once (the dashboard socket's `chart-data-update`). */
export async function dashboardSnapshot(db: Db, now = new Date()) {
  const [ra, don, ab] = await Promise.all([reportsAdoptions(db, now), donations(db, now), abandonedStatus(db)]);
  return { reportsAdoptions: ra, donations: don, abandonedStatus: ab };
}
