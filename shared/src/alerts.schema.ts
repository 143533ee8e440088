// Neighbourhood alerts (neighbourhood alerts) and e-mail preferences (issue 28, docs/decisions/0043). A member's own
// neighbourhood setting (their point is theirs only), the reach a missing report had, the e-mail kinds a member can
// switch off and the one-link unsubscribe. Its own subpath (`@pawbridge/shared/alerts.schema`).
import { z } from 'zod';
import { isInKorea } from './lost.rules';

export const NEIGHBOURHOOD_RADII_KM = [1, 3, 5] as const;
export type NeighbourhoodRadius = (typeof NEIGHBOURHOOD_RADII_KM)[number];
export const NEIGHBOURHOOD_DELIVERIES = ['BELL', 'INSTANT', 'DIGEST'] as const;
export type NeighbourhoodDelivery = (typeof NEIGHBOURHOOD_DELIVERIES)[number];
/** What a member can choose to hear about. */
export const NEIGHBOURHOOD_TOPICS = ['missing', 'found', 'strays', 'shelter'] as const;
export type NeighbourhoodTopic = (typeof NEIGHBOURHOOD_TOPICS)[number];
/** At most this many alert e-mails (at once) a member gets in 24 hours; the bell still rings for the rest. */
export const ALERT_EMAILS_PER_DAY = 10;
export const NEIGHBOURHOOD_PLACE_MAX = 100;

const coordinate = (min: number, max: number) =>
  z.number({ error: 'lostPositionRequired' }).min(min, 'lostPositionRequired').max(max, 'lostPositionRequired');

export const NeighbourhoodSettingRequestSchema = z
  .object({
    lat: coordinate(-90, 90),
    lng: coordinate(-180, 180),
    place: z.string().trim().max(NEIGHBOURHOOD_PLACE_MAX, 'invalid').nullable().optional(),
    radiusKm: z.union([z.literal(1), z.literal(3), z.literal(5)], { error: 'invalid' }),
    missing: z.boolean(),
    found: z.boolean(),
    strays: z.boolean(),
    shelter: z.boolean(),
    delivery: z.enum(NEIGHBOURHOOD_DELIVERIES, { error: 'invalid' }),
  })
  .superRefine((v, ctx) => {
    if (!isInKorea(v.lat, v.lng)) ctx.addIssue({ code: 'custom', path: ['lat'], message: 'lostOutsideKorea' });
    if (!v.missing && !v.found && !v.strays && !v.shelter)
      ctx.addIssue({ code: 'custom', path: ['missing'], message: 'alertTopicRequired' });
  });
export type NeighbourhoodSettingRequest = z.infer<typeof NeighbourhoodSettingRequestSchema>;

/** The member's own setting as they saved it (only ever answered to them). */
export const NeighbourhoodSettingSchema = z.object({
  lat: z.number(),
  lng: z.number(),
  place: z.string().nullable(),
  radiusKm: z.union([z.literal(1), z.literal(3), z.literal(5)]),
  missing: z.boolean(),
  found: z.boolean(),
  strays: z.boolean(),
  shelter: z.boolean(),
  delivery: z.enum(NEIGHBOURHOOD_DELIVERIES),
});
export type NeighbourhoodSetting = z.infer<typeof NeighbourhoodSettingSchema>;
export const NeighbourhoodAnswerSchema = z.object({ setting: NeighbourhoodSettingSchema.nullable() });
export type NeighbourhoodAnswer = z.infer<typeof NeighbourhoodAnswerSchema>;

/** How many members a missing report reached (owner and admins only); radiusKm: the widest neighbourhood among them. */
export const LostReachSchema = z.object({
  count: z.number().int().nonnegative(),
  radiusKm: z.union([z.literal(1), z.literal(3), z.literal(5)]).nullable(),
});
export type LostReach = z.infer<typeof LostReachSchema>;

/** The e-mail kinds a member can switch off (a sign-up code is asked for, so it is not one). */
export const EMAIL_KINDS = [
  'LOST_NOTICE',
  'LOST_REMINDER',
  'LOST_MATCH',
  'NEIGHBOURHOOD_ALERT',
  'NEIGHBOURHOOD_DIGEST',
  'FAVOURITE',
] as const;
export const EmailKindSchema = z.enum(EMAIL_KINDS);
export type EmailKind = z.infer<typeof EmailKindSchema>;
export const EmailPreferencesSchema = z.object(
  Object.fromEntries(EMAIL_KINDS.map((k) => [k, z.boolean()])) as Record<EmailKind, z.ZodBoolean>,
);
export type EmailPreferences = z.infer<typeof EmailPreferencesSchema>;
export const EmailPreferenceRequestSchema = z.object({ kind: EmailKindSchema, enabled: z.boolean() });
export type EmailPreferenceRequest = z.infer<typeof EmailPreferenceRequestSchema>;

/** A signed unsubscribe token: `<payload>.<signature>`, base64url, no login needed. */
export const UnsubscribeRequestSchema = z.object({
  token: z
    .string()
    .min(10)
    .max(400)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
});
export const UnsubscribeAnswerSchema = z.object({ kind: EmailKindSchema });
export type UnsubscribeAnswer = z.infer<typeof UnsubscribeAnswerSchema>;
