import { z } from 'zod';
import {
  DASHBOARD_EVENTS,
  DashboardSocketPayloadSchemas,
  type DashboardAbandonedStatus,
  type DashboardDonations,
  type DashboardEventName,
  type DashboardReportsAdoptions,
  type DashboardLiveEvent,
  type DashboardPart,
  type DashboardSummary,
} from '@pawbridge/shared';

const n = z.coerce
  .number()
  .catch(0)
  .transform((v) => (Number.isFinite(v) && v > 0 ? Math.floor(v) : 0));

const ReportsAdoptionsSchema = z.object({
  reportCount: n,
  adoptionCount: n,
  pendingReports: n,
  pendingAdoptions: n,
  monthlyTrend: z.unknown().optional(),
});
const DonationsSchema = z.object({ totalAmount: n, monthlyCount: n });
const AbandonedStatusSchema = z.object({ lost: n, protecting: n, waiting: n, adopt: n });
const TrendPointSchema = z.object({
  month: z.string(),
  reports: n.optional().default(0),
  adoptions: n.optional().default(0),
});

const PART_FIELDS = {
  reportsAdoptions: { reportCount: 0, adoptionCount: 0, pendingReports: 0, pendingAdoptions: 0 },
  donations: { totalAmount: 0, monthlyCount: 0 },
  abandonedStatus: { lost: 0, protecting: 0, waiting: 0, adopt: 0 },
} as const;
const PART_SCHEMAS = {
  reportsAdoptions: ReportsAdoptionsSchema.transform(({ reportCount, adoptionCount, pendingReports, pendingAdoptions }) => ({
    reportCount,
    adoptionCount,
    pendingReports,
    pendingAdoptions,
  })),
  donations: DonationsSchema,
  abandonedStatus: AbandonedStatusSchema,
} as const;
export type DashboardPartShapes = {
  reportsAdoptions: DashboardReportsAdoptions;
  donations: DashboardDonations;
  abandonedStatus: DashboardAbandonedStatus;
};

/**
 * One of the three answers alone (spec §7's per-call paths), or null when it
 * is not an object of that shape (the caller says 502, never zeros: alone,
 * a zero would read as the truth).
 */
export function normaliseDashboardPart<P extends DashboardPart>(part: P, body: unknown): DashboardPartShapes[P] | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const required = Object.keys(PART_FIELDS[part]);
  if (!required.every((k) => typeof (body as Record<string, unknown>)[k] === 'number')) return null;
  const parsed = PART_SCHEMAS[part].safeParse(body);
  return parsed.success ? (parsed.data as DashboardPartShapes[P]) : null;
}

/** The upstream's three answers (undefined = that call failed) → the one dashboard shape. */
export function normaliseDashboard(parts: {
  reportsAdoptions?: unknown;
  donations?: unknown;
  abandonedStatus?: unknown;
}): DashboardSummary {
  const failed: DashboardPart[] = [];
  const take = <T>(part: DashboardPart, schema: z.ZodType<T>, fallback: T): T => {
    const parsed = parts[part] === undefined ? undefined : schema.safeParse(parts[part]);
    if (!parsed?.success) {
      failed.push(part);
      return fallback;
    }
    return parsed.data;
  };
  const ra = take('reportsAdoptions', ReportsAdoptionsSchema, { reportCount: 0, adoptionCount: 0, pendingReports: 0, pendingAdoptions: 0 });
  const don = take('donations', DonationsSchema, { totalAmount: 0, monthlyCount: 0 });
  const ab = take('abandonedStatus', AbandonedStatusSchema, { lost: 0, protecting: 0, waiting: 0, adopt: 0 });
  // The legacy has no series (legacy-contract §8); our api may send one with the reports-adoptions answer.
  const trend = z.array(TrendPointSchema).safeParse((parts.reportsAdoptions as { monthlyTrend?: unknown } | undefined)?.monthlyTrend);
  return {
    reportCount: ra.reportCount,
    adoptionCount: ra.adoptionCount,
    pendingReports: ra.pendingReports,
    pendingAdoptions: ra.pendingAdoptions,
    totalAmount: don.totalAmount,
    monthlyCount: don.monthlyCount,
    monthlyTrend: trend.success ? trend.data : [],
    abandoned: ab,
    failed,
  };
}

/** The numbers a chart-data-update carries (our api's `{reportsAdoptions, donations, abandonedStatus}`), if whole. */
function summaryOf(payload: unknown): DashboardSummary | null {
  if (!payload || typeof payload !== 'object') return null;
  const summary = normaliseDashboard(payload as Record<string, unknown>);
  return summary.failed.length === 0 ? summary : null;
}

/**
 * One event of the upstream dashboard socket (legacy-contract §7) → the shared
 * shape; null for events outside the catalogue and for payloads the shared
 * event catalogue (realtime.schema.ts) does not accept.
 */
export function normaliseDashboardEvent(event: string, payload: unknown, now: () => Date = () => new Date()): DashboardLiveEvent | null {
  if (!(DASHBOARD_EVENTS as readonly string[]).includes(event)) return null;
  const name = event as DashboardEventName;
  const parsed = DashboardSocketPayloadSchemas[name].safeParse(payload);
  if (!parsed.success) return null;
  const p = parsed.data as { type?: string; message?: string; userId?: string; petId?: number };
  return {
    event: name,
    type: p.type ?? null,
    message: p.message ?? null,
    userId: p.userId ?? null,
    petId: p.petId ?? null,
    at: now().toISOString(),
    summary: name === 'chart-data-update' ? summaryOf(payload) : null,
  };
}
