import { z } from 'zod';

const count = z.number().int().min(0);

/**
 * The admin dashboard as one shape (the upstream's three calls merged, spec
 * §3 Dashboard). A part whose upstream call failed is zeros and named in
 * `failed`, so the UI can say so instead of showing zeros as the truth.
 */
export const DASHBOARD_PARTS = ['reportsAdoptions', 'donations', 'abandonedStatus'] as const;
export const DashboardPartSchema = z.enum(DASHBOARD_PARTS);
export type DashboardPart = z.infer<typeof DashboardPartSchema>;

/** Spec §7's three admin calls, one shape each (legacy-contract §3.3, §8). */
export const DashboardReportsAdoptionsSchema = z.object({
  reportCount: count,
  adoptionCount: count,
  pendingReports: count,
  pendingAdoptions: count,
});
export type DashboardReportsAdoptions = z.infer<typeof DashboardReportsAdoptionsSchema>;
export const DashboardDonationsSchema = z.object({ totalAmount: count, monthlyCount: count });
export type DashboardDonations = z.infer<typeof DashboardDonationsSchema>;
export const DashboardAbandonedStatusSchema = z.object({ lost: count, protecting: count, waiting: count, adopt: count });
export type DashboardAbandonedStatus = z.infer<typeof DashboardAbandonedStatusSchema>;

export const DashboardSummarySchema = z.object({
  reportCount: count,
  adoptionCount: count,
  pendingReports: count,
  pendingAdoptions: count,
  totalAmount: count,
  monthlyCount: count,
  /** Per month, oldest first; empty when the upstream has no series (the legacy never does). */
  monthlyTrend: z.array(z.object({ month: z.string(), reports: count, adoptions: count })),
  abandoned: z.object({ lost: count, protecting: count, waiting: count, adopt: count }),
  failed: z.array(DashboardPartSchema),
});
export type DashboardSummary = z.infer<typeof DashboardSummarySchema>;

/** Socket.io events the BFF re-emits to admins' browsers (spec §4 Admin dashboard (live)). */
export const DASHBOARD_EVENTS = ['dashboard_update', 'user_registered', 'pet_adopted', 'chart-data-update'] as const;
export type DashboardEventName = (typeof DASHBOARD_EVENTS)[number];

/** What every re-emitted event carries: the upstream's message and, when known, who and which. */
export const DashboardLiveEventSchema = z.object({
  event: z.enum(DASHBOARD_EVENTS),
  /** dashboard_update's `type` (pet_registered, adoption_approved, stray_reported, ...), else null. */
  type: z.string().nullable(),
  message: z.string().nullable(),
  userId: z.string().nullable(),
  petId: z.number().nullable(),
  at: z.string(),
  /** chart-data-update from our api carries the numbers; null when an event has none (the legacy never sends any). */
  summary: DashboardSummarySchema.nullable(),
});
export type DashboardLiveEvent = z.infer<typeof DashboardLiveEventSchema>;

/**
 * The BFF tells admins' browsers whether its upstream dashboard connection is
 * up (on connect, then on every change): live means events can really arrive.
 */
export const DASHBOARD_STATUS_EVENT = 'dashboard:status';
export const DashboardStatusSchema = z.object({ online: z.boolean() });
