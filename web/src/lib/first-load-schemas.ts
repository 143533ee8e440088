import * as z from 'zod/mini';
import { PET_STATUSES, REPORT_STATUSES, ROLES, SOCIAL_PROVIDERS, STRAY_GENDERS } from '@pawbridge/shared/constants';
import type { PublicConfig, Session, Stray } from '@pawbridge/shared';

/*
 * The answers a visitor's / checks (the session, the public config, the home carousel's strays),
 * written with zod/mini so the entry chunk does not carry classic zod and every
 * shared schema (decision 0023). They mirror SessionSchema and PublicConfigSchema
 * in shared/; the type checks at the bottom fail the build if the two drift apart.
 */

const nullableString = z.nullable(z.string());

export const SessionCheck = z.discriminatedUnion('loggedIn', [
  z.object({
    loggedIn: z.literal(true),
    userId: z.string(),
    username: z.string(),
    name: nullableString,
    nickname: nullableString,
    displayName: z.string(),
    email: nullableString,
    role: z.enum(ROLES),
    isAdmin: z.boolean(),
    provider: z.nullable(z.enum(SOCIAL_PROVIDERS)),
    socialId: nullableString,
    isSocialLogin: z.boolean(),
    birth: nullableString,
    phoneNm: nullableString,
    firstLogin: z.nullable(z.boolean()),
  }),
  z.object({ loggedIn: z.literal(false) }),
]);

export const PublicConfigCheck = z.object({
  map: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('leaflet'), tileUrl: z.string(), attribution: z.string() }),
    z.object({ provider: z.literal('kakao'), appKey: z.string() }),
  ]),
  socialProviders: z.array(z.enum(SOCIAL_PROVIDERS)),
  payments: z.object({ mode: z.enum(['test', 'portone']), merchantCode: nullableString }),
  breedPrediction: z.boolean(),
  donations: z.boolean(),
  // Without it here the flag was stripped on the way in and the board never showed (issue 27).
  lostAndFound: z.optional(z.boolean()),
  favourites: z.optional(z.boolean()),
  kakaoShareKey: z.optional(z.nullable(z.string())),
  kakaoShareSdk: z.optional(z.nullable(z.object({ url: z.string(), integrity: z.string() }))),
  nicknames: z.boolean(),
  strayNames: z.boolean(),
});

/** StrayListSchema's items; the carousel on / checks the public list with it. */
export const StrayListCheck = z.array(
  z.object({
    id: z.int().check(z.positive()),
    name: z.string(),
    imageUrl: nullableString,
    type: nullableString,
    gender: z.nullable(z.enum(STRAY_GENDERS)),
    location: z.string(),
    place: z.string(),
    description: z.string(),
    foundDate: z.string(),
    foundTime: z.string(),
    latitude: z.nullable(z.number()),
    longitude: z.nullable(z.number()),
    status: z.enum(PET_STATUSES),
    reportStatus: z.enum(REPORT_STATUSES),
  }),
);

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const SESSION_CHECK_MATCHES_SHARED: Same<z.infer<typeof SessionCheck>, Session> = true;
export const CONFIG_CHECK_MATCHES_SHARED: Same<z.infer<typeof PublicConfigCheck>, PublicConfig> = true;
export const STRAYS_CHECK_MATCHES_SHARED: Same<z.infer<typeof StrayListCheck>, Stray[]> = true;
