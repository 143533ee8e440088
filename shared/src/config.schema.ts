import { z } from 'zod';
import { SOCIAL_PROVIDERS } from './constants';

/** GET /api/config — what the browser may know about this deployment. */
export const PublicConfigSchema = z.object({
  map: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('leaflet'), tileUrl: z.string(), attribution: z.string() }),
    z.object({ provider: z.literal('kakao'), appKey: z.string() }),
  ]),
  socialProviders: z.array(z.enum(SOCIAL_PROVIDERS)),
  payments: z.object({ mode: z.enum(['test', 'portone']), merchantCode: z.string().nullable() }),
  breedPrediction: z.boolean(),
  /** False when no donation can succeed here (the legacy without a PortOne merchant code): the web hides the button. */
  donations: z.boolean(),
  /** False in front of the legacy Spring service, which has no lost-and-found board: the web hides it (issue 27). */
  lostAndFound: z.boolean().optional(),
  /** False in front of the legacy: no hearts, no favourites tab, no saved searches (issue 28). */
  favourites: z.boolean().optional(),
  /** The Kakao JavaScript key for KakaoTalk share (issue 27); absent or null: no 카카오톡으로 공유 action. */
  kakaoShareKey: z.string().nullable().optional(),
  /** The SDK script and its integrity hash for that share (the pinned release unless the operator chose another). */
  kakaoShareSdk: z.object({ url: z.string(), integrity: z.string() }).nullable().optional(),
  /** False in front of the legacy: no nicknames to edit, no 아이디·닉네임 중복 확인 (the web hides both). */
  nicknames: z.boolean(),
  /** False in front of the legacy: the admin cannot name a stray there (the register dialog has no name field). */
  strayNames: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
