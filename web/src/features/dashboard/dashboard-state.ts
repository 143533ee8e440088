import { LIMITS, type DashboardLiveEvent, type DashboardSummary } from '@pawbridge/shared';
import { tKey, t, type MessageKey } from '@/messages';

export type FeedEntry = DashboardLiveEvent & { key: string };

export interface LiveDashboard {
  summary: DashboardSummary | null;
  feed: FeedEntry[];
  seq: number;
}

export type DashboardAction = { type: 'loaded'; summary: DashboardSummary } | { type: 'event'; event: DashboardLiveEvent };

export const initialDashboard: LiveDashboard = { summary: null, feed: [], seq: 0 };

/**
 * Spec §4 Admin dashboard (live): user_registered adds one to the report
 * count and pet_adopted one to the adoption count (as the spec says, even if
 * the names suggest otherwise); every event goes on top of the activity feed,
 * which keeps the latest ten. dashboard_update and chart-data-update carry no
 * numbers, so the screen refetches (see needsRefetch) — except our api's
 * chart-data-update, whose numbers are applied as they come (it follows an
 * event already in the feed, so it adds no entry of its own).
 */
export function dashboardReducer(state: LiveDashboard, action: DashboardAction): LiveDashboard {
  if (action.type === 'loaded') return { ...state, summary: action.summary };
  const { event } = action;
  if (event.summary) return { ...state, summary: event.summary };
  const seq = state.seq + 1;
  const feed = [{ ...event, key: `e-${seq}` }, ...state.feed].slice(0, LIMITS.activityFeedMax);
  let summary = state.summary;
  if (summary && event.event === 'user_registered') summary = { ...summary, reportCount: summary.reportCount + 1 };
  if (summary && event.event === 'pet_adopted') summary = { ...summary, adoptionCount: summary.adoptionCount + 1 };
  return { summary, feed, seq };
}

export const needsRefetch = (event: DashboardLiveEvent): boolean =>
  event.event === 'dashboard_update' || (event.event === 'chart-data-update' && !event.summary);

/** The feed's words for an event: from the catalogue, never the upstream's text. */
export function feedText(event: DashboardLiveEvent): string {
  if (event.event === 'user_registered' && event.userId) return t('dashboard.event.user_registeredBy', { userId: event.userId });
  if (event.event === 'dashboard_update') return tKey(`dashboard.event.${event.type ?? ''}`, 'dashboard.event.other');
  return t(`dashboard.event.${event.event}` as MessageKey);
}
