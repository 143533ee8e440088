import { z } from 'zod';

/**
 * The upstream dashboard socket's event catalogue (legacy-contract §7): what
 * our api emits on its socket.io server (port DASHBOARD_PORT, path
 * /socket.io/, joinable by socket.io v2 and v4 clients) and what the BFF's
 * bridge reads before re-emitting `DashboardLiveEvent`s to browsers. The
 * legacy's four events keep its payloads; our api adds more `dashboard_update`
 * types and sends the numbers with `chart-data-update` (the legacy never
 * emits it).
 */
export const DASHBOARD_ROOM = 'dashboard';

/** `dashboard_update.type`: the legacy's two, then ours. */
export const DASHBOARD_UPDATE_TYPES = [
  'pet_registered',
  'adoption_approved',
  'stray_reported',
  'adoption_rejected',
  'adoption_withdrawn',
  'donation_recorded',
] as const;
export type DashboardUpdateType = (typeof DASHBOARD_UPDATE_TYPES)[number];

const count = z.number().int().min(0);

export const UpstreamReportsAdoptionsSchema = z.object({
  reportCount: count,
  adoptionCount: count,
  pendingReports: count,
  pendingAdoptions: count,
  /** Oldest first, 'YYYY-MM' on the Korean calendar (our api only). */
  monthlyTrend: z.array(z.object({ month: z.string(), reports: count, adoptions: count })).optional(),
});
export const UpstreamDonationsSchema = z.object({ totalAmount: count, monthlyCount: count });
export const UpstreamAbandonedStatusSchema = z.object({ lost: count, protecting: count, waiting: count, adopt: count });

export const DashboardSocketPayloadSchemas = {
  /** S→C on every connection. */
  connected: z.literal('connected'),
  /** S→C, the answer to `join_dashboard`. */
  dashboard_joined: z.literal('joined'),
  /** A new member signed up. */
  user_registered: z.object({ message: z.string(), userId: z.string() }),
  /** A member applied to adopt (an application, not an adoption); `petId` is the stray's report id. */
  pet_adopted: z.object({ message: z.string(), petId: z.number().int(), userId: z.string() }),
  dashboard_update: z.object({ type: z.string(), message: z.string() }),
  /** The dashboard's numbers after a change (the three REST answers). */
  'chart-data-update': z.object({
    reportsAdoptions: UpstreamReportsAdoptionsSchema,
    donations: UpstreamDonationsSchema,
    abandonedStatus: UpstreamAbandonedStatusSchema,
  }),
} as const;

export type DashboardSocketEvent = keyof typeof DashboardSocketPayloadSchemas;
export type DashboardSocketPayload<E extends DashboardSocketEvent> = z.infer<(typeof DashboardSocketPayloadSchemas)[E]>;

/** C→S: join the dashboard room (the value, a role name in the legacy client, is ignored). */
export const JOIN_DASHBOARD = 'join_dashboard';
